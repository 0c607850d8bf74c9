//! The course through the service, as players type it: every task solved
//! with its intended answer and failed with a typical wrong try, hints,
//! skip and reset, moves routed between games and lessons, and progress
//! that survives a restart.

use crate::common;

use alfil::commands::{self, Invocation};
use alfil::lessons::{course, Goal};
use alfil::service::{Button, Ctx, Reply, Service, User};
use common::{ctx_at, dm, texts, Harness};
use engine::{Square, Variant};

async fn say(service: &Service, who: &Ctx, line: &str) -> Vec<Reply> {
    let inv = Invocation::parse(line, |n| User::new(format!("test:{n}"), n)).expect("parse");
    commands::run(service, who, inv).await
}

async fn say_text(service: &Service, who: &Ctx, line: &str) -> String {
    texts(&say(service, who, line).await)
}

/// The heading of the task the player is on, as `learn` shows it.
async fn current(service: &Service, who: &Ctx) -> String {
    let text = say_text(service, who, "learn").await;
    text.lines()
        .find(|l| l.contains("· lesson "))
        .unwrap_or_else(|| panic!("no task shown: {text}"))
        .to_string()
}

#[tokio::test]
async fn every_course_is_solved_move_by_move_and_every_wrong_try_explained() {
    let h = Harness::new().await;
    let who = dm("ada");
    for variant in Variant::ALL {
        let tasks = course(variant);
        let start = say_text(&h.service, &who, &format!("learn {}", variant.name())).await;
        assert!(
            start.contains(&format!("lesson 1/{}", tasks.len())),
            "{start}"
        );
        for (i, task) in tasks.iter().enumerate() {
            let heading = current(&h.service, &who).await;
            assert!(heading.contains(task.title), "{heading} vs {}", task.title);
            let wrong = say_text(&h.service, &who, task.wrong).await;
            assert!(wrong.starts_with("Not quite."), "{}: {wrong}", task.id);
            assert_eq!(current(&h.service, &who).await, heading, "{}", task.id);
            let mut last = String::new();
            for mv in task.solution {
                last = say_text(&h.service, &who, mv).await;
                assert!(!last.starts_with("Not quite"), "{} {mv}: {last}", task.id);
            }
            assert!(last.contains("well done"), "{}: {last}", task.id);
            if i + 1 < tasks.len() {
                assert!(last.contains(&format!("lesson {}/", i + 2)), "{last}");
            } else {
                assert!(last.contains("You have finished"), "{last}");
            }
        }
        let overview = say_text(&h.service, &who, "learn").await;
        assert!(
            overview.contains(&format!("finished, {} of {}", tasks.len(), tasks.len())),
            "{overview}"
        );
    }
}

#[tokio::test]
async fn the_hint_shows_dots_where_the_piece_can_go() {
    let h = Harness::new().await;
    let who = dm("ben");
    let shown = say(&h.service, &who, "learn shatranj").await;
    assert_eq!(shown[0].buttons, vec![Button::Hint]);
    assert_eq!(Button::Hint.command(), "learn hint");
    let hint = say(&h.service, &who, "hint").await;
    let board = hint[0].board.as_ref().expect("a board");
    assert_eq!(board.selected, Square::parse("d1"));
    let mut dots: Vec<String> = board.dots.iter().map(|s| s.to_string()).collect();
    dots.sort();
    assert_eq!(dots, ["c1", "c2", "d2", "e1", "e2"]);
    assert!(hint[0].text.contains("can go to"), "{}", hint[0].text);
}

#[tokio::test]
async fn skip_reset_and_stop() {
    let h = Harness::new().await;
    let who = dm("cy");
    say(&h.service, &who, "learn medieval").await;
    let skipped = say_text(&h.service, &who, "learn skip").await;
    assert!(
        skipped.contains("Skipped") && skipped.contains("lesson 2/"),
        "{skipped}"
    );
    let reset = say_text(&h.service, &who, "learn reset").await;
    assert!(reset.contains("lesson 1/"), "{reset}");
    let stopped = say_text(&h.service, &who, "learn stop").await;
    assert!(stopped.contains("paused"), "{stopped}");
    // With no lesson going, a move is a move for a game again.
    let plain = say_text(&h.service, &who, "d1d3").await;
    assert!(plain.contains("no game"), "{plain}");
    let hint = say_text(&h.service, &who, "hint").await;
    assert!(hint.contains("no lesson"), "{hint}");
    // `learn` resumes where they left (the first task, after the reset).
    assert!(say_text(&h.service, &who, "learn medieval")
        .await
        .contains("lesson 1/"));
}

#[tokio::test]
async fn a_game_in_the_channel_takes_the_move_before_a_lesson() {
    let h = Harness::new().await;
    let here = ctx_at("dee", "guild-1", "table-1");
    let elsewhere = ctx_at("dee", "guild-1", "table-2");
    say(&h.service, &here, "learn shatranj").await;
    say(&h.service, &here, "play opponent:self variant:shatranj").await;
    // In the game's channel the move is the game's ...
    let in_game = say_text(&h.service, &here, "e2e3").await;
    assert!(in_game.contains("Game #"), "{in_game}");
    // ... `learn <move>` still reaches the lesson ...
    let lesson = say_text(&h.service, &here, "learn d1d2").await;
    assert!(lesson.contains("good. Still to go: d3"), "{lesson}");
    // ... and where no game of theirs is, the lesson takes it.
    let done = say_text(&h.service, &elsewhere, "move d2d3").await;
    assert!(done.contains("well done"), "{done}");
}

#[tokio::test]
async fn progress_survives_a_restart_mid_task() {
    let h = Harness::new().await;
    let who = dm("eve");
    say(&h.service, &who, "learn shatranj").await;
    for mv in ["d1d2", "d2d3", "a1a6", "a6f6", "d4e5"] {
        say(&h.service, &who, mv).await;
    }
    let alfil = course(Variant::Shatranj)
        .iter()
        .find(|t| t.id == "shatranj-alfil")
        .unwrap();
    let Goal::Visit(_) = alfil.goal else {
        panic!("the alfil task visits squares")
    };
    let step = say(&h.service, &who, "c1a3").await;
    let before = step[0].board.as_ref().unwrap().position;
    let h = h.restart().await;
    let shown = say(&h.service, &who, "learn").await;
    assert!(shown[0].text.contains("lesson 4/"), "{}", shown[0].text);
    assert_eq!(shown[0].board.as_ref().unwrap().position, before);
    let hint = say_text(&h.service, &who, "hint").await;
    assert!(
        hint.contains("alfil on a3") && hint.contains("Still to visit"),
        "{hint}"
    );
    let mut last = String::new();
    for mv in &alfil.solution[1..] {
        last = say_text(&h.service, &who, mv).await;
    }
    assert!(
        last.contains("well done") && last.contains("lesson 5/"),
        "{last}"
    );
}
