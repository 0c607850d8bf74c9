//! Crash safety of the real binary: `alfil console` plays several games
//! from a script and is killed with SIGKILL at random moments, again and
//! again. After each kill it is started over the same database with the
//! rest of the script. Every move it printed must be in the database, no
//! move may be stored twice, and in the end every game is played out.

use crate::common;

use common::lines::from_start;
use engine::{Position, Variant};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::ConnectOptions;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const KILLS: usize = 12;
const GAMES: usize = 8;

/// A game of the script: who plays it (both sides) and its moves.
struct Plan {
    user: String,
    variant: Variant,
    /// (uci, san) from the start.
    moves: Vec<(String, String)>,
}

fn plans() -> Vec<Plan> {
    (0..GAMES)
        .map(|i| {
            let variant = Variant::ALL[i % 4];
            let mut pos = Position::new(variant);
            let moves = from_start(variant)
                .0
                .split_whitespace()
                .map(|uci| {
                    let m = pos.parse_move(uci).expect("line is legal");
                    let san = pos.san(&m);
                    pos = pos.play(&m);
                    (uci.to_string(), san)
                })
                .collect();
            Plan {
                user: format!("g{i}"),
                variant,
                moves,
            }
        })
        .collect()
}

/// A game as the database has it: its number and its moves' SAN.
type Stored = Option<(i64, String, Vec<String>)>;

/// Reads every plan's game from the database file, over a connection of
/// its own (the console is not running).
fn stored(db: &Path, plans: &[Plan]) -> Vec<Stored> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut conn = SqliteConnectOptions::new()
            .filename(db)
            .connect()
            .await
            .expect("open db");
        let mut out = Vec::new();
        for plan in plans {
            let game: Option<(i64, String)> = sqlx::query_as(
                "SELECT g.id, g.status FROM games g JOIN players p ON p.id = g.white WHERE p.key = ?",
            )
            .bind(format!("console:{}", plan.user))
            .fetch_optional(&mut conn)
            .await
            .unwrap();
            out.push(match game {
                None => None,
                Some((id, status)) => {
                    let sans: Vec<String> =
                        sqlx::query_scalar("SELECT san FROM moves WHERE game_id = ? ORDER BY ply")
                            .bind(id)
                            .fetch_all(&mut conn)
                            .await
                            .unwrap();
                    Some((id, status, sans))
                }
            });
        }
        out
    })
}

/// The rest of the script: start missing games, then every game's next
/// moves, taking turns between games so a kill lands amid all of them.
fn script(plans: &[Plan], now: &[Stored]) -> String {
    let mut out = String::new();
    for (plan, s) in plans.iter().zip(now) {
        if s.is_none() {
            out.push_str(&format!(
                "{}: play opponent:self variant:{}\n",
                plan.user, plan.variant
            ));
        }
    }
    let longest = plans.iter().map(|p| p.moves.len()).max().unwrap_or(0);
    for ply in 0..longest {
        for (plan, s) in plans.iter().zip(now) {
            let done = s.as_ref().map_or(0, |(_, _, m)| m.len());
            if ply >= done && ply < plan.moves.len() {
                out.push_str(&format!("{}: {}\n", plan.user, plan.moves[ply].0));
            }
        }
    }
    out
}

/// Moves the console acknowledged, as (game number, SAN), in order. Only
/// whole lines count: a kill may cut the last one short.
fn acknowledged(output: &str) -> Vec<(i64, String)> {
    let whole = &output[..output.rfind('\n').map_or(0, |i| i + 1)];
    let mut game = None;
    let mut acks = Vec::new();
    for line in whole.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("alfil: Game #") {
            game = rest.split(' ').next().and_then(|n| n.parse::<i64>().ok());
        } else if let (Some(g), Some((_, after))) = (game, line.split_once(" played ")) {
            if let Some((san, _)) = after.split_once('.') {
                acks.push((g, san.to_string()));
            }
        } else if line.starts_with("alfil") {
            game = None;
        }
    }
    acks
}

fn start(db: &Path, out: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["console", "--cpu-ms", "30", "--db"])
        .arg(db)
        .arg("--out")
        .arg(out)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run alfil console")
}

