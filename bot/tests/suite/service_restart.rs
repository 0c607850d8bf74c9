//! A restart in the middle of games: a new service over the same database
//! file resumes every game exactly, and the CPU moves where it was due.

use crate::common;

use alfil::service::{ColorChoice, Config, GameOptions, ManualClock, Service};
use alfil::store::Store;
use common::lines::MEDIEVAL_FROM_START;
use common::*;
use engine::search::Level;
use engine::Variant;
use std::sync::Arc;

#[tokio::test]
async fn a_game_resumes_exactly_after_a_restart() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Medieval)).await;
    let moves: Vec<&str> = MEDIEVAL_FROM_START.split_whitespace().collect();
    let (first, rest) = moves.split_at(30);
    play_line(&h.service, &alice, &bob, game, &first.join(" ")).await;
    ok(h.service.draw(&alice, Some(game)).await); // an open offer survives too
    let before_board = ok(h.service.board(&bob, Some(game), None).await);
    let before_row = row(&h.service, game).await;
    let before_dump = h.snapshot().await;

    let h = h.restart().await;
    assert_eq!(before_dump, h.snapshot().await);
    assert_eq!(before_row, row(&h.service, game).await);
    let after_board = ok(h.service.board(&bob, Some(game), None).await);
    assert_eq!(before_board[0].board, after_board[0].board);
    assert_eq!(before_board[0].text, after_board[0].text);
    assert!(after_board[0].text.contains("offers a draw"));
    // And the game goes on to its end.
    let last = play_line(&h.service, &alice, &bob, game, &rest.join(" ")).await;
    assert!(texts(&last).contains("checkmate"), "{}", texts(&last));
}

#[tokio::test]
async fn the_cpu_held_seat_and_cpu_games_carry_on_after_a_restart() {
    let mut h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let game = new_game(&h, &alice, &bob, opts(Variant::Courier)).await;
    h.advance(600);
    h.service.tick().await.unwrap();
    h.background().await;
    let cpu_game = ok(h
        .service
        .play_cpu(
            &ctx_at("Carol", SERVER, "c"),
            opts(Variant::Byzantine),
            Level::Novice,
        )
        .await)[0]
        .game
        .unwrap();
    ok(h.service
        .play_move(&ctx_at("Carol", SERVER, "c"), Some(cpu_game), "a2a3")
        .await);
    let mut h = h.restart().await;
    assert_eq!(row(&h.service, game).await.cpu_holds, [true, false]);
    // Bob moves; the CPU still holds Alice's seat and answers.
    let mine = any_legal(&h.service, game).await;
    play_line(&h.service, &alice, &bob, game, &mine).await;
    let told = h.background().await;
    assert!(
        texts(&told).contains("(the CPU, for them)"),
        "{}",
        texts(&told)
    );
    assert_eq!(h.service.store().moves(game).await.unwrap().len(), 3);
    assert_eq!(h.service.store().moves(cpu_game).await.unwrap().len(), 2);
}

/// The service stops while the CPU is thinking; the next one over the same
/// file makes the CPU's move on `resume`.
#[test]
fn the_cpu_moves_after_a_restart_where_it_was_due() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("alfil.db");
    let clock = Arc::new(ManualClock::new(T0));
    let slow = Config {
        cpu_move_ms: 2_000,
        ..config()
    };
    let first = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let game = first.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let (service, _outbox) = Service::new(store, clock.clone(), slow);
        let options = GameOptions {
            color: ColorChoice::Black,
            ..GameOptions::casual(Variant::Shatranj)
        };
        // Master thinks for its whole time: the CPU (White) is still
        // thinking when the service goes away.
        let started = ok(service
            .play_cpu(&ctx("Alice"), options, Level::Master)
            .await);
        started[0].game.unwrap()
    });
    first.shutdown_background();

    let second = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    second.block_on(async {
        let store = Store::open(&db).await.unwrap();
        assert!(
            store.moves(game).await.unwrap().is_empty(),
            "nothing was played yet"
        );
        let (service, mut outbox) = Service::new(store, clock.clone(), config());
        assert_eq!(service.resume().await.unwrap(), 1);
        service.settle().await;
        let reply = outbox.try_recv().expect("the CPU's move is announced");
        assert!(reply.text.contains("CPU (Master) played"), "{}", reply.text);
        let moves = service.store().moves(game).await.unwrap();
        assert_eq!(moves.len(), 1);
        assert!(moves[0].by_cpu);
        // Resuming again finds nothing to do.
        assert_eq!(service.resume().await.unwrap(), 0);
    });
}
