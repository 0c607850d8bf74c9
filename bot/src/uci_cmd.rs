//! `alfil uci`: the CPU player over the Universal Chess Interface, so GUIs,
//! match scripts and other engines' tools can run it.
//!
//! The protocol handling ([`Session`]) is pure: it turns one input line into
//! output lines or a search to start, and is tested without a process. The
//! loop in [`run`] owns stdin and stdout and runs searches on a thread so
//! `stop` and `isready` are answered while thinking.
//!
//! Beyond UCI: `outcome` prints how the game in the current `position` has
//! ended by alfil's rules (`outcome none`, or e.g. `outcome 1-0 checkmate`),
//! so a match script can let alfil referee; `d` prints the position's FEN.

use engine::search::{game_hashes, Level, Limits, SearchResult, Searcher};
use engine::{Game, Position, Variant};
use std::io::{BufRead, Write};
use std::thread::JoinHandle;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {}

/// What the loop must do after a line.
#[derive(Debug, PartialEq)]
pub enum Action {
    /// Print these lines.
    Say(Vec<String>),
    /// Start a search with these limits.
    Go(Limits),
    /// Stop the running search and print its move.
    Stop,
    Quit,
}

/// The protocol state: variant, options and the game set by `position`.
pub struct Session {
    variant: Variant,
    game: Game,
    level: Level,
    hash_mb: usize,
    /// What a draw is worth below nothing to us (Stockfish's Contempt).
    contempt: i32,
    /// Safety margin kept from every time budget for I/O and the GUI.
    overhead: Duration,
    /// Whether the searcher must drop its tables (new game, new hash size).
    pub reset: bool,
}

/// Contempt beyond a pawn either way would trade sound play for draws
/// or against them.
const MAX_CONTEMPT: i32 = 100;