/// A small random number source, seeded from the clock and printed, so a
/// failing run can be repeated with ALFIL_CRASH_SEED.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("ALFIL_CRASH_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
            });
        eprintln!("ALFIL_CRASH_SEED={seed}");
        Rng(seed | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Checks one run: what it acknowledged is stored, in the order of the
/// plan, right after what was stored before; and what is stored is the
/// plan's beginning, so no move is stored twice or out of turn.
fn check_run(plans: &[Plan], before: &[Stored], after: &[Stored], acks: &[(i64, String)]) -> usize {
    let mut checked = 0;
    for (i, (plan, s)) in plans.iter().zip(after).enumerate() {
        let planned: Vec<&str> = plan.moves.iter().map(|(_, san)| san.as_str()).collect();
        let Some((id, _, sans)) = s else {
            assert!(
                acks.is_empty() || before[i].is_none(),
                "{} lost its game",
                plan.user
            );
            continue;
        };
        assert!(
            sans.len() <= planned.len() && sans.iter().zip(&planned).all(|(a, b)| a == b),
            "game #{id} of {} holds {sans:?}, not a beginning of {planned:?}",
            plan.user
        );
        let from = before[i].as_ref().map_or(0, |(_, _, m)| m.len());
        let mine: Vec<&str> = acks
            .iter()
            .filter(|(g, _)| g == id)
            .map(|(_, san)| san.as_str())
            .collect();
        assert!(
            from + mine.len() <= sans.len(),
            "game #{id}: {} moves acknowledged after {from}, but only {} stored",
            mine.len(),
            sans.len()
        );
        assert_eq!(
            mine,
            planned[from..from + mine.len()],
            "game #{id}: acknowledged moves are not the next ones of the plan"
        );
        checked += mine.len();
    }
    checked
}

#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let (db, out) = (dir.path().join("crash.db"), dir.path().join("boards"));
    let plans = plans();
    let total: usize = plans.iter().map(|p| p.moves.len()).sum();
    let mut rng = Rng::new();
    let mut acked = 0;
    let mut cut_short = 0;
    let began = Instant::now();
    for round in 0..=KILLS {
        let before = if db.exists() {
            stored(&db, &plans)
        } else {
            plans.iter().map(|_| None).collect()
        };
        let text = script(&plans, &before);
        let mut child = start(&db, &out);
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            let _ = stdout.read_to_end(&mut all);
            String::from_utf8_lossy(&all).into_owned()
        });
        // A broken pipe here only means the console has already gone.
        let _ = stdin.write_all(text.as_bytes());
        let _ = stdin.flush();
        let status = if round < KILLS {
            std::thread::sleep(Duration::from_millis(100 + rng.below(900)));
            child.kill().expect("SIGKILL");
            drop(stdin);
            child.wait().unwrap()
        } else {
            // The last run plays the script out and ends at end of input.
            drop(stdin);
            child.wait().unwrap()
        };
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let output = reader.join().unwrap();
        if round == KILLS {
            assert!(status.success(), "last run failed: {stderr}\n{output}");
        } else {
            assert!(
                !stderr.contains("alfil:"),
                "round {round} failed by itself: {stderr}"
            );
        }
        let acks = acknowledged(&output);
        let after = stored(&db, &plans);
        acked += check_run(&plans, &before, &after, &acks);
        let stored_now: usize = after.iter().flatten().map(|(_, _, m)| m.len()).sum();
        if round < KILLS && stored_now < total {
            cut_short += 1;
        }
    }
    let last = stored(&db, &plans);
    for (plan, s) in plans.iter().zip(&last) {
        let (id, status, sans) = s.as_ref().expect("every game exists");
        assert_eq!(sans.len(), plan.moves.len(), "game #{id}");
        assert_eq!(status, "finished", "game #{id} of {}", plan.user);
    }
    // Figures for the README's reliability section.
    eprintln!(
        "crash test: {GAMES} games, {total} moves, {KILLS} kills ({cut_short} mid-script), \
         {acked} acknowledged moves checked, 0 lost, {:.1} s",
        began.elapsed().as_secs_f64()
    );
}
