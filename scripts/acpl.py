#!/usr/bin/env python3
"""How much alfil's moves lose by Fairy-Stockfish's deep judgement.

alfil (Master) chooses a move in each of a fixed set of positions at a
fixed time per move; Fairy-Stockfish searches each position to a fixed
depth, once for its best move and once restricted to alfil's
(`searchmoves`), and the difference is that move's loss in centipawns
(capped at 300, so one blunder does not drown the mean). The mean loss
over many middlegame positions moves with the evaluation's quality at a
fraction of a match's cost: a few minutes for 1,200 positions, where a
self-play match needs hours to see 30 Elo. Fairy-Stockfish's searches are
kept in a cache, so a second build only costs the moves it plays
differently.

    scripts/acpl.py --positions scripts/acpl/shatranj.fen --out new.tsv
    scripts/acpl.py --alfil /tmp/old/alfil --out old.tsv
    scripts/acpl.py --compare old.tsv new.tsv
    scripts/acpl.py --variant courier --nodes 100000 --out new.tsv   # no timing noise

The positions file has a FEN per line (anything after a tab is ignored).
`--compare` prints each file's mean and the paired difference with its
standard error: two builds are judged on the same positions, which removes
most of the noise of which positions were drawn.

The scores lean towards Fairy-Stockfish's taste: it is the judge, so its
own moves lose almost nothing (1.4 cp at 200 ms, where alfil lost 8.7 on
the first 400 Shatranj positions). Use it to compare alfil builds, and
confirm a gain in play (`match.py`).

Stdlib only, plus Debian's fairy-stockfish and `match.py` beside this file.
"""
import argparse
import json
import math
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from match import FAIRY_STOCKFISH, ROOT, Uci, last_score  # noqa: E402

CAP = 300
# Mates, and scores beyond, count as this: a won position lost is a
# blunder, not a bigger one the deeper the mate.
MATE = 3000


def search(engine, fen, go):
    """(best move, score for the side to move in centipawns within
    ±MATE, or None)."""
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send(go)
    line, lines = engine.read_until(lambda l: l.startswith("bestmove"), 600)
    if line is None:
        raise SystemExit(f"no answer to `{go}` in {fen}")
    score = last_score(lines)
    if score is None:
        return line.split()[1], None
    kind, value = score
    if kind == "mate":
        value = MATE if value > 0 else -MATE
    return line.split()[1], max(-MATE, min(MATE, value))


class Judge:
    """Fairy-Stockfish's scores at `depth`, by FEN and move, cached on disk."""

    def __init__(self, variant, depth, path):
        self.variant, self.depth, self.path = variant, depth, path
        self.lock = threading.Lock()
        self.scores = json.load(open(path)) if os.path.exists(path) else {}

    def engine(self):
        return Uci([FAIRY_STOCKFISH], self.variant, [("Threads", 1), ("Hash", 64)])

    def score(self, engine, fen, move):
        """The score after restricting the search to `move` (None: the best)."""
        key = move or "best"
        with self.lock:
            known = self.scores.get(fen, {}).get(key)
        if known is not None:
            return known
        go = f"go depth {self.depth}" + (f" searchmoves {move}" if move else "")
        best, value = search(engine, fen, go)
        found = [best, value] if move is None else value
        with self.lock:
            entry = self.scores.setdefault(fen, {})
            entry[key] = found
            if move is None and value is not None:
                entry.setdefault(best, value)
        return found

    def save(self):
        with self.lock:
            tmp = self.path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(self.scores, f)
            os.replace(tmp, self.path)


def measure(args):
    fens = [l.split("\t")[0].strip() for l in open(args.positions) if l.strip() and not l.startswith("#")]
    judge = Judge(args.variant, args.depth, args.cache or os.path.join(
        os.environ.get("TMPDIR", "/tmp"), f"alfil-acpl-{args.variant}-d{args.depth}.json"))
    rows = [None] * len(fens)
    go = f"go nodes {args.nodes}" if args.nodes else f"go movetime {args.movetime}"

    def worker(part):
        ours = Uci([args.alfil, "uci"], args.variant, [("Level", "Master"), ("Hash", 64)])
        fsf = judge.engine()
        for i in range(part, len(fens), args.jobs):
            fen = fens[i]
            move, _ = search(ours, fen, go)
            best, top = judge.score(fsf, fen, None)
            after = top if move == best else judge.score(fsf, fen, move)
            if top is not None and after is not None:
                rows[i] = (fen, move, best, max(0, top - after))
            if i % 100 == 0:
                judge.save()
        ours.close()
        fsf.close()

    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(worker, range(args.jobs)))
    judge.save()
    rows = [r for r in rows if r]
    if args.out:
        with open(args.out, "w") as f:
            for r in rows:
                print(*r, sep="\t", file=f)
    losses = [min(r[3], CAP) for r in rows]
    same = sum(r[1] == r[2] for r in rows)
    print(f"{len(rows)} positions: mean loss {sum(losses) / len(rows):.2f} cp, "
          f"same move as Fairy-Stockfish {same / len(rows):.1%}, "
          f"losses of 50 cp or more {sum(l >= 50 for l in losses)}")


def compare(a, b):
    def load(path):
        return {f[0]: min(int(f[3]), CAP) for f in (l.rstrip("\n").split("\t") for l in open(path))}
    la, lb = load(a), load(b)
    both = sorted(set(la) & set(lb))
    d = [lb[k] - la[k] for k in both]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
    print(f"{a}: {sum(la[k] for k in both) / len(both):.2f}  {b}: {sum(lb[k] for k in both) / len(both):.2f}"
          f"  difference {mean:+.2f} ± {sd / math.sqrt(len(d)):.2f} cp over {len(both)} positions")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="shatranj", choices=["shatranj", "courier"])
    ap.add_argument("--positions", default=None, help="default scripts/acpl/<variant>.fen")
    ap.add_argument("--alfil", default=os.path.join(ROOT, "target", "release", "alfil"))
    ap.add_argument("--movetime", type=int, default=200, help="alfil's milliseconds per move")
    ap.add_argument("--nodes", type=int, help="alfil's nodes per move instead of --movetime: "
                    "the same moves on every run, so two builds differ only by their trees")
    ap.add_argument("--depth", type=int, default=13, help="Fairy-Stockfish's depth")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", help="Fairy-Stockfish's scores (default $TMPDIR/alfil-acpl-<variant>-d<depth>.json)")
    ap.add_argument("--out", help="one line per position: FEN, alfil's move, Fairy-Stockfish's, the loss")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), help="two --out files: B's loss minus A's")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    args.positions = args.positions or os.path.join(HERE, "acpl", f"{args.variant}.fen")
    measure(args)


if __name__ == "__main__":
    main()
