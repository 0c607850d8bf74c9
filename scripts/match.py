#!/usr/bin/env python3
"""Plays `alfil uci` against another engine and prints a score table.

Opponents: `fairymax` (xboard/CECP), `fairy-stockfish` (UCI), or
`alfil:<Level>` (alfil itself at a level, for the gauntlet). Every opening
line is played twice, colours swapped. alfil referees every game by its own
rules (RULES.md), through the `outcome` extension of `alfil uci`; pyffish
checks that each engine's move is legal and adds the promotion letter the
other programs expect.

    scripts/match.py --opponent fairymax --variant shatranj --movetime 200
    scripts/match.py --opponent fairy-stockfish --variant courier --games 20

Stdlib only, plus pyffish (Debian's python3-pyffish or `pip install pyffish`).
"""
import argparse
import math
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pyffish

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_PLIES = 1000
# Debian installs it outside root's PATH.
FAIRY_STOCKFISH = "/usr/games/fairy-stockfish"


class Engine:
    """A child process speaking line by line."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, pred, timeout):
        """Lines up to the first matching `pred`, or None on timeout/exit."""
        out = []
        result = {}

        def reader():
            while True:
                line = self.p.stdout.readline()
                if not line:
                    return
                line = line.strip()
                out.append(line)
                if pred(line):
                    result["line"] = line
                    return

        t = threading.Thread(target=reader, daemon=True)
        t.start()
        t.join(timeout)
        return result.get("line"), out

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:
            self.p.kill()


class Uci(Engine):
    def __init__(self, argv, variant, options=()):
        super().__init__(argv)
        self.send("uci")
        self.read_until(lambda l: l == "uciok", 10)
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.read_until(lambda l: l == "readyok", 10)

    def new_game(self, start_moves):
        self.send("ucinewgame")

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def best(self, moves, movetime_ms):
        self.position(moves)
        self.send(f"go movetime {movetime_ms}")
        line, _ = self.read_until(lambda l: l.startswith("bestmove"), movetime_ms / 1000 * 5 + 5)
        if line is None:
            return None
        mv = line.split()[1]
        return None if mv in ("(none)", "0000") else mv


def last_score(lines):
    """The last exact score of a search's `info` lines, as ("cp" or
    "mate", value) for the side to move, or None."""
    score = None
    for line in lines:
        f = line.split()
        if "score" not in f or "lowerbound" in f or "upperbound" in f:
            continue
        score = f[f.index("score") + 1], int(f[f.index("score") + 2])
    return score


def search_nodes(engine, moves, nodes):
    """A `go nodes` search from the start after `moves`: the side to
    move's score in centipawns as text (`x` for a mate or no exact score)
    and the best move."""
    engine.position(moves)
    engine.send(f"go nodes {nodes}")
    _, lines = engine.read_until(lambda l: l.startswith("bestmove"), 60)
    found = last_score(lines)
    score = str(found[1]) if found and found[0] == "cp" else "x"
    return score, lines[-1].split()[1]


def read_games(path):
    """The games a --games-out file holds, as (variant, alfil's colour
    (`alfil-white` or `alfil-black`), alfil's score, the reason, the
    moves); void games are left out."""
    for line in open(path):
        fields = line.split()
        if len(fields) < 4 or fields[2] == "None":
            continue
        yield fields[0], fields[1], float(fields[2]), fields[3], fields[4:]


# Fairy-Max has no setboard; Courier's start (after the fixed opening
# moves, as Fairy-Stockfish and alfil begin) is entered in edit mode.
COURIER_EDIT = (["#"] + "Ra1 Nb1 Ec1 Bd1 Me1 Kf1 Wh1 Bi1 Ej1 Nk1 Rl1 Pb2 Pc2 Pd2 Pe2 Pf2 Ph2 Pi2 "
                "Pj2 Pk2 Pa4 Pg4 Pl4 Fg3".split() + ["c"] +
                "Ra8 Nb8 Ec8 Bd8 Me8 Kf8 Wh8 Bi8 Ej8 Nk8 Rl8 Pb7 Pc7 Pd7 Pe7 Pf7 Ph7 Pi7 "
                "Pj7 Pk7 Pa5 Pg5 Pl5 Fg6".split() + ["."])


class Xboard(Engine):
    """Fairy-Max, driven in force mode: it only moves when told `go`."""

    def __init__(self, argv, variant):
        super().__init__(argv)
        self.variant = variant
        self.send("xboard")
        self.send("protover 2")
        self.sent = []

    def new_game(self, start_moves):
        self.send("new")
        self.send(f"variant {self.variant}")
        self.send("force")
        if self.variant == "courier":
            self.send("edit")
            for c in COURIER_EDIT:
                self.send(c)
        self.sent = []

    def best(self, moves, movetime_ms):
        for m in moves[len(self.sent):]:
            self.send(m)
        self.sent = list(moves)
        self.send(f"st {movetime_ms / 1000:.3f}")
        self.send("go")
        line, _ = self.read_until(lambda l: l.startswith("move ") or l.startswith("resign")
                                  or l.startswith("1-0") or l.startswith("0-1")
                                  or l.startswith("1/2-1/2") or "Illegal" in l,
                                  movetime_ms / 1000 * 5 + 5)
        self.send("force")
        if line is None or not line.startswith("move "):
            return None
        mv = line.split()[1]
        self.sent.append(mv)
        return mv


def make_engine(spec, variant, alfil, contempt=0):
    if spec == "fairymax":
        return Xboard(["/usr/games/fairymax"], variant)
    if spec == "fairy-stockfish":
        return Uci([FAIRY_STOCKFISH], variant, [("Threads", 1), ("Hash", 16)])
    if spec.startswith("uci:"):
        # Another alfil build (e.g. before a change), at Master.
        return Uci([spec[4:], "uci"], variant, [("Level", "Master")])
    if spec.startswith("alfil"):
        level = spec.split(":", 1)[1] if ":" in spec else "Master"
        options = [("Level", level)] + ([("Contempt", contempt)] if contempt else [])
        return Uci([alfil, "uci"], variant, options)
    raise SystemExit(f"unknown engine {spec}")


def full_move(variant, moves, mv):
    """The move as pyffish spells it (with a promotion letter), or None if illegal."""
    legal = pyffish.legal_moves(variant, pyffish.start_fen(variant), moves)
    if mv in legal:
        return mv
    matches = [m for m in legal if m[:4] == mv[:4]]
    return matches[0] if matches else None


def play_game(args, opening, alfil_white):
    """One game; returns (score for alfil: 1, 0.5 or 0, reason, moves)."""
    variant = args.variant
    ours = make_engine(args.alfil_spec, variant, args.alfil, args.contempt)
    theirs = make_engine(args.opponent, variant, args.alfil)
    referee = Uci([args.alfil, "uci"], variant)
    try:
        moves = list(opening)
        for e in (ours, theirs):
            e.new_game(moves)
        while True:
            referee.position(moves)
            referee.send("outcome")
            line, _ = referee.read_until(lambda l: l.startswith("outcome") or l.startswith("info string bad"), 10)
            if line is None or line.startswith("info string bad"):
                return None, f"referee rejected: {line}", moves
            if line != "outcome none":
                result, reason = line.split(" ", 2)[1], line.split(" ", 2)[2]
                white_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
                return (white_score if alfil_white else 1 - white_score), reason, moves
            if len(moves) >= MAX_PLIES:
                return 0.5, "adjudicated: ply limit", moves
            white_to_move = len(moves) % 2 == 0
            mover = ours if white_to_move == alfil_white else theirs
            movetime = args.movetime if mover is ours else (args.opponent_movetime or args.movetime)
            mv = mover.best(moves, movetime)
            full = full_move(variant, moves, mv) if mv else None
            if full is None:
                alfil_lost = mover is ours
                return (0.0 if alfil_lost else 1.0), f"{'alfil' if alfil_lost else 'opponent'} gave no legal move ({mv})", moves
            moves.append(full)
    finally:
        for e in (ours, theirs, referee):
            e.close()


def elo(score):
    if score <= 0:
        return -999
    if score >= 1:
        return 999
    return -400 * math.log10(1 / score - 1)


def elo_error(results):
    """95% interval half-width in Elo from the per-game scores."""
    n = len(results)
    if n < 2:
        return float("inf")
    mean = sum(results) / n
    var = sum((r - mean) ** 2 for r in results) / (n - 1)
    se = math.sqrt(var / n)
    lo, hi = max(mean - 1.96 * se, 1e-3), min(mean + 1.96 * se, 1 - 1e-3)
    return (elo(hi) - elo(lo)) / 2


def load_openings(path, count):
    lines = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                lines.append(line.split())
    return lines[:count]


def run_match(args, log=print):
    openings = load_openings(args.openings or os.path.join(HERE, "openings", f"{args.variant}.txt"),
                             args.games // 2 if args.games else 10**6)
    jobs = [(o, w) for o in openings for w in (True, False)]
    results = []
    start = time.time()
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        futures = [pool.submit(play_game, args, o, w) for o, w in jobs]
        for i, ((o, w), fut) in enumerate(zip(jobs, futures)):
            score, reason, moves = fut.result()
            plies = len(moves)
            if args.games_out:
                with open(args.games_out, "a") as f:
                    colour = "white" if w else "black"
                    f.write(f"{args.variant} alfil-{colour} {score} {reason.replace(' ', '_')} {' '.join(moves)}\n")
            if score is None:
                log(f"  game {i + 1}: void ({reason})")
                continue
            results.append(score)
            log(f"  game {i + 1:3}: alfil {'white' if w else 'black'} {score:>3} "
                f"({reason}, {plies} plies) opening {' '.join(o)}")
    n = len(results)
    total = sum(results)
    wins = results.count(1.0)
    draws = results.count(0.5)
    pct = total / n if n else 0
    summary = {
        "alfil": args.alfil_spec, "opponent": args.opponent, "variant": args.variant,
        "movetime": args.movetime if not args.opponent_movetime
        else f"{args.movetime} / {args.opponent_movetime}", "games": n, "wins": wins, "draws": draws,
        "losses": n - wins - draws, "score": total, "pct": 100 * pct,
        "elo": elo(pct), "err": elo_error(results), "minutes": (time.time() - start) / 60,
    }
    return summary


def print_table(rows):
    print("| alfil | opponent | variant | ms/move | games | +/=/- | score | Elo diff |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['alfil']} | {r['opponent']} | {r['variant']} | {r['movetime']} | {r['games']} | "
              f"{r['wins']}/{r['draws']}/{r['losses']} | {r['score']}/{r['games']} ({r['pct']:.0f}%) | "
              f"{r['elo']:+.0f} ± {r['err']:.0f} |")


def parser():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponent", default="fairymax",
                    help="fairymax, fairy-stockfish, alfil:<Level> or uci:<path to another alfil>")
    ap.add_argument("--variant", default="shatranj", choices=["shatranj", "courier"])
    ap.add_argument("--movetime", type=int, default=200, help="milliseconds per move")
    ap.add_argument("--opponent-movetime", type=int, default=0,
                    help="milliseconds per move for the opponent, if not --movetime (time odds)")
    ap.add_argument("--games", type=int, default=0, help="games (two per opening); default all openings")
    ap.add_argument("--openings", help="file of opening lines (default scripts/openings/<variant>.txt)")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--alfil", default=os.path.join(ROOT, "target", "release", "alfil"))
    ap.add_argument("--games-out", help="append each game to this file: variant, alfil's colour, "
                    "its score, the reason and the moves, one game per line")
    ap.add_argument("--contempt", type=int, default=0,
                    help="our side's Contempt option: below 0 it settles for draws (against a stronger engine)")
    ap.add_argument("--level", dest="alfil_spec", default="alfil:Master", help="alfil:<Level> for our side")
    return ap


def main():
    args = parser().parse_args()
    if not args.alfil_spec.startswith("alfil"):
        args.alfil_spec = "alfil:" + args.alfil_spec
    odds = f" (opponent {args.opponent_movetime} ms)" if args.opponent_movetime else ""
    contempt = f" (Contempt {args.contempt})" if args.contempt else ""
    print(f"{args.alfil_spec}{contempt} vs {args.opponent}, {args.variant}, {args.movetime} ms/move{odds}",
          flush=True)
    summary = run_match(args, log=lambda s: print(s, flush=True))
    print()
    print_table([summary])


if __name__ == "__main__":
    main()