const VARIANTS: [&str; 4] = ["shatranj", "courier", "medieval", "byzantine"];

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            variant: Variant::Shatranj,
            game: Game::new(Variant::Shatranj),
            level: Level::Master,
            hash_mb: 16,
            contempt: 0,
            overhead: Duration::from_millis(10),
            reset: false,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets a searcher up for `go`: the level's play and the contempt.
    pub fn configure(&self, searcher: &mut Searcher, seed: u64) {
        self.level.configure(searcher, seed);
        searcher.set_contempt(self.contempt);
    }

    /// Handles one line of input.
    pub fn handle(&mut self, line: &str) -> Action {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else {
            return Action::Say(vec![]);
        };
        match cmd {
            "uci" => Action::Say(self.identify()),
            "isready" => Action::Say(vec!["readyok".into()]),
            "ucinewgame" => {
                self.reset = true;
                self.game = Game::new(self.variant);
                Action::Say(vec![])
            }
            "setoption" => Action::Say(self.set_option(rest)),
            "position" => Action::Say(self.set_position(rest)),
            "go" => Action::Go(self.go_limits(rest)),
            "stop" => Action::Stop,
            "quit" => Action::Quit,
            "outcome" => Action::Say(vec![self.outcome_line()]),
            "d" => Action::Say(vec![format!("fen {}", self.game.position().fen())]),
            _ => Action::Say(vec![format!("info string unknown command: {cmd}")]),
        }
    }

    fn identify(&self) -> Vec<String> {
        let levels: String = Level::ALL
            .iter()
            .map(|l| format!(" var {}", l.name()))
            .collect();
        let variants: String = VARIANTS.iter().map(|v| format!(" var {v}")).collect();
        vec![
            format!("id name alfil {}", env!("CARGO_PKG_VERSION")),
            "id author the alfil authors".into(),
            format!("option name UCI_Variant type combo default shatranj{variants}"),
            "option name Hash type spin default 16 min 1 max 4096".into(),
            format!("option name Level type combo default Master{levels}"),
            "option name Move Overhead type spin default 10 min 0 max 5000".into(),
            format!(
                "option name Contempt type spin default 0 min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"
            ),
            "uciok".into(),
        ]
    }

    fn set_option(&mut self, words: &[&str]) -> Vec<String> {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return vec!["info string setoption needs a name".into()];
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.parse::<Variant>() {
                Ok(v) => {
                    self.variant = v;
                    self.game = Game::new(v);
                    self.reset = true;
                    vec![]
                }
                Err(e) => vec![format!("info string {e}")],
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if mb >= 1 => {
                    self.hash_mb = mb;
                    self.reset = true;
                    vec![]
                }
                _ => vec![format!("info string bad Hash value: {value}")],
            },
            "level" => match value.parse::<Level>() {
                Ok(l) => {
                    self.level = l;
                    vec![]
                }
                Err(e) => vec![format!("info string {e}")],
            },
            "contempt" => match value.parse::<i32>() {
                Ok(cp) if cp.abs() <= MAX_CONTEMPT => {
                    self.contempt = cp;
                    vec![]
                }
                _ => vec![format!(
                    "info string bad Contempt value: {value} (from -{MAX_CONTEMPT} to {MAX_CONTEMPT})"
                )],
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) => {
                    self.overhead = Duration::from_millis(ms);
                    vec![]
                }
                Err(_) => vec![format!("info string bad Move Overhead value: {value}")],
            },
            _ => vec![format!("info string unknown option: {name}")],
        }
    }

    /// `position startpos|fen <fen> [moves m1 m2 ...]`. On any error the
    /// game is left as it was and the error reported.
    fn set_position(&mut self, words: &[&str]) -> Vec<String> {
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let start = match words.first() {
            Some(&"startpos") => Position::new(self.variant),
            Some(&"fen") => match Position::from_fen(self.variant, &words[1..moves_at].join(" ")) {
                Ok(p) => p,
                Err(e) => return vec![format!("info string bad fen: {e}")],
            },
            _ => return vec!["info string position needs startpos or fen".into()],
        };
        let mut game = Game::from_position(start);
        for text in words.iter().skip(moves_at + 1) {
            if let Err(e) = play_uci_move(&mut game, text) {
                return vec![format!("info string bad move {text}: {e}")];
            }
        }
        self.game = game;
        vec![]
    }

    /// The limits for `go`: explicit depth, nodes and movetime, or a share
    /// of the clock, then the level's own caps.
    fn go_limits(&self, words: &[&str]) -> Limits {
        let mut limits = Limits::default();
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        let (mut time_left, mut inc, mut to_go) = (None, 0, None);
        let white = self.game.position().turn() == engine::Color::White;
        for (i, w) in words.iter().enumerate() {
            match *w {
                "depth" => limits.depth = num(i).map(|d| d as u32),
                "nodes" => limits.nodes = num(i),
                "movetime" => {
                    limits.time = num(i).map(Duration::from_millis);
                    limits.use_all_time = true;
                }
                "wtime" if white => time_left = num(i),
                "btime" if !white => time_left = num(i),
                "winc" if white => inc = num(i).unwrap_or(0),
                "binc" if !white => inc = num(i).unwrap_or(0),
                "movestogo" => to_go = num(i),
                _ => {}
            }
        }
        // The overhead comes off a share of the clock, where a late move
        // loses the game; `movetime` is thinking time, as Stockfish reads it.
        if let Some(left) = time_left {
            // Spread the clock over the moves to come, keeping a reserve.
            let share = left / to_go.unwrap_or(30).max(1) + inc * 3 / 4;
            let t = Duration::from_millis(share.min(left / 3));
            let keep = self.overhead.min(t / 2);
            limits.time = Some((t - keep).max(Duration::from_millis(1)));
        }
        let level = self.level.limits(None);
        limits.depth = min_opt(limits.depth, level.depth);
        limits.nodes = min_opt(limits.nodes, level.nodes);
        limits
    }

    fn outcome_line(&self) -> String {
        match self.game.outcome() {
            None => "outcome none".into(),
            Some(o) => format!("outcome {} {}", o.pgn(), o.reason().describe()),
        }
    }
}

fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Plays a UCI move; other programs add a promotion letter (`e7e8q`,
/// `e7e8f`), which alfil's rules do not need.
fn play_uci_move(game: &mut Game, text: &str) -> Result<(), String> {
    if game.play_text(text).is_ok() {
        return Ok(());
    }
    let trimmed = match text.char_indices().nth(4) {
        Some((i, c)) if text.len() == 5 && c.is_ascii_alphabetic() => &text[..i],
        _ => text,
    };
    game.play_text(trimmed)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The `info` line for a finished iteration.
pub fn info_line(r: &SearchResult) -> String {
    let score = match r.mate_in() {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", r.score),
    };
    let ms = r.time.as_millis().max(1) as u64;
    let pv: Vec<String> = r.pv.iter().map(|m| m.uci()).collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {ms} hashfull {} pv {}",
        r.depth,
        r.seldepth,
        r.nodes,
        r.nodes * 1000 / ms,
        r.hashfull,
        pv.join(" ")
    )
}

/// The `bestmove` line; `0000` when the game is already over.
pub fn bestmove_line(r: Option<&SearchResult>) -> String {
    match r {
        Some(r) => match r.pv.get(1) {
            Some(ponder) => format!("bestmove {} ponder {}", r.best.uci(), ponder.uci()),
            None => format!("bestmove {}", r.best.uci()),
        },
        None => "bestmove 0000".into(),
    }
}

/// Searches the game's position, saying an `info` line as each iteration
/// finishes (a GUI shows the engine's thinking as it goes, and a match
/// script can read the depth reached), then the `bestmove` line. A search
/// cut off mid-iteration may still change its move: then one more `info`
/// line says so.
pub fn think(s: &mut Searcher, game: &Game, limits: Limits, mut say: impl FnMut(&[String])) {
    let mut said_last = None;
    let result = s.search_with(game.position(), &game_hashes(game), limits, |r| {
        say(&[info_line(r)]);
        said_last = Some((r.best, r.nodes));
    });
    let mut lines = Vec::new();
    if let Some(r) = result
        .as_ref()
        .filter(|r| said_last != Some((r.best, r.nodes)))
    {
        lines.push(info_line(r));
    }
    lines.push(bestmove_line(result.as_ref()));
    say(&lines);
}

/// Runs the protocol on stdin and stdout until `quit` or end of input.
pub fn run(_args: Args) -> Result<(), String> {
    let mut session = Session::new();
    let mut searcher = Some(Searcher::with_hash(session.hash_mb()));
    let mut running: Option<JoinHandle<Searcher>> = None;
    let mut stop = searcher.as_ref().expect("idle").stop_flag();
    let mut seed = 0x5eed_u64;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let action = session.handle(&line);
        // Anything but a stop or a ping waits for the running search.
        let ping = line.trim() == "isready";
        if !ping && action != Action::Stop {
            if let Some(handle) = running.take() {
                searcher = Some(handle.join().map_err(|_| "search thread panicked")?);
            }
        }
        match action {
            Action::Say(lines) => say(&lines),
            Action::Go(limits) => {
                let mut s = searcher.take().expect("idle searcher");
                if session.reset {
                    s = Searcher::with_hash(session.hash_mb());
                    stop = s.stop_flag();
                    session.reset = false;
                    // A new game, new errors; within a game a weak level
                    // misjudges a position the same way every move, as
                    // it does in the service.
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                }
                stop.reset();
                session.configure(&mut s, seed);
                let game = session.game().clone();
                running = Some(std::thread::spawn(move || {
                    think(&mut s, &game, limits, say);
                    s
                }));
            }
            Action::Stop => {
                stop.stop();
                if let Some(handle) = running.take() {
                    searcher = Some(handle.join().map_err(|_| "search thread panicked")?);
                }
            }
            Action::Quit => {
                stop.stop();
                break;
            }
        }
    }
    // At the end of input a running search finishes; after `quit` it stops.
    if let Some(handle) = running.take() {
        let _ = handle.join();
    }
    Ok(())
}

