//! The shipped set meets issue 7's product goals as far as mining has
//! reached: enough puzzles in every variant, ratings that spread (so
//! "adapts to your level" means something), a capped share of dull
//! loose-piece grabs, longer mates in every variant, and "a stalemate
//! that wins" where it does (Shatranj, Courier, Byzantine).

use alfil::puzzles::data::{shipped, Puzzle};
use alfil::puzzles::mine::is_easy;
use alfil::puzzles::Theme;
use engine::Variant;

/// Most one-move grabs ([`is_easy`]) a variant may ship, per cent: well
/// under half (32-42% today), so a player mostly meets real tactics.
const MAX_EASY_SHARE: usize = 45;
/// Fewest stalemate puzzles per variant (`alfil puzzles mine --theme
/// stalemate`): what mining has reached so far. Medieval chess has none:
/// stalemate is a draw there.
fn min_stalemates(variant: Variant) -> usize {
    match variant {
        Variant::Shatranj => 10,
        Variant::Medieval => 0,
        Variant::Courier => 4,
        Variant::Byzantine => 9,
    }
}
/// Fewest mates in two or more moves per variant.
const MIN_LONG_MATES: usize = 2;
/// Every variant has puzzles at least this easy and at least this hard.
const EASIEST_AT_MOST: i32 = 600;
const HARDEST_AT_LEAST: i32 = 1300;
/// Fewest distinct starting ratings per variant.
const MIN_DISTINCT_RATINGS: usize = 20;

fn of(variant: Variant) -> Vec<Puzzle> {
    shipped()
        .into_iter()
        .filter(|p| p.variant == variant)
        .collect()
}

#[test]
fn every_variant_ships_at_least_300() {
    for v in Variant::ALL {
        assert!(of(v).len() >= 300, "{v}: {}", of(v).len());
    }
}

#[test]
fn ratings_spread_in_every_variant() {
    for v in Variant::ALL {
        let mut ratings: Vec<i32> = of(v).iter().map(|p| p.rating).collect();
        ratings.sort_unstable();
        ratings.dedup();
        let (easiest, hardest) = (ratings[0], ratings[ratings.len() - 1]);
        assert!(
            easiest >= 500 && hardest <= 2400,
            "{v}: {easiest}..{hardest}"
        );
        assert!(easiest <= EASIEST_AT_MOST, "{v}: easiest {easiest}");
        assert!(hardest >= HARDEST_AT_LEAST, "{v}: hardest {hardest}");
        assert!(
            ratings.len() >= MIN_DISTINCT_RATINGS,
            "{v}: {} distinct ratings",
            ratings.len()
        );
    }
}

#[test]
fn dull_grabs_are_a_minority() {
    for v in Variant::ALL {
        let puzzles = of(v);
        let easy = puzzles.iter().filter(|p| is_easy(p)).count();
        let share = easy * 100 / puzzles.len();
        assert!(share <= MAX_EASY_SHARE, "{v}: {share}% grab a loose piece");
    }
}

#[test]
fn every_variant_has_longer_mates() {
    for v in Variant::ALL {
        let mates = of(v)
            .iter()
            .filter(|p| {
                p.themes
                    .iter()
                    .any(|t| matches!(t, Theme::MateIn(n) if *n >= 2))
            })
            .count();
        assert!(mates >= MIN_LONG_MATES, "{v}: {mates} mates in 2+");
    }
}

#[test]
fn stalemate_wins_are_shipped_where_they_win() {
    for v in Variant::ALL {
        let stalemates = of(v)
            .iter()
            .filter(|p| p.themes.first() == Some(&Theme::Stalemate))
            .count();
        assert!(
            stalemates >= min_stalemates(v),
            "{v}: {stalemates} stalemate puzzles"
        );
    }
}
