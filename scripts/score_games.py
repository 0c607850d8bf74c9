#!/usr/bin/env python3
"""The games `match.py --games-out` wrote, scored by Fairy-Stockfish, as
data for `tune_eval` in tune_data.py's format.

Fairy-Stockfish's games against itself (tune_data.py) rarely hold the
positions alfil loses in: there neither king is under a real attack. The
games alfil played against it do, so fitting on them teaches the
evaluation what it misjudged there (in Shatranj, the safety of its king).

    scripts/match.py ... --games-out /tmp/fsf.games
    scripts/score_games.py /tmp/fsf.games --out /tmp/fsf.tsv
    cargo run --release -p alfil-engine --example tune_eval -- \\
        shatranj /tmp/fsf.tsv,/tmp/shatranj.tsv --from tuned --only ...

One line per game: White's result, the moves, and Fairy-Stockfish's score
for the side to move before each move at --nodes (`x` for the opening's
plies and where it sees a mate).

With --depth, each chosen position is searched afresh to that depth
instead, its score held within ±1000 (a mate counts as 1000), and
--every, --skip and --last choose fewer positions, since a deeper search
costs more (session 43 labelled Courier games so, to refit the piece values):

    scripts/score_games.py G.games --depth 10 --every 4 --skip 16 --last 140 --out G.tsv
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Uci, read_games, search_nodes  # noqa: E402
from review_games import search  # noqa: E402


def scores(engine, moves, args):
    """Fairy-Stockfish's score before each move, as text."""
    if not args.depth:
        # The game's positions share one table; with --depth each is fresh.
        engine.send("ucinewgame")
    found = ["x"] * len(moves)
    for ply in range(args.skip, min(len(moves), args.last or len(moves)), args.every):
        if args.depth:
            # Afresh, so that no position's score leans on another's.
            engine.send("ucinewgame")
            score, _ = search(engine, moves[:ply], args.depth)
            found[ply] = "x" if score is None else str(score)
        else:
            found[ply] = search_nodes(engine, moves[:ply], args.nodes)[0]
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="files written by match.py --games-out")
    ap.add_argument("--out", required=True)
    ap.add_argument("--nodes", type=int, default=8000, help="as tune_data.py")
    ap.add_argument("--depth", type=int, default=0, help="search to this depth instead")
    ap.add_argument("--skip", type=int, default=6, help="opening plies left unscored")
    ap.add_argument("--every", type=int, default=1, help="plies between two scores")
    ap.add_argument("--last", type=int, default=0, help="no score from this ply on")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    engines = {}
    with open(args.out, "a") as out:
        for path in args.games:
            for variant, colour, score, _reason, moves in read_games(path):
                white = score if colour == "alfil-white" else 1.0 - score
                if variant not in engines:
                    options = [("Threads", 1), ("Hash", 16)]
                    engines[variant] = Uci([args.engine], variant, options)
                found = scores(engines[variant], moves, args)
                result = {1.0: "1", 0.0: "0"}.get(white, "0.5")
                out.write(f"{result}\t{' '.join(moves)}\t{' '.join(found)}\n")
                out.flush()
    for engine in engines.values():
        engine.close()


if __name__ == "__main__":
    main()
