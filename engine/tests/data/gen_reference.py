#!/usr/bin/env python3
"""Regenerate the Fairy-Stockfish reference corpus for shatranj and courier.

    python3 engine/tests/data/gen_reference.py            # writes both files
    python3 engine/tests/data/gen_reference.py --verify   # also checks every FEN
                                                          # against get_fen(start, moves)

Needs only `pyffish` (pip install pyffish).  See README.md beside this file for
what the files hold and what we found out about Fairy-Stockfish's behaviour.

How it works
------------
Every pyffish call rebuilds FSF's attack tables (UCI::init_variant), so one
call costs about 2 ms whatever it does.  The random playouts are therefore
driven by a small pure-Python move generator (class Board below), and
Fairy-Stockfish is asked only about the positions that go into the corpus:
legal_moves, gives_check, is_immediate_game_end, is_optional_game_end and,
when there is no legal move, game_result.  For every recorded position the
Python generator's legal moves must equal FSF's (the script aborts
otherwise), so the playouts follow FSF's rules exactly.  Each game's
recorded FEN is also checked against pyffish.get_fen(variant, start_fen,
moves) for the game's last recorded position (for every position with
--verify).

The games are biased towards endings: per game we draw a preference for
captures, for pawn moves (promotions), a one-ply search for moves that leave
the opponent without a legal move (checkmate, stalemate, bare king), and a
"quiet" phase that avoids captures and pawn moves once few pieces are left
(high halfmove clocks).  Seeds are fixed, so the output is reproducible
byte for byte (gzip mtime is 0).
"""

import argparse
import gzip
import json
import os
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240611
TARGET = {"shatranj": 20200, "courier": 20200}
MAX_PLIES = 400

# piece letter -> (leap offsets as (df, dr), slide directions as (df, dr))
KING8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
WAZIR = [(1, 0), (-1, 0), (0, 1), (0, -1)]
FERZ = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALFIL = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]

VARIANTS = {
    "shatranj": {
        "width": 8,
        "promo": "q",
        "nmove": 70,
        "pieces": {
            "k": (KING8, []), "q": (FERZ, []), "b": (ALFIL, []),
            "n": (KNIGHT, []), "r": ([], WAZIR),
        },
    },
    "courier": {
        "width": 12,
        "promo": "f",
        "nmove": 50,
        "pieces": {
            "k": (KING8, []), "f": (FERZ, []), "e": (ALFIL, []),
            "n": (KNIGHT, []), "r": ([], WAZIR), "b": ([], FERZ),
            "m": (KING8, []), "w": (WAZIR, []),
        },
    },
}

FILES = "abcdefghijkl"
EMPTY, OFF = ".", "#"


