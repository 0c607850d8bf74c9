#!/usr/bin/env python3
"""How far Master's static evaluation stands from Fairy-Stockfish's, and
which of Fairy-Stockfish's terms the gap follows.

`compare_games.py` shows single positions; this measures many. For
positions of `match.py --games-out` games (every --every plies from ply
16 to 140, not in check) it asks Master's static evaluation (the
`eval_fens` example, with `--set knob=value` changes to the tuned
weights), Fairy-Stockfish's traced classical evaluation (its `eval`
command, term by term) and, with --depth, Fairy-Stockfish's search. It
prints the mean and root-mean-square of Master's score minus each, and for
every traced term (middlegame and ending, from the side to move) how it
correlates with the gap and its least-squares weight in explaining it: a
term the gap follows closely is one Master's evaluation misses (session
36 found mobility, king safety and threats in Courier this way).

    cargo build --release -p alfil-engine --example eval_fens
    scripts/eval_gap.py /tmp/games.txt --variant courier --depth 8
    scripts/eval_gap.py /tmp/games.txt --variant courier --set mobility.fsf=0

Stdlib only, plus `fairy-stockfish` (Debian's package), pyffish and
match.py.
"""

import argparse
import math
import os
import subprocess
import sys

import pyffish

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import FAIRY_STOCKFISH, ROOT, Uci, read_games  # noqa: E402
from review_games import MATE_SHOWN, search  # noqa: E402

TERMS = ["Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks",
         "Mobility", "King safety", "Threats", "Passed", "Space"]


def positions(files, variant, every):
    """The games' quiet positions (not in check): the moves to each, and
    its FEN."""
    start = pyffish.start_fen(variant)
    for path in files:
        for _, _, _, _, moves in read_games(path):
            for ply in range(16, min(len(moves), 140), every):
                if not pyffish.gives_check(variant, start, moves[:ply]):
                    yield moves[:ply], pyffish.get_fen(variant, start, moves[:ply])


def traced(engine, moves):
    """Fairy-Stockfish's traced terms (White's middlegame and ending
    totals, in centipawns) and its final evaluation for White."""
    engine.position(moves)
    engine.send("eval")
    line, lines = engine.read_until(lambda l: l.startswith("Total evaluation"), 10)
    terms = {}
    for row in lines:
        name, _, rest = row.partition("|")
        cells = rest.split("|")
        if name.strip() in TERMS and len(cells) >= 3:
            mg, eg = cells[2].split()[:2]
            terms[name.strip()] = (float(mg) * 100, float(eg) * 100)
    return terms, float(line.split()[2]) * 100


def ours(fens, variant, changes):
    """Master's static evaluation of each FEN, for the side to move."""
    binary = os.path.join(ROOT, "target", "release", "examples", "eval_fens")
    out = subprocess.run([binary, variant, *changes], input="\n".join(fens) + "\n",
                         capture_output=True, text=True, check=True).stdout.split("\n")
    scores = [line for line in out if line.strip()]
    refused = [(fen, line) for fen, line in zip(fens, scores) if line.startswith("x")]
    if refused:
        sys.exit(f"alfil refused {refused[0][0]}: {refused[0][1]}")
    return [int(line) for line in scores]


def solve(a, b):
    """x with a·x = b, by elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-9:
            continue
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-9 else 0.0 for i in range(n)]


def least_squares(rows, target):
    """Weights (and a constant last) fitting target from the rows."""
    x = [r + [1.0] for r in rows]
    k = len(x[0])
    xtx = [[sum(row[i] * row[j] for row in x) for j in range(k)] for i in range(k)]
    xty = [sum(row[i] * t for row, t in zip(x, target)) for i in range(k)]
    return solve(xtx, xty)


def stats(values):
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum(v * v for v in values) / n)


def correlation(a, b):
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb) if va > 0 and vb > 0 else 0.0


def report(name, gap, features, names):
    mean, rms = stats(gap)
    print(f"Master minus Fairy-Stockfish's {name}: mean {mean:+.1f}, rms {rms:.1f} cp")
    keep = [i for i in range(len(names)) if stats([f[i] for f in features])[1] > 0.5]
    weights = least_squares([[f[i] for i in keep] for f in features], [-g for g in gap])
    for w, i in zip(weights, keep):
        column = [f[i] for f in features]
        print(f"  {names[i]:16s} weight {w:+.2f}  correlation with the gap "
              f"{correlation(column, [-g for g in gap]):+.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="files written by match.py --games-out")
    ap.add_argument("--variant", default="shatranj")
    ap.add_argument("--every", type=int, default=4, help="plies between two looks")
    ap.add_argument("--depth", type=int, default=0, help="also Fairy-Stockfish's search")
    ap.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE",
                    help="a change to Master's tuned weights (repeatable)")
    args = ap.parse_args()

    looks = list(positions(args.games, args.variant, args.every))
    fens = [fen for _, fen in looks]
    master = ours(fens, args.variant, args.set)
    engine = Uci([FAIRY_STOCKFISH], args.variant, [("Threads", 1), ("Hash", 64)])
    names = [f"{t} {p}" for t in TERMS for p in ("mg", "eg")]
    features, static_gap, search_gap, search_features = [], [], [], []
    for (moves, fen), score in zip(looks, master):
        terms, total = traced(engine, moves)
        side = 1 if fen.split()[1] == "w" else -1
        row = [side * v for t in TERMS for v in terms.get(t, (0.0, 0.0))]
        features.append(row)
        static_gap.append(score - side * total)
        if args.depth:
            s, _ = search(engine, moves, args.depth)
            if s is not None and abs(s) < MATE_SHOWN:
                search_gap.append(score - s)
                search_features.append(row)
    engine.close()
    print(f"{len(fens)} positions, {args.variant}, changes: {' '.join(args.set) or 'none'}")
    report("static evaluation", static_gap, features, names)
    if search_gap:
        report(f"search at depth {args.depth}", search_gap, search_features, names)


if __name__ == "__main__":
    main()
