//! Several processes on one database, as when alfil's Discord shards run
//! in several processes on one PostgreSQL: each service here has a store
//! (a pool) of its own, as a process would. Every test runs on a SQLite
//! file and, when the test server is there, on PostgreSQL.

use crate::common;

use alfil::service::{Config, ManualClock, Refusal, Service};
use alfil::store::StoreError;
use common::db::{new_postgres_database, postgres_server};
use common::*;
use engine::search::Level;
use engine::Variant;
use std::sync::Arc;

/// A fresh database of each kind there is to test.
async fn databases(test: &str) -> Vec<TestDb> {
    let mut all = vec![TestDb::sqlite()];
    if let Some(server) = postgres_server(test) {
        all.push(TestDb::Postgres(new_postgres_database(&server).await));
    }
    all
}

fn kind(db: &TestDb) -> &'static str {
    match db {
        TestDb::Sqlite(_) => "SQLite",
        TestDb::Postgres(_) => "PostgreSQL",
    }
}

/// Two services ("processes") over one database and one clock.
async fn two(db: &TestDb, config: Config) -> (Arc<ManualClock>, [Service; 2]) {
    let clock = Arc::new(ManualClock::new(T0));
    let (a, _) = Service::new(db.open().await, clock.clone(), config.clone());
    let (b, _) = Service::new(db.open().await, clock.clone(), config);
    (clock, [a, b])
}

/// A write based on a stale read is refused whole: the game keeps the
/// first write, and the stale copy's changes are not merged in.
#[tokio::test]
async fn a_stale_write_of_a_game_is_refused_not_merged() {
    for db in databases("a_stale_write_of_a_game_is_refused_not_merged").await {
        let (_clock, [a, b]) = two(&db, config()).await;
        let (alice, bob) = (ctx("Alice"), ctx("Bob"));
        ok(
            a.challenge(&alice, Some(&bob.user), opts(Variant::Shatranj))
                .await,
        );
        let game = ok(a.accept(&bob, None).await)[0].game.unwrap();
        let mut first = a.store().game(game).await.unwrap().unwrap();
        let mut stale = b.store().game(game).await.unwrap().unwrap();
        first.draw_offer = Some("white".into());
        a.store().update_game(&mut first).await.unwrap();
        stale.takeback_offer = Some("black".into());
        let refused = b.store().update_game(&mut stale).await.unwrap_err();
        assert!(
            matches!(refused, StoreError::Stale(id) if id == game),
            "{}: {refused}",
            kind(&db)
        );
        let stored = a.store().game(game).await.unwrap().unwrap();
        assert_eq!(stored, first, "{}", kind(&db));
        assert_eq!(stored.takeback_offer, None, "{}: nothing merged", kind(&db));
    }
}

/// Two processes take the same player's move at once (a double click seen
/// by two shards, or two devices): exactly one move is played; the other
/// gets words for the player, and the game holds only the winner's move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_racing_moves_on_one_game_play_exactly_one() {
    for db in databases("two_processes_racing_moves_on_one_game_play_exactly_one").await {
        let (_clock, [a, b]) = two(&db, config()).await;
        let (alice, bob) = (ctx("Alice"), ctx("Bob"));
        for round in 0..12 {
            ok(
                a.challenge(&alice, Some(&bob.user), opts(Variant::Shatranj))
                    .await,
            );
            let game = ok(a.accept(&bob, None).await)[0].game.unwrap();
            let before = a.store().game(game).await.unwrap().unwrap().version;
            let legal = replay(&a, game).await.position().legal_moves();
            let (one, other) = (legal[round % 4].uci(), legal[4 + round % 4].uci());
            let (ra, rb) = tokio::join!(
                a.play_move(&alice, Some(game), &one),
                b.play_move(&alice, Some(game), &other)
            );
            let (won, lost, winner) = match (ra, rb) {
                (Ok(_), Err(e)) => (one.clone(), e, "A"),
                (Err(e), Ok(_)) => (other.clone(), e, "B"),
                (ra, rb) => panic!(
                    "{}: round {round}: not exactly one move: {ra:?} / {rb:?}",
                    kind(&db)
                ),
            };
            match lost {
                Refusal::Player(words) => assert!(
                    words.contains("changed while") || words.contains("not your turn"),
                    "{}: {words}",
                    kind(&db)
                ),
                Refusal::Store(e) => panic!(
                    "{}: the loser ({winner} won) saw a store error: {e}",
                    kind(&db)
                ),
            }
            let moves = a.store().moves(game).await.unwrap();
            assert_eq!(moves.len(), 1, "{}: round {round}", kind(&db));
            assert_eq!(moves[0].uci, won, "{}: round {round}", kind(&db));
            let row = a.store().game(game).await.unwrap().unwrap();
            assert_eq!(row.version, before + 1, "{}: one write", kind(&db));
            ok(a.resign(&alice, Some(game)).await);
        }
    }
}

