//! Text and clicks from strangers: command lines, slash options, button ids
//! and console lines are read without a panic, refused in words, and never
//! let someone outside a game change it. Case counts are sized for CI;
//! set PROPTEST_CASES to run longer.

use crate::common;

use alfil::commands::{self, Invocation, MAX_INPUT};
use alfil::console::split_user;
use alfil::discord::events::{button_invocation, looks_like_play};
use alfil::discord::identity::channel_id;
use alfil::discord::send::button_id;
use alfil::service::{Button, Config, Ctx, Reply, User};
use common::{ctx, ctx_at, dm, new_game, ok, opts, Harness, SERVER};
use engine::Variant;
use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestRunner};
use std::collections::BTreeMap;

fn mention(name: &str) -> User {
    User::new(format!("test:{}", name.to_ascii_lowercase()), name)
}

/// What a player may not see: a panic, a debug dump, or our own failure.
fn check_replies(replies: &[Reply]) -> Result<(), TestCaseError> {
    for r in replies {
        prop_assert!(!r.text.trim().is_empty());
        prop_assert!(!r.text.contains("went wrong on our side"), "{}", r.text);
        prop_assert!(
            !r.text.contains("Some(") && !r.text.contains("Err("),
            "{}",
            r.text
        );
    }
    Ok(())
}

/// Words and option values players might type, good and bad.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "1", "2", "#1", "0", "-1", "99999999999999999999", "e2e3", "e2", "g1f3", "Nf3", "K",
            "shatranj", "courier", "medieval", "byzantine", "chess", "white", "black", "random",
            "true", "no", "on", "club", "master", "self", "loss", "draw", "blue", "", ":", "@",
            "8/8/8/8/8/8/8/8 w - - 0 1", "7K/8/8/8/R7/5p2/3R4/7k w - - 0 1", "99", "1440",
        ])
        .prop_map(str::to_string),
        1 => ".{0,30}",
        1 => "\\PC{480,520}",
    ]
}

fn invocation() -> impl Strategy<Value = Invocation> {
    let name = prop_oneof![
        4 => prop::sample::select(vec![
            "challenge", "accept", "decline", "cancel", "play", "move", "m", "board", "moves",
            "resign", "draw", "takeback", "rematch", "leaderboard", "rating", "history", "pgn",
            "rules", "settings", "help", "",
        ])
        .prop_map(str::to_string),
        1 => ".{0,12}",
    ];
    let key = prop::sample::select(vec![
        "variant",
        "level",
        "game",
        "challenge",
        "color",
        "rated",
        "move",
        "square",
        "fen",
        "stalemate",
        "counter",
        "moverule",
        "idle",
        "theme",
        "labels",
        "puzzlechannel",
        "puzzlehour",
        "opponent",
        "turn",
        "x",
    ])
    .prop_map(str::to_string);
    (
        name,
        prop::collection::vec(value(), 0..4),
        prop::collection::btree_map(key, value(), 0..4),
        prop::collection::vec(
            prop::sample::select(vec!["Alice", "Bob", "Mallory", ""]),
            0..2,
        ),
    )
        .prop_map(|(name, words, options, users)| Invocation {
            name,
            words,
            options: options.into_iter().collect::<BTreeMap<_, _>>(),
            users: users.into_iter().map(mention).collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn any_line_parses_or_is_refused_kindly(line in prop_oneof![".{0,80}", "\\PC{0,700}", "[a-z:@/ #0-9]{0,60}"]) {
        match Invocation::parse(&line, mention) {
            Ok(inv) => {
                prop_assert!(line.chars().count() <= MAX_INPUT);
                for w in inv.words.iter().chain(inv.options.values()) {
                    prop_assert!(w.chars().count() <= MAX_INPUT);
                }
            }
            Err(message) => {
                prop_assert!(!message.is_empty() && message.len() < 200, "{}", message);
                prop_assert!(line.trim().trim_start_matches('/').is_empty() || line.chars().count() > MAX_INPUT);
            }
        }
    }

    #[test]
    fn any_custom_id_is_a_known_button_or_nothing(id in prop_oneof![".{0,40}", "(accept|decline|resign|draw|rematch|x)?:?-?[0-9]{0,22}"]) {
        if let Some(inv) = button_invocation(&id) {
            prop_assert!(["accept", "decline", "resign", "draw", "rematch"].contains(&inv.name.as_str()));
            prop_assert_eq!(inv.options.len(), 1);
            prop_assert!(inv.words.is_empty() && inv.users.is_empty());
        }
    }

    #[test]
    fn every_button_reads_back_as_its_command(n in any::<i64>(), kind in 0u8..5) {
        let button = match kind {
            0 => Button::Accept(n),
            1 => Button::Decline(n),
            2 => Button::Resign(n),
            3 => Button::OfferDraw(n),
            _ => Button::Rematch(n),
        };
        let inv = button_invocation(&button_id(&button)).expect("our own button");
        let words = button.command();
        prop_assert!(words.starts_with(&inv.name));
        prop_assert!(inv.options.values().all(|v| *v == n.to_string()));
    }

    #[test]
    fn chat_and_console_lines_never_panic(line in "\\PC{0,600}") {
        let _ = looks_like_play(&line);
        let (who, rest) = split_user(&line);
        if let Some(who) = who {
            prop_assert!(who.len() <= 32);
        }
        prop_assert!(rest.len() <= line.len());
        let _ = channel_id(&line);
    }
}

/// Any invocation, from a player, a stranger, another server or a DM, runs
/// to a reply in words; the stranger's never touch the game in progress.
#[test]
fn any_invocation_through_the_service_is_answered_and_strangers_change_nothing() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let h = runtime.block_on(Harness::with_config(Config {
        cpu_move_ms: 5,
        ..common::config()
    }));
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = runtime.block_on(async {
        let game = new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await;
        ok(h.service.play_move(&alice, Some(game), "e2e3").await);
        game
    });
    let strangers: Vec<Ctx> = vec![
        ctx("Mallory"),
        ctx_at("Alice", "guild-2", "general"),
        ctx_at("Bob", "guild-2", "elsewhere"),
        dm("Alice"),
        dm("Mallory"),
    ];
    let moves_of = |h: &Harness| {
        runtime.block_on(async {
            h.service.settle().await;
            h.service.store().moves(game).await.unwrap()
        })
    };
    let game_row = |h: &Harness| {
        runtime
            .block_on(h.service.store().game(game))
            .unwrap()
            .unwrap()
    };
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400);
    let mut runner = TestRunner::new(RunnerConfig {
        cases,
        ..RunnerConfig::default()
    });
    let who = prop::sample::select(vec![0usize, 1, 2, 3, 4, 5, 6]);
    runner
        .run(&(who, invocation()), |(who, inv)| {
            let ctx = match who {
                0 => alice.clone(),
                1 => bob.clone(),
                n => strangers[n - 2].clone(),
            };
            let before = (moves_of(&h), game_row(&h));
            let replies = runtime.block_on(commands::run(&h.service, &ctx, inv.clone()));
            check_replies(&replies)?;
            if who >= 2 {
                let after = (moves_of(&h), game_row(&h));
                prop_assert_eq!(&before, &after, "{:?} by {:?}", inv, ctx.place);
            }
            Ok(())
        })
        .unwrap();
    // The game was played here, so it still lives here.
    assert_eq!(game_row(&h).server, SERVER);
}
