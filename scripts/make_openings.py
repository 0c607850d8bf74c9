#!/usr/bin/env python3
"""Writes scripts/openings/<variant>.txt: short random opening lines that
alfil, searching 8 plies, scores within 40 centipawns (balanced), so a
match is not decided by the opening. Each line is played with both colours.

    scripts/make_openings.py shatranj 12 --plies 6 --seed 1
"""
import argparse
import os
import random

import pyffish

from match import HERE, ROOT, Uci


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("count", type=int)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alfil", default=os.path.join(ROOT, "target", "release", "alfil"))
    ap.add_argument("--out", help="write here instead of scripts/openings/<variant>.txt (the matches' default set)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    judge = Uci([args.alfil, "uci"], args.variant)
    start = pyffish.start_fen(args.variant)
    lines = []
    while len(lines) < args.count:
        moves = []
        for _ in range(args.plies):
            moves.append(rng.choice(pyffish.legal_moves(args.variant, start, moves)))
        judge.send("position startpos moves " + " ".join(moves))
        judge.send("go depth 8")
        _, out = judge.read_until(lambda l: l.startswith("bestmove"), 60)
        info = [l for l in out if l.startswith("info depth")][-1].split()
        score = int(info[info.index("cp") + 1]) if "cp" in info else 9999
        if abs(score) <= 40 and moves not in lines:
            lines.append(moves)
    judge.close()
    os.makedirs(os.path.join(HERE, "openings"), exist_ok=True)
    out = args.out or os.path.join(HERE, "openings", f"{args.variant}.txt")
    with open(out, "w") as f:
        f.write(f"# {args.count} random {args.plies}-ply lines, |alfil depth-8 score| <= 40 cp (seed {args.seed})\n")
        for m in lines:
            f.write(" ".join(m) + "\n")


if __name__ == "__main__":
    main()
