//! How boldly the search cuts the tree, and how finely it judges. Master's
//! strength (and Expert's, Master on a node budget) wants bold cuts and
//! every positional term, retuned by self-play whenever the search
//! improves. Two things want a search that never changes: a puzzle's proof
//! (a line proven once stays proven) and the levels from Novice to Club
//! (their place on the ladder was measured with it).

use super::weights::Weights;
use crate::variant::Variant;

/// The pruning settings a [`Searcher`](super::Searcher) uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pruning {
    /// The strongest play found by self-play: deep futility, late-move
    /// pruning and reductions that lean on whether the side is improving.
    #[default]
    Play,
    /// Shallow cuts, fixed for good: the settings every shipped puzzle was
    /// proven with and the levels from Novice to Club were calibrated with.
    /// Retuning [`Pruning::Play`] leaves these alone.
    Steady,
}

impl Pruning {
    /// The margin above beta from which a node with `depth` plies left is
    /// assumed to hold without a search (reverse futility), if any.
    pub(super) fn reverse_futility_margin(self, depth: i32, improving: bool) -> Option<i32> {
        match self {
            Pruning::Play if depth <= 7 => Some(90 * (depth - improving as i32)),
            Pruning::Steady if depth <= 3 => Some(110 * depth),
            _ => None,
        }
    }

    /// How much a quiet move must be able to gain to be worth a search
    /// with `depth` plies left (futility), if the cut applies there.
    pub(super) fn futility_margin(self, variant: Variant, depth: i32) -> Option<i32> {
        match self {
            Pruning::Play if depth <= 6 => Some(90 + Shallow::of(variant).futility_per_ply * depth),
            Pruning::Steady if depth <= 2 => Some(90 + 110 * depth),
            _ => None,
        }
    }

    /// How many quiet moves a non-PV node with `depth` plies left tries
    /// before skipping the rest, if it skips any.
    pub(super) fn late_move_limit(
        self,
        variant: Variant,
        depth: i32,
        improving: bool,
    ) -> Option<i32> {
        match self {
            Pruning::Play if depth <= 7 => {
                let halved = !improving && Shallow::of(variant).halve_when_worse;
                Some(((3 + depth * depth) / if halved { 2 } else { 1 }).max(3))
            }
            Pruning::Steady if depth <= 3 => Some(3 + 3 * depth * depth),
            _ => None,
        }
    }

    /// The null move's depth reduction; `surplus` is how far the static
    /// evaluation stands above beta.
    pub(super) fn null_reduction(self, depth: i32, surplus: i32) -> i32 {
        match self {
            Pruning::Play => 3 + depth / 4 + (surplus / 200).min(2),
            Pruning::Steady => 3 + depth / 5,
        }
    }

    /// Extra late-move reduction for a node that is neither on the
    /// principal variation nor improving.
    pub(super) fn extra_reduction(self, pv_node: bool, improving: bool) -> i32 {
        match self {
            Pruning::Play => (!pv_node && !improving) as i32,
            Pruning::Steady => 0,
        }
    }

    /// Whether a node without a remembered move searches one ply
    /// shallower (internal iterative reduction).
    pub(super) fn reduces_unknown_nodes(self) -> bool {
        self == Pruning::Play
    }

    /// Whether captures are judged by static exchange: losing ones are
    /// tried after the quiet moves, skipped in quiescence, and at low depth
    /// skipped outright, as are quiet moves that hang a piece.
    /// [`Pruning::Steady`] only skips a dearer piece taking a guarded
    /// cheaper one in quiescence.
    pub(super) fn uses_exchanges(self) -> bool {
        self == Pruning::Play
    }

    /// The exchange loss below which a move with `depth` plies left is not
    /// searched at all, if any: more for captures, which the opponent must
    /// answer, than for quiet moves.
    pub(super) fn exchange_margin(self, depth: i32, capture: bool) -> Option<i32> {
        match self {
            Pruning::Play if depth <= 6 && capture => Some(-100 * depth),
            Pruning::Play if depth <= 6 => Some(-25 * depth * depth),
            _ => None,
        }
    }

    /// Whether futility and the exchange test judge a quiet move by the
    /// depth its late-move reduction would leave it (Stockfish's
    /// `lmrDepth`) rather than by the node's depth.
    pub(super) fn cuts_at_reduced_depth(self, variant: Variant) -> bool {
        self == Pruning::Play && Shallow::of(variant).at_reduced_depth
    }

    /// The history below which a quiet move judged at `cut_depth` (see
    /// [`Pruning::cuts_at_reduced_depth`]) in a node with `depth` plies
    /// left is not searched, if any. Quiet histories mostly stay within
    /// a few hundred, so this floor only drops moves that keep failing.
    pub(super) fn history_floor(self, variant: Variant, cut_depth: i32, depth: i32) -> Option<i32> {
        let applies = self.cuts_at_reduced_depth(variant) && cut_depth < 4;
        applies.then_some(-16 * depth)
    }

    /// How much a quiet move's history shortens (good) or lengthens (bad)
    /// its late-move reduction in `variant`.
    pub(super) fn history_reduction(self, variant: Variant, history: i32) -> i32 {
        match self {
            Pruning::Play => -(history / Shallow::of(variant).history_per_ply).clamp(-2, 2),
            Pruning::Steady => 0,
        }
    }

