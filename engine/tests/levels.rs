//! How the levels err. Weak ones now and then drop a piece, as people do
//! when they miss a threat or misjudge a trade; Master does not; and no
//! level plays like dice.

use engine::search::{Level, Limits, Pruning, Searcher};
use engine::{Game, Move, Variant};

/// A drop this large (centipawns, by a deeper look) is a lost piece, not
/// a matter of taste: more than a ferz or an alfil in every variant.
const BLUNDER_CP: i32 = 300;

/// Middlegame positions: two plain searchers play each variant from the
/// start, and every third position from the eighth ply on is kept.
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for variant in Variant::ALL {
        let mut game = Game::new(variant);
        let mut searcher = steady(4);
        for ply in 0..70 {
            if game.outcome().is_some() {
                break;
            }
            if ply >= 8 && ply % 3 == 2 {
                out.push(game.clone());
            }
            let best = searcher.search_game(&game, Limits::nodes(4_000)).unwrap();
            game.play(best.best);
        }
    }
    out
}

/// A searcher that Master's retuning leaves alone, so the positions and
/// the judge stay the same.
fn steady(hash_mb: usize) -> Searcher {
    let mut searcher = Searcher::with_hash(hash_mb);
    searcher.set_pruning(Pruning::Steady);
    searcher
}

/// A position and the score of its best move, by a fixed-depth look.
struct Judged {
    game: Game,
    best: i32,
}

fn judged(games: Vec<Game>) -> Vec<Judged> {
    let mut reference = steady(8);
    games
        .into_iter()
        .map(|game| {
            let best = reference
                .search_game(&game, Limits::depth(4))
                .unwrap()
                .score;
            Judged { game, best }
        })
        .collect()
}

/// How much worse `m` is than the best move, by the same look.
fn loss(reference: &mut Searcher, j: &Judged, m: Move) -> i32 {
    let mut after = j.game.clone();
    after.play(m);
    let reply = match reference.search_game(&after, Limits::depth(3)) {
        Some(r) => -r.score,
        // The move ended the game: a win or a draw, never a dropped piece.
        None => j.best,
    };
    j.best - reply
}

/// The most nodes a level searches here: Master needs some cap to be
/// independent of the machine's speed, and the test must stay quick.
const CAP: u64 = 30_000;

/// A level's move with its own limits, capped at [`CAP`].
fn level_move(level: Level, game: &Game, seed: u64) -> Move {
    let mut searcher = Searcher::with_hash(4);
    level.configure(&mut searcher, seed);
    let mut limits = level.limits(None);
    limits.nodes = Some(limits.nodes.map_or(CAP, |n| n.min(CAP)));
    searcher.search_game(game, limits).unwrap().best
}

/// A player who picks any legal move.
fn dice_move(game: &Game, seed: u64) -> Move {
    let moves = game.position().legal_moves();
    let i = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 33;
    moves[i as usize % moves.len()]
}

fn blunders(positions: &[Judged], mut pick: impl FnMut(&Game, u64) -> Move) -> usize {
    let mut reference = steady(8);
    positions
        .iter()
        .enumerate()
        .filter(|(i, j)| loss(&mut reference, j, pick(&j.game, *i as u64 + 1)) >= BLUNDER_CP)
        .count()
}

#[test]
fn weak_levels_drop_pieces_now_and_then_and_master_does_not() {
    let games = judged(positions());
    let count = |level: Level| blunders(&games, |g, seed| level_move(level, g, seed));
    let (novice, casual, club, master) = (
        count(Level::Novice),
        count(Level::Casual),
        count(Level::Club),
        count(Level::Master),
    );
    let dice = blunders(&games, dice_move);
    eprintln!(
        "blunders in {} positions: dice {dice}, Novice {novice}, Casual {casual}, Club {club}, Master {master}",
        games.len()
    );
    // People err: a Novice loses a piece in some positions (one in 25).
    assert!(novice * 25 >= games.len(), "Novice hardly ever errs");
    // Fewer slips up the ladder, none at the top.
    assert!(novice > club && casual >= club && club >= master);
    assert!(master * 50 <= games.len());
    // Not dice: a random mover drops far more.
    assert!(dice >= 2 * novice);
}

#[test]
fn each_game_brings_its_own_slips() {
    let games = positions();
    let mut differ = 0;
    for (i, g) in games.iter().enumerate() {
        let seed = 40 + i as u64;
        let again = level_move(Level::Novice, g, seed);
        // The same game (seed) misjudges a position the same way...
        assert_eq!(level_move(Level::Novice, g, seed), again);
        // ...and another game may not.
        differ += (level_move(Level::Novice, g, seed + 1000) != again) as usize;
    }
    assert!(differ > 0 && differ < games.len());
}
