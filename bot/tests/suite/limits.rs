//! Caps on what one user may send: a rate limit per user, answered once
//! with "slow down" and changing nothing, and a length cap on every text,
//! whichever front end it came through.

use crate::common;

use alfil::commands::{self, Invocation, MAX_INPUT};
use alfil::service::{Config, RateLimit};
use common::console::console_with;
use common::{ctx, new_game, opts, texts, Harness};
use engine::Variant;

fn limited() -> Config {
    Config {
        rate_limit: RateLimit {
            commands: 3,
            per_secs: 10,
        },
        ..common::config()
    }
}

async fn say(h: &Harness, who: &str, line: &str) -> String {
    texts(&commands::run_text(&h.service, &ctx(who), line, common::user).await)
}

#[tokio::test]
async fn a_flood_is_told_once_to_slow_down_and_changes_nothing() {
    let h = Harness::with_config(limited()).await;
    let game = new_game(&h, &ctx("Alice"), &ctx("Bob"), opts(Variant::Shatranj)).await;
    for _ in 0..3 {
        assert!(!say(&h, "Alice", "help").await.contains("Slow down"));
    }
    let before = h.snapshot().await;
    let told = say(&h, "Alice", "e2e3").await;
    assert!(told.starts_with("Slow down"), "{told}");
    // Told once: the rest of the flood gets silence, not a flood of replies.
    assert_eq!(say(&h, "Alice", "e2e3").await, "");
    assert_eq!(say(&h, "Alice", &"x".repeat(MAX_INPUT + 1)).await, "");
    assert_eq!(
        h.snapshot().await,
        before,
        "a refused command changed something"
    );
    // Others are not slowed by Alice's flood.
    assert!(!say(&h, "Bob", "board").await.contains("Slow down"));
    // A token comes back every 10/3 seconds.
    h.advance(4);
    assert!(say(&h, "Alice", "e2e3").await.contains("played"));
    assert!(say(&h, "Alice", "board").await.starts_with("Slow down"));
    h.advance(10);
    let moves = h.service.store().moves(game).await.unwrap();
    assert_eq!(moves.len(), 1);
}

#[tokio::test]
async fn slash_options_and_typed_lines_are_capped_in_length() {
    let h = Harness::new().await;
    let long = "e".repeat(MAX_INPUT + 1);
    // A typed line (console, chat message).
    assert!(say(&h, "Alice", &long).await.contains("too long"));
    assert!(say(&h, "Alice", &format!("challenge {long}"))
        .await
        .contains("too long"));
    // A slash command's options arrive already split: each is capped.
    let mut inv = Invocation {
        name: "move".into(),
        ..Invocation::default()
    };
    inv.options.insert("move".into(), long.clone());
    let said = texts(&commands::run(&h.service, &ctx("Alice"), inv).await);
    assert!(said.contains("too long"), "{said}");
    let inv = Invocation {
        name: "play".into(),
        words: vec!["w".into(); 100],
        ..Invocation::default()
    };
    let said = texts(&commands::run(&h.service, &ctx("Alice"), inv).await);
    assert!(said.contains("too long"), "{said}");
    // Right at the cap, it is read (and refused for what it says).
    let at_cap = "e".repeat(MAX_INPUT);
    assert!(!say(&h, "Alice", &at_cap).await.contains("too long"));
}

#[test]
fn the_console_caps_lines_and_limits_rates() {
    let dir = tempfile::tempdir().unwrap();
    let mut script = format!("bob: {}\n", "x".repeat(5000));
    script.push_str(&"alice: rules\n".repeat(6));
    script.push_str("bob: rules\n");
    let text = console_with(
        &["--rate-limit", "3/600"],
        &dir.path().join("a.db"),
        &dir.path().join("boards"),
        &script,
    );
    assert_eq!(text.matches("too long").count(), 1, "{text}");
    assert_eq!(text.matches("Slow down").count(), 1, "{text}");
    // Bob's second command still passes after Alice's flood.
    assert!(
        text.trim_end()
            .lines()
            .last()
            .is_some_and(|l| !l.contains("Slow down")),
        "{text}"
    );
}
