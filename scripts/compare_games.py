#!/usr/bin/env python3
"""Fairy-Stockfish's view and alfil's side by side, ply by ply.

`review_games.py` says when games against Fairy-Stockfish are lost; this
says where alfil's judgement parts from Fairy-Stockfish's. For each chosen
game it searches every `--every`-th position with both engines to the same
depth and prints the move played, each engine's score from alfil's side
and each engine's choice. A gap that opens before the score falls points at
what alfil's evaluation misses (session 31 found a king walking up the
board this way, and a knight trapped on b2).

    scripts/match.py ... --games-out /tmp/games.txt
    scripts/compare_games.py /tmp/games.txt --game 0 --from 20 --to 40 --every 1 --depth 14

Stdlib only, plus `fairy-stockfish` (Debian's package) and match.py.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import FAIRY_STOCKFISH, ROOT, Uci, read_games  # noqa: E402
from review_games import search  # noqa: E402


def look(engine, moves, depth):
    """The side to move's score (0 if the engine gave none) and its choice."""
    score, best = search(engine, moves, depth)
    return score or 0, best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", help="a file written by match.py --games-out")
    ap.add_argument("--game", type=int, action="append",
                    help="a game's index in the file, from 0 (repeatable; default all)")
    ap.add_argument("--lost-only", action="store_true", help="only the games alfil lost")
    ap.add_argument("--from", dest="first", type=int, default=6, help="first ply to look at")
    ap.add_argument("--to", dest="last", type=int, default=10**6, help="ply to stop before")
    ap.add_argument("--every", type=int, default=10, help="plies between two looks")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--alfil", default=os.path.join(ROOT, "target", "release", "alfil"))
    args = ap.parse_args()

    engines = {}
    gaps = []
    for index, (variant, colour, result, reason, moves) in enumerate(read_games(args.games)):
        if args.game and index not in args.game:
            continue
        if args.lost_only and result != 0.0:
            continue
        if variant not in engines:
            engines[variant] = (Uci([FAIRY_STOCKFISH], variant, [("Threads", 1), ("Hash", 16)]),
                                Uci([args.alfil, "uci"], variant))
        fsf, alfil = engines[variant]
        for engine in (fsf, alfil):
            engine.send("ucinewgame")
        print(f"game {index}: {colour} {result} {reason}, {len(moves)} plies", flush=True)
        for ply in range(args.first, min(len(moves), args.last), args.every):
            ours = (ply % 2 == 0) == (colour == "alfil-white")
            sign = 1 if ours else -1
            f_score, f_best = look(fsf, moves[:ply], args.depth)
            a_score, a_best = look(alfil, moves[:ply], args.depth)
            gaps.append(sign * (a_score - f_score))
            mover = "alfil" if ours else "fsf  "
            print(f"  ply {ply:3} {mover} played {moves[ply]:6} "
                  f"fsf {sign * f_score:+5} ({f_best:6})  alfil {sign * a_score:+5} ({a_best})",
                  flush=True)
    for fsf, alfil in engines.values():
        fsf.close()
        alfil.close()
    if gaps:
        print(f"alfil's score minus Fairy-Stockfish's, mean over {len(gaps)} looks: "
              f"{sum(gaps) / len(gaps):+.0f} cp")


if __name__ == "__main__":
    main()