    /// The evaluation's weights: Master's tuned ones, or the hand-set
    /// ones the puzzles and the lower levels were measured with.
    pub(super) fn weights(self, variant: Variant) -> &'static Weights {
        match self {
            Pruning::Play => Weights::tuned(variant),
            Pruning::Steady => Weights::steady(variant),
        }
    }

    /// Whether the evaluation adds the finer positional terms (threats,
    /// short-range mobility, pawn structure) to the base evaluation.
    pub(super) fn positional_terms(self) -> bool {
        self == Pruning::Play
    }

    /// Whether the static evaluation is corrected by what searches of the
    /// same pawn structure (and in Courier chess the same pieces) found (see
    /// `correction.rs`).
    pub(super) fn corrects_eval(self) -> bool {
        self == Pruning::Play
    }

    /// Whether reverse futility and the null move lean on the table's
    /// score where its bound says more than the static evaluation.
    pub(super) fn table_refines_eval(self) -> bool {
        self == Pruning::Play
    }

    /// Whether quiescence consults and fills the transposition table.
    pub(super) fn quiescence_table(self) -> bool {
        self == Pruning::Play
    }

    /// Whether late captures that lose by exchange are searched shallower,
    /// as late quiet moves are.
    pub(super) fn reduces_losing_captures(self) -> bool {
        self == Pruning::Play
    }
}

/// How hard [`Pruning::Play`] cuts near the leaves, per variant. Tuned in
/// Shatranj self-play; in Courier chess gentler margins were judged a
/// little better by Fairy-Stockfish and bolder ones worse (README, "The CPU
/// player", session 41: each within about a standard error, a lean rather
/// than a proof), while judging late quiet moves by their reduced depth
/// led in Courier self-play (session 48).
struct Shallow {
    /// Futility's margin per ply left, on top of 90.
    futility_per_ply: i32,
    /// Whether late-move pruning tries half as many quiet moves in a node
    /// that is not improving on its last turn.
    halve_when_worse: bool,
    /// Whether late quiet moves are cut by their reduced depth (see
    /// [`Pruning::cuts_at_reduced_depth`]).
    at_reduced_depth: bool,
    /// The history worth a ply of late-move reduction. Histories seldom
    /// pass 2,048 (session 50 counted at most 4 of 18,432 beyond it at
    /// 200 ms a move), so at 2,048 a ply the history hardly reduced at
    /// all; Courier's 512 was judged against Fairy-Stockfish (README,
    /// "The CPU player", session 51).
    history_per_ply: i32,
}

impl Shallow {
    fn of(variant: Variant) -> Shallow {
        match variant {
            Variant::Courier => Shallow {
                futility_per_ply: 130,
                halve_when_worse: false,
                at_reduced_depth: true,
                history_per_ply: 512,
            },
            _ => Shallow {
                futility_per_ply: 100,
                halve_when_worse: true,
                at_reduced_depth: false,
                history_per_ply: 2048,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cut's setting at `depth`, as the search would ask for it.
    fn cuts(p: Pruning, v: Variant, depth: i32, improving: bool) -> [Option<i32>; 3] {
        [
            p.reverse_futility_margin(depth, improving),
            p.futility_margin(v, depth),
            p.late_move_limit(v, depth, improving),
        ]
    }

    #[test]
    fn steady_cuts_the_same_in_every_variant() {
        // Shipped puzzles were proven with these: no variant may differ.
        for v in Variant::ALL {
            for depth in 0..12 {
                for improving in [false, true] {
                    let here = cuts(Pruning::Steady, v, depth, improving);
                    let shatranj = cuts(Pruning::Steady, Variant::Shatranj, depth, improving);
                    assert_eq!(here, shatranj, "{v} depth {depth}");
                }
            }
            assert!(!Pruning::Steady.cuts_at_reduced_depth(v), "{v}");
        }
    }

    #[test]
    fn a_courier_move_s_history_moves_its_reduction_sooner() {
        let courier = |h| Pruning::Play.history_reduction(Variant::Courier, h);
        let shatranj = |h| Pruning::Play.history_reduction(Variant::Shatranj, h);
        assert_eq!((courier(600), courier(-600)), (-1, 1));
        assert_eq!((shatranj(600), shatranj(-600)), (0, 0));
        // Never more than two plies either way, and never for the levels.
        assert_eq!((courier(1 << 20), courier(-(1 << 20))), (-2, 2));
        for v in Variant::ALL {
            assert_eq!(Pruning::Steady.history_reduction(v, 5000), 0, "{v}");
        }
    }

    #[test]
    fn master_cuts_courier_no_harder_than_shatranj() {
        for depth in 1..12 {
            for improving in [false, true] {
                let courier = cuts(Pruning::Play, Variant::Courier, depth, improving);
                let shatranj = cuts(Pruning::Play, Variant::Shatranj, depth, improving);
                // A wider margin or a longer list of moves cuts less.
                for (c, s) in courier.iter().zip(&shatranj) {
                    assert_eq!(c.is_some(), s.is_some(), "depth {depth}");
                    assert!(c >= s, "depth {depth}: {c:?} < {s:?}");
                }
            }
        }
        // Somewhere it really is gentler.
        let gentler = (1..8).any(|d| {
            cuts(Pruning::Play, Variant::Courier, d, false)
                != cuts(Pruning::Play, Variant::Shatranj, d, false)
        });
        assert!(gentler);
    }
}