/// The turn limit of a game fires once, from whichever process holds the
/// timers; when that process dies (no clean release), the other takes the
/// timers over once the lease runs out, and fires the limit exactly once.
#[tokio::test]
async fn a_dead_process_timers_are_taken_over_and_fire_once() {
    for db in databases("a_dead_process_timers_are_taken_over_and_fire_once").await {
        let clock = Arc::new(ManualClock::new(T0));
        let (a, mut a_out) = Service::new(db.open().await, clock.clone(), config());
        let (b, mut b_out) = Service::new(db.open().await, clock.clone(), config());
        let (alice, bob) = (ctx("Alice"), ctx("Bob"));
        let options = alfil::service::GameOptions {
            turn_limit: Some(60),
            ..opts(Variant::Shatranj)
        };
        ok(b.challenge(&alice, Some(&bob.user), options).await);
        let game = ok(b.accept(&bob, None).await)[0].game.unwrap();
        a.tick().await.unwrap(); // A holds the timers
        b.tick().await.unwrap(); // B sees them held
        clock.advance_secs(20);
        a.tick().await.unwrap(); // A renews until T0 + 50 s
        b.tick().await.unwrap();
        drop(a); // A dies without a word: its lease stays until it runs out
        while a_out.try_recv().is_ok() {}
        clock.advance_secs(25); // T0 + 45 s: A's lease still holds
        b.tick().await.unwrap();
        clock.advance_secs(20); // T0 + 65 s: lease gone, Alice's minute too
        b.tick().await.unwrap();
        b.settle().await;
        b.tick().await.unwrap();
        b.settle().await;
        let mut told = Vec::new();
        while let Ok(r) = b_out.try_recv() {
            told.push(r.text);
        }
        let ran_out = told
            .iter()
            .filter(|t| t.contains("ran out of time"))
            .count();
        assert_eq!(ran_out, 1, "{}: {told:?}", kind(&db));
        let moves = b.store().moves(game).await.unwrap();
        assert_eq!(moves.len(), 1, "{}", kind(&db));
        assert!(moves[0].by_cpu, "{}", kind(&db));
    }
}

/// A process dies while the CPU thinks in its game; the other resumes
/// nothing while the dead one's lease holds, then takes the timers over and
/// plays the CPU's move, once.
#[test]
fn a_cpu_turn_left_by_a_dead_process_is_played_once_by_the_other() {
    let slow = Config {
        cpu_move_ms: 2_000,
        ..config()
    };
    let runtime = || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    };
    let setup = runtime();
    let dbs = setup.block_on(databases(
        "a_cpu_turn_left_by_a_dead_process_is_played_once_by_the_other",
    ));
    drop(setup);
    for db in dbs {
        let clock = Arc::new(ManualClock::new(T0));
        let first = runtime();
        let game = first.block_on(async {
            let (a, _out) = Service::new(db.open().await, clock.clone(), slow.clone());
            a.tick().await.unwrap();
            let options = alfil::service::GameOptions {
                color: alfil::service::ColorChoice::Black,
                ..alfil::service::GameOptions::casual(Variant::Shatranj)
            };
            // The CPU (White) is still thinking when the process dies.
            ok(a.play_cpu(&ctx("Alice"), options, Level::Master).await)[0]
                .game
                .unwrap()
        });
        first.shutdown_background();

        let second = runtime();
        second.block_on(async {
            let (b, mut out) = Service::new(db.open().await, clock.clone(), config());
            assert_eq!(
                b.resume().await.unwrap(),
                0,
                "{}: A's lease holds",
                kind(&db)
            );
            b.tick().await.unwrap();
            b.settle().await;
            assert!(
                b.store().moves(game).await.unwrap().is_empty(),
                "{}",
                kind(&db)
            );
            clock.advance_secs(31);
            b.tick().await.unwrap();
            b.settle().await;
            b.tick().await.unwrap();
            b.settle().await;
            let moves = b.store().moves(game).await.unwrap();
            assert_eq!(moves.len(), 1, "{}", kind(&db));
            assert!(moves[0].by_cpu, "{}", kind(&db));
            let mut played = 0;
            while let Ok(r) = out.try_recv() {
                played += usize::from(r.text.contains("CPU (Master) played"));
            }
            assert_eq!(played, 1, "{}", kind(&db));
        });
    }
}
