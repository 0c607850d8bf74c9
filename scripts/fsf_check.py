#!/usr/bin/env python3
"""Live differential test data from Fairy-Stockfish (pyffish).

    python3 scripts/fsf_check.py VARIANT N SEED [--max-plies P]

VARIANT is shatranj or courier.  Plays N random games from the start
position and prints, for every position reached (the start included), one line

    FEN<TAB>legal moves in UCI, sorted, separated by single spaces

The legal moves are pyffish.legal_moves(VARIANT, FEN, []) -- from the FEN
alone, no move history -- so a consumer that only parses the FEN sees what
Fairy-Stockfish saw.  The list is empty where FSF ends the game (checkmate,
stalemate, bare king); the game stops there or after P plies (default 300).
Moves are random, with a preference for captures so that games reach
endings.  Same arguments, same output.

Speed: every pyffish call rebuilds FSF's attack tables (~2.5 ms), so the
script makes one call per position and applies the chosen move to the FEN
itself (easy in these two variants: no castling, no en passant, no drops).
The last FEN of every game is checked against
pyffish.get_fen(VARIANT, start, moves); the script exits non-zero on a
mismatch.  N=50 takes about 15-30 s.
"""

import argparse
import random
import sys

import pyffish as sf

PROMOTION_LETTER = {"shatranj": "q", "courier": "f"}


def parse_board(field):
    rows = []
    for row in field.split("/"):
        cells = []
        num = ""
        for ch in row:
            if ch.isdigit():
                num += ch
                continue
            if num:
                cells.extend([None] * int(num))
                num = ""
            if ch == "~":  # promoted marker (FSF omits it by default)
                continue
            cells.append(ch)
        if num:
            cells.extend([None] * int(num))
        rows.append(cells)
    return rows  # rows[0] is the last rank


def board_field(rows):
    out = []
    for cells in rows:
        s, n = "", 0
        for c in cells:
            if c is None:
                n += 1
            else:
                if n:
                    s += str(n)
                    n = 0
                s += c
        if n:
            s += str(n)
        out.append(s)
    return "/".join(out)


def apply_move(variant, fen, move):
    """FEN after a UCI move (shatranj/courier: no castling, ep or drops)."""
    board, stm, castling, ep, half, full = fen.split()
    rows = parse_board(board)
    nranks = len(rows)

    def sq(name):
        return nranks - int(name[1:]), ord(name[0]) - ord("a")

    # a square is a file letter and a 1-digit rank (8 ranks)
    (fr, ff), (tr, tf) = sq(move[0:2]), sq(move[2:4])
    piece = rows[fr][ff]
    captured = rows[tr][tf]
    rows[fr][ff] = None
    if len(move) > 4:
        letter = move[4]
        piece = letter.upper() if piece.isupper() else letter.lower()
    rows[tr][tf] = piece
    half = 0 if captured is not None or piece.lower() == "p" or len(move) > 4 else int(half) + 1
    full = int(full) + (1 if stm == "b" else 0)
    return "%s %s %s %s %d %d" % (board_field(rows), "b" if stm == "w" else "w", castling, "-", half, full)


def main():
    ap = argparse.ArgumentParser(description="print FEN<TAB>sorted legal moves for random pyffish games")
    ap.add_argument("variant", choices=sorted(PROMOTION_LETTER))
    ap.add_argument("n", type=int, help="number of games")
    ap.add_argument("seed", type=int)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--capture-bias", type=float, default=0.6,
                    help="probability of playing a capture when there is one (default 0.6)")
    args = ap.parse_args()
    v = args.variant
    rng = random.Random("%s:%d" % (v, args.seed))
    start = sf.start_fen(v)
    out = sys.stdout
    for game in range(args.n):
        fen = start
        moves = []
        for ply in range(args.max_plies + 1):
            legal = sorted(sf.legal_moves(v, fen, []))
            out.write("%s\t%s\n" % (fen, " ".join(legal)))
            if not legal or ply == args.max_plies:
                break
            rows = parse_board(fen.split()[0])
            nranks = len(rows)
            caps = [m for m in legal
                    if rows[nranks - int(m[3])][ord(m[2]) - ord("a")] is not None]
            m = rng.choice(caps) if caps and rng.random() < args.capture_bias else rng.choice(legal)
            moves.append(m)
            fen = apply_move(v, fen, m)
        ref = sf.get_fen(v, start, moves)
        if ref != fen:
            sys.exit("fsf_check.py: FEN mismatch in game %d: computed %s, FSF %s" % (game, fen, ref))
    out.flush()


if __name__ == "__main__":
    main()
