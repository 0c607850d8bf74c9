//! The database file: online backups that restore every game, the WAL
//! emptied at shutdown, and a damaged file refused at start in words an
//! operator can act on.

use crate::common;

use alfil::service::Service;
use alfil::store::Store;
use common::{ctx_at, new_game, ok, opts, Harness};
use engine::{Position, Variant};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn alfil(args: &[&str], db: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(args)
        .arg("--db")
        .arg(db)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .output()
        .expect("run alfil")
}

/// Plays `plies` random legal moves in a game, alternating its players.
async fn play_on(service: &Service, game: i64, players: [&str; 2], plies: usize, seed: usize) {
    for i in 0..plies {
        let row = service.store().game(game).await.unwrap().unwrap();
        if row.status != "active" {
            return;
        }
        let variant: Variant = row.variant.parse().unwrap();
        let mut pos = Position::from_fen(variant, &row.start_fen).unwrap();
        for m in service.store().moves(game).await.unwrap() {
            pos = pos.play(&pos.parse_move(&m.uci).unwrap());
        }
        let moves = pos.legal_moves();
        let m = moves[(seed * 7 + i * 13) % moves.len()];
        let who = ctx_at(players[i % 2], common::SERVER, &format!("t{game}"));
        ok(service.play_move(&who, Some(game), &m.uci()).await);
    }
}

/// Games go on in eight tasks while a backup is taken; the backup, opened
/// as the database, holds every game and every move acknowledged before it
/// began, and each game in it is a beginning of the real game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_during_play_restores_every_game() {
    // A backup copies a SQLite file, whatever store the run tests.
    let h = Harness::on(common::TestDb::sqlite(), common::config()).await;
    let mut games = Vec::new();
    for i in 0..8 {
        let (w, b) = (format!("W{i}"), format!("B{i}"));
        let variant = Variant::ALL[i % 4];
        let id = new_game(&h, &common::ctx(&w), &common::ctx(&b), opts(variant)).await;
        games.push((id, w, b));
    }
    let mut tasks = Vec::new();
    for (n, (id, w, b)) in games.iter().cloned().enumerate() {
        let service = h.service.clone();
        tasks.push(tokio::spawn(async move {
            play_on(&service, id, [&w, &b], 30, n).await;
        }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let mut acked_before: HashMap<i64, usize> = HashMap::new();
    for (id, _, _) in &games {
        acked_before.insert(*id, h.service.store().moves(*id).await.unwrap().len());
    }
    let backups = tempfile::tempdir().unwrap();
    let copy = backups.path().join("backup.db");
    h.service.store().backup(&copy).await.expect("backup");
    for t in tasks {
        t.await.unwrap();
    }
    let restored = Store::open(&copy).await.expect("the backup opens");
    for (id, _, _) in &games {
        let live = h.service.store().moves(*id).await.unwrap();
        let game = restored.game(*id).await.unwrap();
        assert!(game.is_some(), "game #{id} is missing from the backup");
        let saved = restored.moves(*id).await.unwrap();
        assert!(saved.len() >= acked_before[id], "game #{id} lost moves");
        assert_eq!(saved[..], live[..saved.len()], "game #{id}");
    }
    restored.close().await;
}

/// The real binary: `alfil backup` copies the database while a console
/// holds it open, and a console over the copy carries on the game.
#[test]
fn alfil_backup_copies_a_running_database_and_the_copy_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let (db, copy) = (dir.path().join("live.db"), dir.path().join("copy.db"));
    let out = dir.path().join("boards");
    let mut console = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["console", "--db"])
        .arg(&db)
        .arg("--out")
        .arg(&out)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = console.stdin.take().unwrap();
    let mut lines = BufReader::new(console.stdout.take().unwrap()).lines();
    stdin
        .write_all(b"ann: play opponent:self\nann: e2e3\nann: e7e6\n")
        .unwrap();
    stdin.flush().unwrap();
    // A move is committed before it is printed: two printed, two stored.
    let mut played = 0;
    while played < 2 {
        let line = lines.next().expect("console output").unwrap();
        played += usize::from(line.contains(" played "));
    }
    let backup = alfil(&["backup", copy.to_str().unwrap()], &db);
    let said = String::from_utf8_lossy(&backup.stdout);
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    assert!(said.contains("backed up 1 games"), "{said}");
    // A second backup never overwrites the first.
    let again = alfil(&["backup", copy.to_str().unwrap()], &db);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    drop(stdin);
    assert!(console.wait().unwrap().success());

    let mut restored = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["console", "--db"])
        .arg(&copy)
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    restored
        .stdin
        .take()
        .unwrap()
        .write_all(b"ann: d2d3\n")
        .unwrap();
    let output = restored.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("Game #1") && text.contains("ann played d3."),
        "{text}"
    );
}

/// A clean exit leaves the whole database in its file: the WAL is empty.
#[test]
fn a_clean_exit_checkpoints_the_wal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    common::console::console(
        &db,
        &dir.path().join("boards"),
        "ann: play opponent:self\nann: e2e3\nann: e7e6\n",
    );
    let wal = dir.path().join("a.db-wal");
    let wal_len = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert_eq!(wal_len, 0, "the WAL still holds {wal_len} bytes");
}

fn refused_as_damaged(db: &Path) {
    for args in [&["console"][..], &["backup", "/nonexistent-dir/x.db"][..]] {
        let out = alfil(args, db);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} started on a damaged file");
        assert!(stderr.contains("is damaged"), "{args:?}: {stderr}");
        assert!(stderr.contains("alfil backup"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_file_that_is_not_a_database_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    std::fs::write(
        &db,
        b"this is not a database, it is a shopping list\n".repeat(200),
    )
    .unwrap();
    refused_as_damaged(&db);
    // And it is left as it was, for whoever repairs it.
    assert!(std::fs::read(&db).unwrap().starts_with(b"this is not"));
}

#[test]
fn a_database_with_garbled_pages_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("garbled.db");
    let mut script = String::new();
    for i in 0..20 {
        script.push_str(&format!(
            "p{i}: play opponent:self\np{i}: e2e3\np{i}: e7e6\n"
        ));
    }
    common::console::console(&db, &dir.path().join("boards"), &script);
    // Keep page 1 (the header and the schema's root) and garble the rest.
    let mut bytes = std::fs::read(&db).unwrap();
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    let page = if page == 1 { 65536 } else { page };
    assert!(
        bytes.len() > 3 * page,
        "the database is too small to garble"
    );
    for (i, b) in bytes[page..].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(31) ^ 0x5a;
    }
    std::fs::write(&db, &bytes).unwrap();
    refused_as_damaged(&db);
}