fn say(lines: &[String]) {
    let mut out = std::io::stdout().lock();
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(a: Action) -> Vec<String> {
        match a {
            Action::Say(lines) => lines,
            other => panic!("expected output, got {other:?}"),
        }
    }

    #[test]
    fn announces_the_variant_option_and_ends_with_uciok() {
        let mut s = Session::new();
        let lines = said(s.handle("uci"));
        assert!(lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant type combo")
                && l.contains("var courier")));
        assert_eq!(lines.last().unwrap(), "uciok");
        assert_eq!(said(s.handle("isready")), vec!["readyok"]);
    }

    #[test]
    fn plays_moves_with_or_without_promotion_letters() {
        let mut s = Session::new();
        said(s.handle("setoption name UCI_Variant value courier"));
        said(s.handle("position startpos moves e2e3 e7e6"));
        assert_eq!(s.game().moves().len(), 2);
        assert_eq!(s.game().variant(), Variant::Courier);
        let mut s = Session::new();
        let fen = "8/4P3/8/8/8/p7/k7/3K4 w - - 0 1";
        said(s.handle(&format!("position fen {fen} moves e7e8q")));
        assert_eq!(s.game().moves().len(), 1);
        let bad = said(s.handle("position startpos moves e2e5"));
        assert!(bad[0].starts_with("info string bad move"));
    }

    /// The move `go depth 4` chooses after `setoption name Contempt`.
    fn choice_with_contempt(contempt: &str) -> String {
        let mut s = Session::new();
        said(s.handle(&format!("setoption name Contempt value {contempt}")));
        // Black's knight going home repeats the start a third time.
        said(s.handle("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"));
        let Action::Go(limits) = s.handle("go depth 4") else {
            panic!("go should search");
        };
        let mut searcher = Searcher::with_hash(1);
        s.configure(&mut searcher, 1);
        let mut out = Vec::new();
        think(&mut searcher, s.game(), limits, |lines| {
            out.extend_from_slice(lines)
        });
        out.last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    }

    #[test]
    fn contempt_decides_whether_to_take_a_draw_by_repetition() {
        assert_eq!(choice_with_contempt("-100"), "f6g8");
        assert_ne!(choice_with_contempt("100"), "f6g8");
        let mut s = Session::new();
        assert!(said(s.handle("uci"))
            .contains(&"option name Contempt type spin default 0 min -100 max 100".to_string()));
        for bad in ["101", "-500", "lots"] {
            let reply = said(s.handle(&format!("setoption name Contempt value {bad}")));
            assert!(
                reply[0].starts_with("info string bad Contempt value"),
                "{bad}"
            );
        }
        assert_eq!(s.contempt, 0);
    }

    #[test]
    fn go_turns_clock_and_level_into_limits() {
        let mut s = Session::new();
        let l = s.handle("go movetime 200");
        assert_eq!(
            l,
            Action::Go(Limits {
                depth: None,
                nodes: None,
                time: Some(Duration::from_millis(200)),
                use_all_time: true,
            })
        );
        said(s.handle("setoption name Level value Novice"));
        let Action::Go(l) = s.handle("go wtime 60000 btime 60000") else {
            panic!()
        };
        assert_eq!(l.nodes, Level::Novice.limits(None).nodes);
        assert_eq!(l.time, Some(Duration::from_millis(1990)));
    }

    #[test]
    fn referees_the_game() {
        let mut s = Session::new();
        assert_eq!(said(s.handle("outcome")), vec!["outcome none"]);
        said(s.handle("position fen 8/8/8/8/8/3k4/8/R2K4 b - - 0 1"));
        assert_eq!(said(s.handle("outcome")), vec!["outcome 1-0 bare king"]);
    }

    #[test]
    fn says_each_finished_iteration_then_the_move() {
        let mut s = Session::new();
        said(s.handle("position startpos moves e2e3 c7c6"));
        let mut out: Vec<String> = Vec::new();
        think(&mut Searcher::new(), s.game(), Limits::depth(4), |lines| {
            out.extend_from_slice(lines)
        });
        let depths: Vec<&str> = out
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .map(|rest| rest.split(' ').next().unwrap())
            .collect();
        assert_eq!(depths, ["1", "2", "3", "4"]);
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
        // A finished game has no move: just `bestmove 0000`.
        said(s.handle("position fen 8/8/8/8/8/3k4/8/R2K4 b - - 0 1"));
        out.clear();
        think(&mut Searcher::new(), s.game(), Limits::depth(4), |lines| {
            out.extend_from_slice(lines)
        });
        assert_eq!(out, ["bestmove 0000"]);
    }

    #[test]
    fn formats_results() {
        let pos = Position::from_fen(Variant::Shatranj, "3k4/p7/3K4/8/8/8/8/7R w - - 0 1").unwrap();
        let r = Searcher::new().search(&pos, &[], Limits::depth(2)).unwrap();
        assert!(info_line(&r).contains("score mate 1"));
        assert_eq!(bestmove_line(Some(&r)), "bestmove h1h8");
        assert_eq!(bestmove_line(None), "bestmove 0000");
    }
}