class Board:
    """Mailbox board with a 2-square border (alfil and knight leaps)."""

    def __init__(self, variant, fen):
        cfg = VARIANTS[variant]
        self.variant = variant
        self.W = cfg["width"]
        self.S = self.W + 4
        self.promo = cfg["promo"]
        self.nmove = cfg["nmove"]
        S = self.S
        self.leaps = {p: [df + dr * S for df, dr in lp] for p, (lp, _) in cfg["pieces"].items()}
        self.slides = {p: [df + dr * S for df, dr in sl] for p, (_, sl) in cfg["pieces"].items()}
        self.sqname = {}
        self.onboard = []
        for r in range(8):
            for f in range(self.W):
                i = self.idx(f, r)
                self.onboard.append(i)
                self.sqname[i] = FILES[f] + str(r + 1)
        # attack tables: (offset from the attacked square, letters that attack
        # it from there), one list per attacking colour
        self.leap_att = {}
        self.slide_att = {}
        for white in (True, False):
            case = str.upper if white else str.lower
            offs = {}
            for p, lst in self.leaps.items():
                for o in lst:
                    offs.setdefault(-o, set()).add(case(p))
            pawn_from = (-S - 1, -S + 1) if white else (S - 1, S + 1)
            for o in pawn_from:
                offs.setdefault(o, set()).add(case("p"))
            self.leap_att[white] = [(o, frozenset(ls)) for o, ls in sorted(offs.items())]
            dirs = {}
            for p, lst in self.slides.items():
                for d in lst:
                    dirs.setdefault(d, set()).add(case(p))
            self.slide_att[white] = [(d, frozenset(ls)) for d, ls in sorted(dirs.items())]
        self.set_fen(fen)

    def idx(self, f, r):
        return (r + 2) * self.S + f + 2

    def set_fen(self, fen):
        parts = fen.split()
        self.sq = [OFF] * (self.S * 12)
        for i in self.onboard:
            self.sq[i] = EMPTY
        rows = parts[0].split("/")
        assert len(rows) == 8, fen
        self.promoted = set()
        for k, row in enumerate(rows):
            r = 7 - k
            f = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    n = c
                    while j + 1 < len(row) and row[j + 1].isdigit():
                        j += 1
                        n += row[j]
                    f += int(n)
                elif c == "~":
                    self.promoted.add(self.idx(f - 1, r))
                else:
                    self.sq[self.idx(f, r)] = c
                    f += 1
                j += 1
            assert f == self.W, fen
        self.white = parts[1] == "w"
        self.halfmove = int(parts[4])
        self.fullmove = int(parts[5])
        self.kings = {}
        self.cnt = {True: 0, False: 0}
        for i in self.onboard:
            c = self.sq[i]
            if c != EMPTY:
                self.cnt[c.isupper()] += 1
            if c in "kK":
                self.kings[c == "K"] = i

    def fen(self):
        rows = []
        for r in range(7, -1, -1):
            s = ""
            n = 0
            for f in range(self.W):
                c = self.sq[self.idx(f, r)]
                if c == EMPTY:
                    n += 1
                else:
                    if n:
                        s += str(n)
                        n = 0
                    s += c
            if n:
                s += str(n)
            rows.append(s)
        return "%s %s - - %d %d" % ("/".join(rows), "w" if self.white else "b", self.halfmove, self.fullmove)

    # ---- attacks -------------------------------------------------------
    def attacked(self, s, by_white):
        sq = self.sq
        for o, letters in self.leap_att[by_white]:
            if sq[s + o] in letters:
                return True
        for d, letters in self.slide_att[by_white]:
            t = s + d
            while sq[t] == EMPTY:
                t += d
            if sq[t] in letters:
                return True
        return False

    def in_check(self):
        return self.attacked(self.kings[self.white], not self.white)

    # ---- material / FSF extinction rule ---------------------------------
    def counts(self):
        """(white pieces, black pieces), kings included."""
        return self.cnt[True], self.cnt[False]

    def extinct(self):
        """FSF's is_immediate_game_end for these variants (extinction with
        extinctionClaim): returns the result for the side to move or None."""
        w, b = self.counts()
        us, them = (w, b) if self.white else (b, w)
        if them <= 1 and us >= 2:
            return 32000
        if us <= 1 and them >= 3:
            return -32000
        return None

    # ---- move generation ------------------------------------------------
    def pseudo(self):
        sq = self.sq
        S = self.S
        white = self.white
        out = []
        last_rank = 9 if white else 2  # row index (r+2) of the promotion rank
        for i in self.onboard:
            c = sq[i]
            if c == EMPTY or c.isupper() != white:
                continue
            p = c.lower()
            if p == "p":
                fwd = S if white else -S
                t = i + fwd
                promo = (t // S) == last_rank
                if sq[t] == EMPTY:
                    out.append((i, t, promo))
                for t2 in (t - 1, t + 1):
                    c2 = sq[t2]
                    if c2 != EMPTY and c2 != OFF and c2.isupper() != white:
                        out.append((i, t2, promo))
                continue
            for o in self.leaps[p]:
                t = i + o
                c2 = sq[t]
                if c2 == EMPTY or (c2 != OFF and c2.isupper() != white):
                    out.append((i, t, False))
            for d in self.slides[p]:
                t = i + d
                while sq[t] == EMPTY:
                    out.append((i, t, False))
                    t += d
                c2 = sq[t]
                if c2 != OFF and c2.isupper() != white:
                    out.append((i, t, False))
        return out

    def make(self, m):
        f, t, promo = m
        sq = self.sq
        piece = sq[f]
        cap = sq[t]
        undo = (m, piece, cap, self.halfmove, self.fullmove, f in self.promoted, t in self.promoted)
        sq[t] = (self.promo.upper() if self.white else self.promo) if promo else piece
        sq[f] = EMPTY
        self.promoted.discard(t)
        if f in self.promoted:
            self.promoted.discard(f)
            self.promoted.add(t)
        if promo:
            self.promoted.add(t)
        if piece in "kK":
            self.kings[piece == "K"] = t
        if cap != EMPTY:
            self.cnt[not self.white] -= 1
            self.halfmove = 0
        elif piece in "pP":
            self.halfmove = 0
        else:
            self.halfmove += 1
        if not self.white:
            self.fullmove += 1
        self.white = not self.white
        return undo

    def unmake(self, undo):
        (f, t, promo), piece, cap, hm, fm, fprom, tprom = undo
        self.white = not self.white
        self.sq[f] = piece
        self.sq[t] = cap
        if cap != EMPTY:
            self.cnt[not self.white] += 1
        self.halfmove = hm
        self.fullmove = fm
        self.promoted.discard(t)
        self.promoted.discard(f)
        if fprom:
            self.promoted.add(f)
        if tprom:
            self.promoted.add(t)
        if piece in "kK":
            self.kings[piece == "K"] = f

    def legal(self):
        """Legal moves as FSF's legal_moves gives them (empty on an
        immediate game end)."""
        if self.extinct() is not None:
            return []
        out = []
        for m in self.pseudo():
            u = self.make(m)
            if not self.attacked(self.kings[not self.white], self.white):
                out.append(m)
            self.unmake(u)
        return out

    def has_legal(self):
        if self.extinct() is not None:
            return False
        for m in self.pseudo():
            u = self.make(m)
            ok = not self.attacked(self.kings[not self.white], self.white)
            self.unmake(u)
            if ok:
                return True
        return False

    def uci(self, m):
        f, t, promo = m
        return self.sqname[f] + self.sqname[t] + (self.promo if promo else "")

    def uci_after(self, undo):
        """UCI of the move that `undo` (from make) took back."""
        (f, t, promo) = undo[0]
        return self.sqname[f] + self.sqname[t] + (self.promo if promo else "")

    def is_capture(self, m):
        return self.sq[m[1]] != EMPTY

    def is_pawn(self, m):
        return self.sq[m[0]] in "pP"


def king_freedom(b, white_king):
    """Squares the given side's king could step to (ignoring pins)."""
    k = b.kings[white_king]
    n = 0
    for o in b.leaps["k"]:
        c = b.sq[k + o]
        if c == OFF or (c != EMPTY and c.isupper() == white_king):
            continue
        if not b.attacked(k + o, not white_king):
            n += 1
    return n


def record_after(b, mvs, moves, samples):
    """Record the positions after each of the moves `mvs` (not played)."""
    for mv in mvs:
        u = b.make(mv)
        samples.append((b.fen(), moves + [b.uci_after(u)], [b.uci(m) for m in b.legal()], bool(b.promoted)))
        b.unmake(u)


def play_game(variant, gid):
    """One biased random playout.  Returns the sampled positions as
    (fen, moves from the start, Python legal moves (UCI), promoted piece on board)."""
    rng = random.Random("%s:%d:%d" % (variant, SEED, gid))
    start = sf.start_fen(variant)
    b = Board(variant, start)
    N2 = 2 * b.nmove
    cap_pref = rng.uniform(0.3, 0.97)
    # in "mate" games one side takes much more than the other, so that it
    # ends up with the material to mate a king that still has a piece
    favoured = rng.random() < 0.5
    weak_cap_pref = rng.uniform(0.0, 0.3)
    weak_avoid = rng.uniform(0.7, 1.0)
    push_pref = rng.choice([0.0, 0.1, 0.3, 0.6])
    # endgame hunting: look one ply ahead for checkmates and stalemates and
    # let the side with more material hem in the other king
    mode = rng.choices(["bare", "mate", "quiet"], [3, 5, 2])[0]
    hunt = mode != "quiet" or rng.random() < 0.5
    hunt_pieces = rng.randint(5, 12) if variant == "shatranj" else rng.randint(6, 16)
    end_prob = rng.uniform(0.2, 0.8)      # play a found mate/stalemate
    # how often a capture that bares the opponent's king is allowed
    bare_pref = rng.choice([0.3, 0.9]) if mode == "bare" else 0.0
    restrict = rng.uniform(0.5, 0.95)
    quiet = mode == "quiet"
    quiet_pieces = rng.randint(3, 9) if variant == "shatranj" else rng.randint(3, 12)
    quiet_until = None
    max_plies = MAX_PLIES + (150 if quiet else 0)
    moves = []
    samples = []
    ply = 0
    while True:
        legal = b.legal()
        w, k = b.counts()
        total = w + k
        hm = b.halfmove
        # --- sampling --------------------------------------------------
        if not legal:
            p = 1.0
        else:
            p = 0.015 if ply < 8 else 0.03
            if total <= 12:
                p = 0.06
            if total <= 6:
                p = 0.12
            if w == 1 or k == 1:
                p = 0.4
            if b.promoted:
                p = max(p, 0.1)
            if any(m[2] for m in legal):
                p = max(p, 0.4)
            if hm >= N2 - 6:
                p = max(p, 0.25 if hm <= N2 + 4 else 0.05)
            if b.in_check():
                p = max(p, 0.2)
            if w == 1 and k == 1:
                p = 0.08  # two bare kings: FSF plays on, the n-move rule is a claim
        if rng.random() < p:
            samples.append((b.fen(), list(moves), [b.uci(m) for m in legal], bool(b.promoted)))
        if not legal or ply >= max_plies:
            break
        # --- move choice -----------------------------------------------
        m = None
        us, them = (w, k) if b.white else (k, w)
        if them == 2 and rng.random() < (0.6 if us == 2 else 0.05):
            # the position after taking the opponent's last piece: a bare
            # king to move (against K+1 FSF lets it reply)
            lastcaps = [mv for mv in legal if b.is_capture(mv)]
            if lastcaps:
                # prefer a capture that the bare king can answer by taking back
                backs = []
                for mv in lastcaps:
                    u = b.make(mv)
                    if any(b.is_capture(r) for r in b.legal()):
                        backs.append(mv)
                    b.unmake(u)
                mv = rng.choice(backs if backs and rng.random() < 0.7 else lastcaps)
                record_after(b, [mv], moves, samples)
                # and, if the bare king can take back, the two bare kings
                u = b.make(mv)
                counter = [r for r in b.legal() if b.is_capture(r)]
                if counter:
                    record_after(b, counter[:1], moves + [b.uci_after(u)], samples)
                b.unmake(u)
        if hunt and (total <= hunt_pieces or min(w, k) <= 3):
            ends, bares, rest = [], [], []
            for mv in legal:
                u = b.make(mv)
                if b.extinct() is not None:
                    bares.append(mv)
                elif not b.has_legal():
                    ends.append(mv)
                else:
                    rest.append(mv)
                b.unmake(u)
            # record some of the game-ending moves (checkmate, stalemate,
            # baring the king)
            alts = rng.sample(ends, min(3, len(ends)))
            if bares and rng.random() < 0.2:
                alts.append(rng.choice(bares))
            record_after(b, alts, moves, samples)
            if ends and rng.random() < end_prob:
                m = rng.choice(ends)
            elif bares and rng.random() < bare_pref:
                m = rng.choice(bares)
            elif us > them and rest and rng.random() < restrict:
                best = None
                for mv in rest:
                    u = b.make(mv)
                    score = king_freedom(b, b.white) - (2 if b.in_check() else 0) + rng.random() * 2.5
                    b.unmake(u)
                    if best is None or score < best[0]:
                        best = (score, mv)
                m = best[1]
            elif rest and bares:
                legal = rest
        if m is None and quiet and total <= quiet_pieces:
            if quiet_until is None:
                quiet_until = N2 + rng.randint(-8, 30)
            if hm < quiet_until:
                calm = [mv for mv in legal if not b.is_capture(mv) and not b.is_pawn(mv)]
                if calm:
                    m = rng.choice(calm)
        if m is None and mode == "mate" and b.white != favoured and rng.random() < weak_avoid:
            # the weaker side mostly leaves the stronger side's pieces alone
            keep = [mv for mv in legal if not b.is_capture(mv)]
            if keep:
                legal = keep
        if m is None and them == 2 and rng.random() >= max(bare_pref, 0.05 if us == 2 else 0.0):
            # do not take the opponent's last piece
            keep = [mv for mv in legal if not b.is_capture(mv)]
            if keep:
                legal = keep
        if m is None:
            caps = [mv for mv in legal if b.is_capture(mv)]
            pref = weak_cap_pref if mode == "mate" and b.white != favoured else cap_pref
            if caps and rng.random() < pref:
                m = rng.choice(caps)
            else:
                pawns = [mv for mv in legal if b.is_pawn(mv)]
                if pawns and rng.random() < push_pref:
                    m = rng.choice(pawns)
                else:
                    m = rng.choice(legal)
        moves.append(b.uci(m))
        b.make(m)
        ply += 1
    return samples


def playout_batch(args):
    variant, lo, hi = args
    return [(gid, play_game(variant, gid)) for gid in range(lo, hi)]


def annotate(args):
    """Ask Fairy-Stockfish about a batch of positions."""
    variant, items, verify = args
    start = sf.start_fen(variant)
    out = []
    for fen, moves, mine, _, check_fen in items:
        if verify or check_fen:
            ref = sf.get_fen(variant, start, moves)
            if ref != fen:
                raise SystemExit("FEN mismatch %s: python %s, FSF %s" % (variant, fen, ref))
        legal = sorted(sf.legal_moves(variant, fen, []))
        if legal != sorted(mine):
            raise SystemExit("legal move mismatch %s %s:\n FSF %s\n py  %s" % (variant, fen, legal, sorted(mine)))
        check = bool(sf.gives_check(variant, fen, []))
        imm = sf.is_immediate_game_end(variant, fen, [])
        opt = sf.is_optional_game_end(variant, fen, [])
        # the value is meaningless (uninitialised in pyffish) when the flag is false
        imm = [bool(imm[0]), int(imm[1]) if imm[0] else 0]
        opt = [bool(opt[0]), int(opt[1]) if opt[0] else 0]
        result = None if legal else int(sf.game_result(variant, fen, []))
        out.append({"fen": fen, "legal": legal, "check": check,
                    "immediate": imm, "optional": opt, "result": result})
    return out


def stats(variant, recs, promoted):
    """Category counts, in a fixed order."""
    N2 = 2 * VARIANTS[variant]["nmove"]
    keys = [
        "positions",
        "bare king (either side has only its king)",
        "  immediate game end (is_immediate_game_end true)",
        "  bare king to move vs K+1 (FSF gives it a reply)",
        "    ... and it can take the last piece",
        "    ... and it cannot take the last piece",
        "  K+1 to move vs a bare king (FSF: immediate win)",
        "  two bare kings (FSF plays on)",
        "checkmate (no legal move, in check)",
        "stalemate (no legal move, not in check, immediate false)",
        "in check",
        "promotion move available",
        "promoted ferz on the board",
        "halfmove >= 100",
        "halfmove >= %d (%d-move rule)" % (N2, N2 // 2),
        "optional game end (is_optional_game_end true)",
        "<= 6 pieces on the board",
    ]
    c = Counter()
    for r, prom in zip(recs, promoted):
        fen = r["fen"]
        board, stm, _, _, hm, _ = fen.split()
        hm = int(hm)
        w = sum(ch.isupper() for ch in board)
        k = sum(ch.islower() for ch in board)
        us, them = (w, k) if stm == "w" else (k, w)
        c[keys[0]] += 1
        if w == 1 or k == 1:
            c[keys[1]] += 1
        if r["immediate"][0]:
            c[keys[2]] += 1
        if us == 1 and them == 2:
            c[keys[3]] += 1
            bd = Board(variant, fen)
            last = [i for i in bd.onboard if bd.sq[i] not in (EMPTY, "k", "K") and bd.sq[i].isupper() != bd.white]
            if any(m[2:4] == bd.sqname[last[0]] for m in r["legal"]):
                c[keys[4]] += 1
            else:
                c[keys[5]] += 1
        if us == 2 and them == 1:
            c[keys[6]] += 1
        if w == 1 and k == 1:
            c[keys[7]] += 1
        if not r["legal"] and not r["immediate"][0]:
            c[keys[8] if r["check"] else keys[9]] += 1
        if r["check"]:
            c[keys[10]] += 1
        if any(len(m) == 5 for m in r["legal"]):
            c[keys[11]] += 1
        if prom:
            c[keys[12]] += 1
        if hm >= 100:
            c[keys[13]] += 1
        if hm >= N2:
            c[keys[14]] += 1
        if r["optional"][0]:
            c[keys[15]] += 1
        if w + k <= 6:
            c[keys[16]] += 1
    return [(key, c[key]) for key in keys]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--verify", action="store_true", help="check every FEN against get_fen(start, moves)")
    ap.add_argument("--variants", default="shatranj,courier")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--target", type=int, default=0, help="positions per variant (default %d)" % TARGET["shatranj"])
    ap.add_argument("--outdir", default=HERE)
    args = ap.parse_args()
    t0 = time.time()
    variants = args.variants.split(",")
    pool = Pool(args.jobs)
    selected = {}
    for v in variants:
        seen = set()
        chosen = []
        prom = 0
        batch = 10
        gid = 0
        done = False
        while not done:
            jobs = [(v, lo, lo + batch) for lo in range(gid, gid + batch * 2 * args.jobs, batch)]
            gid += batch * 2 * args.jobs
            for res in pool.map(playout_batch, jobs):
                for g, samples in res:
                    for j, (fen, moves, mine, prom) in enumerate(samples):
                        if fen in seen:
                            continue
                        seen.add(fen)
                        # verify the FEN of each game's last sample against FSF's own
                        chosen.append((fen, moves, mine, prom, j == len(samples) - 1))
                        if len(chosen) >= (args.target or TARGET[v]):
                            done = True
                            break
                    if done:
                        break
                if done:
                    break
        selected[v] = chosen
        print("%s: %d positions from %d games sampled (%.0fs)" % (v, len(chosen), g + 1, time.time() - t0), flush=True)

    for v in variants:
        items = selected[v]
        chunk = 250
        jobs = [(v, items[i:i + chunk], args.verify) for i in range(0, len(items), chunk)]
        recs = []
        for part in pool.imap(annotate, jobs):
            recs.extend(part)
        path = os.path.join(args.outdir, "%s.jsonl.gz" % v)
        with open(path, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
                for r in recs:
                    gz.write((json.dumps(r, separators=(",", ":")) + "\n").encode())
        c = stats(v, recs, [it[3] for it in items])
        print("%s: wrote %s (%d bytes, %.0fs)" % (v, path, os.path.getsize(path), time.time() - t0))
        for key, n in c:
            print("  %-62s %6d" % (key, n))
        sys.stdout.flush()
    pool.close()


if __name__ == "__main__":
    main()
