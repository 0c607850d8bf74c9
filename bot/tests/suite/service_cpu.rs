//! Games against the CPU: played to the end, never an illegal move, moves
//! made in the background arrive on the outbox, and `settle` waits for them.

use crate::common;

use alfil::service::{ColorChoice, Config, GameOptions};
use common::*;
use engine::search::Level;
use engine::{Color, Variant};

/// A small deterministic choice of move for the human side.
fn pick(n: usize, seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    ((*seed >> 33) as usize) % n
}

#[tokio::test]
async fn play_the_cpu_to_the_end_in_every_variant() {
    let mut h = Harness::new().await;
    let mut seed = 7u64;
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let me = ctx_at("Alice", SERVER, &format!("cpu-{i}"));
        let color = if i % 2 == 0 {
            ColorChoice::White
        } else {
            ColorChoice::Black
        };
        let options = GameOptions {
            color,
            // A short move-count rule keeps the game short whoever leads.
            move_rule: Some(12),
            ..GameOptions::casual(variant)
        };
        let started = ok(h.service.play_cpu(&me, options, Level::Novice).await);
        let game = started[0].game.unwrap();
        assert!(
            started[0].text.contains("against the CPU (Novice)"),
            "{}",
            started[0].text
        );
        let mine = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut cpu_moves = 0;
        for _ in 0..400 {
            // Whatever the CPU had to do is done and announced.
            let told = h.background().await;
            for reply in &told {
                assert!(reply.text.contains("CPU (Novice) played"), "{}", reply.text);
                assert_eq!(reply.game, Some(game));
                assert_draws(reply);
            }
            cpu_moves += told.len();
            let g = replay(&h.service, game).await;
            if g.outcome().is_some() {
                break;
            }
            assert_eq!(g.position().turn(), mine, "the CPU has moved");
            let legal = g.position().legal_moves();
            let mv = legal[pick(legal.len(), &mut seed)].uci();
            ok(h.service.play_move(&me, Some(game), &mv).await);
        }
        let row = row(&h.service, game).await;
        assert_eq!(row.status, "finished", "{variant}");
        assert!(cpu_moves > 5, "{variant}: {cpu_moves}");
        // Every move the CPU made was legal (replay checks each one).
        let g = replay(&h.service, game).await;
        assert_eq!(g.outcome().map(|o| o.pgn()), row.result.as_deref());
        let stored = h.service.store().moves(game).await.unwrap();
        assert_eq!(stored.iter().filter(|m| m.by_cpu).count(), cpu_moves);
    }
}

#[tokio::test]
async fn the_cpu_opens_as_white_in_the_background() {
    let mut h = Harness::new().await;
    let options = GameOptions {
        color: ColorChoice::Black,
        ..GameOptions::casual(Variant::Courier)
    };
    let started = ok(h
        .service
        .play_cpu(&ctx("Alice"), options, Level::Beginner)
        .await);
    let game = started[0].game.unwrap();
    let board = started[0].board.as_ref().unwrap();
    assert!(board.flipped, "Alice sees the board from Black's side");
    h.service.settle().await;
    let reply = h.outbox.try_recv().expect("the CPU's first move");
    assert!(
        reply.text.contains("CPU (Beginner) played"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("Alice (black) to move"),
        "{}",
        reply.text
    );
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 1);
    assert!(h.background().await.is_empty());
}

#[tokio::test]
async fn takeback_and_draw_against_the_cpu() {
    let mut h = Harness::new().await;
    let me = ctx("Alice");
    let started = ok(h
        .service
        .play_cpu(&me, opts(Variant::Shatranj), Level::Novice)
        .await);
    let game = started[0].game.unwrap();
    ok(h.service.play_move(&me, None, "e2e3").await);
    h.background().await;
    // The CPU grants a takeback at once: its reply and Alice's move go.
    let back = ok(h.service.takeback(&me, None).await);
    assert!(
        texts(&back).contains("Took back 2 moves"),
        "{}",
        texts(&back)
    );
    assert!(h.service.store().moves(game).await.unwrap().is_empty());
    // In the start position the CPU is not worse: it declines a draw.
    let declined = ok(h.service.draw(&me, None).await);
    assert!(
        texts(&declined).contains("CPU declines"),
        "{}",
        texts(&declined)
    );
    assert_eq!(row(&h.service, game).await.status, "active");
}

/// A takeback and a new move while the CPU thinks: the CPU must not play
/// the move it thought out for the old position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cpu_never_plays_a_stale_move() {
    let mut h = Harness::with_config(Config {
        cpu_move_ms: 150,
        ..config()
    })
    .await;
    let me = ctx("Alice");
    for (i, line) in ["e2e3 d2d3", "g1f3 b1c3", "h2h3 a2a3"].iter().enumerate() {
        let me = ctx_at("Alice", SERVER, &format!("stale-{i}"));
        let started = ok(h
            .service
            .play_cpu(&me, opts(Variant::Shatranj), Level::Master)
            .await);
        let game = started[0].game.unwrap();
        let (first, second) = line.split_once(' ').unwrap();
        ok(h.service.play_move(&me, Some(game), first).await);
        // The CPU (Master) thinks for 150 ms; Alice takes back and plays another move.
        let back = ok(h.service.takeback(&me, Some(game)).await);
        assert!(
            texts(&back).contains("Took back 1 move"),
            "{}",
            texts(&back)
        );
        ok(h.service.play_move(&me, Some(game), second).await);
        let told = h.background().await;
        assert_eq!(told.len(), 1, "{}", texts(&told));
        // Replaying checks every stored move is legal.
        let g = replay(&h.service, game).await;
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.moves()[0].uci(), second);
    }
    let _ = me;
}
