//! Two tasks send moves to one game at the same time: one wins, the other
//! gets a clear refusal, and nothing is lost.

use crate::common;

use alfil::service::Refusal;
use common::*;
use engine::Variant;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_moves_to_one_game() {
    let h = Harness::new().await;
    let (alice, bob) = (ctx("Alice"), ctx("Bob"));
    let mut games = Vec::new();
    for _ in 0..20 {
        games.push(new_game(&h, &alice, &bob, opts(Variant::Shatranj)).await);
    }
    for &game in &games {
        // The same player from two devices, two different moves.
        let (s1, s2) = (h.service.clone(), h.service.clone());
        let (a1, a2) = (alice.clone(), alice.clone());
        let t1 = tokio::spawn(async move { s1.play_move(&a1, Some(game), "e2e3").await });
        let t2 = tokio::spawn(async move { s2.play_move(&a2, Some(game), "d2d3").await });
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        let (won, lost) = match (r1, r2) {
            (Ok(w), Err(l)) | (Err(l), Ok(w)) => (w, l),
            (a, b) => panic!("exactly one must win: {:?} / {:?}", a.is_ok(), b.is_ok()),
        };
        assert!(texts(&won).contains("Alice played"));
        match lost {
            Refusal::Player(why) => assert!(why.contains("not your turn"), "{why}"),
            other => panic!("not a clear refusal: {other}"),
        }
        let moves = h.service.store().moves(game).await.unwrap();
        assert_eq!(moves.len(), 1);
        assert!(texts(&won).contains(&moves[0].san));
    }
    // Both players at once: the one whose turn it is wins, every time.
    for &game in &games {
        let (s1, s2) = (h.service.clone(), h.service.clone());
        let (a, b) = (alice.clone(), bob.clone());
        let t1 = tokio::spawn(async move { s1.play_move(&a, Some(game), "h2h3").await });
        let t2 = tokio::spawn(async move { s2.play_move(&b, Some(game), "a7a6").await });
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        // Bob is to move: his move is played. Alice's is refused, or
        // played after Bob's if it came second.
        assert!(r2.is_ok());
        let alice_played = match r1 {
            Ok(_) => true,
            Err(Refusal::Player(why)) => {
                assert!(why.contains("not your turn"), "{why}");
                false
            }
            Err(e) => panic!("not a clear refusal: {e}"),
        };
        let uci: Vec<String> = h
            .service
            .store()
            .moves(game)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.uci)
            .collect();
        assert_eq!(uci.len(), 2 + usize::from(alice_played));
        assert_eq!(uci[1], "a7a6");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once_lose_no_move() {
    let h = Harness::new().await;
    let mut tasks = Vec::new();
    for i in 0..40 {
        let (w, b) = (ctx(&format!("W{i}")), ctx(&format!("B{i}")));
        let game = new_game(&h, &w, &b, opts(Variant::Shatranj)).await;
        let service = h.service.clone();
        tasks.push(tokio::spawn(async move {
            play_line(&service, &w, &b, game, common::lines::SHATRANJ_FROM_START).await;
            // And a second, late copy of a move changes nothing.
            assert!(service.play_move(&b, Some(game), "a7a6").await.is_err());
            game
        }));
    }
    for t in tasks {
        let game = t.await.unwrap();
        let moves = h.service.store().moves(game).await.unwrap();
        assert_eq!(moves.len(), 11);
        assert_eq!(row(&h.service, game).await.result.as_deref(), Some("1-0"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_takers_of_one_open_challenge() {
    let h = Harness::new().await;
    for round in 0..10 {
        ok(h.service
            .challenge(&ctx("Alice"), None, opts(Variant::Courier))
            .await);
        let id = round + 1;
        let (s1, s2) = (h.service.clone(), h.service.clone());
        let t1 = tokio::spawn(async move { s1.accept(&ctx("Bob"), Some(id)).await });
        let t2 = tokio::spawn(async move { s2.accept(&ctx("Carol"), Some(id)).await });
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        assert!(r1.is_ok() != r2.is_ok(), "exactly one takes it");
        for r in [r1, r2] {
            if let Err(e) = r {
                assert!(matches!(e, Refusal::Player(_)), "{e}");
            }
        }
        let c = h.service.store().challenge(id).await.unwrap().unwrap();
        assert_eq!(c.status, "accepted");
        // Exactly one game came of it: resign it so the next round starts clean.
        let game = c.game_id.unwrap();
        ok(h.service.resign(&ctx("Alice"), Some(game)).await);
    }
}
