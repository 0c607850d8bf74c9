#!/usr/bin/env python3
"""Fairy-Stockfish's view of the games `match.py --games-out` wrote.

Results alone say little about why games are lost; this says when. For
each game it prints Fairy-Stockfish's score from alfil's side (centipawns,
mates shown as +/-1000) every `--every` plies, searched to a fixed depth,
then the mean over all games at each of those plies. A slide in the first
plies after the opening points at opening play, a score that turns late
from won to lost at tactics or king safety, a steady fall at the middlegame.

    scripts/match.py ... --games-out /tmp/games.txt
    scripts/review_games.py /tmp/games.txt --depth 12 --every 10 --lost-only

Stdlib only, plus `fairy-stockfish` (Debian's package) and match.py.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Uci, last_score, read_games  # noqa: E402

MATE_SHOWN = 1000


def search(engine, moves, depth):
    """A `go depth` search: the side to move's score (None if the engine
    gave none) and the move the engine chose."""
    engine.position(moves)
    engine.send(f"go depth {depth}")
    line, lines = engine.read_until(lambda l: l.startswith("bestmove"), 120)
    best = line.split()[1] if line else "?"
    found = last_score(lines)
    if found is None:
        return None, best
    kind, value = found
    score = value if kind == "cp" else (MATE_SHOWN if value > 0 else -MATE_SHOWN)
    return max(-MATE_SHOWN, min(MATE_SHOWN, score)), best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", help="a file written by match.py --games-out")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--every", type=int, default=10, help="plies between two looks")
    ap.add_argument("--lost-only", action="store_true", help="only the games alfil lost")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()

    engines = {}
    by_ply = {}
    for variant, colour, result, reason, moves in read_games(args.games):
        if args.lost_only and result != 0.0:
            continue
        if variant not in engines:
            engines[variant] = Uci([args.engine], variant, [("Threads", 1), ("Hash", 64)])
        engine = engines[variant]
        engine.send("ucinewgame")
        row = []
        for ply in range(args.every, len(moves), args.every):
            s, _ = search(engine, moves[:ply], args.depth)
            if s is None:
                break
            # The score is the mover's; turn it to alfil's side.
            alfil_moves = (ply % 2 == 0) == (colour == "alfil-white")
            s = s if alfil_moves else -s
            row.append(s)
            by_ply.setdefault(ply, []).append(s)
        print(f"{colour} {result} {reason} {len(moves)} plies: " + " ".join(map(str, row)), flush=True)
    for engine in engines.values():
        engine.close()
    print("mean by ply: " + " ".join(
        f"{p}:{sum(v) / len(v):+.0f}(n={len(v)})" for p, v in sorted(by_ply.items())))


if __name__ == "__main__":
    main()
