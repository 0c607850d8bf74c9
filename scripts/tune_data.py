#!/usr/bin/env python3
"""Games of Fairy-Stockfish against itself, with its score before every
move, as data for fitting alfil's evaluation
(`cargo run --release -p alfil-engine --example tune_eval`).

    scripts/tune_data.py courier 400 --out /tmp/courier.tsv

Each game opens with 4 to 10 random moves and now and then plays a random
move instead of the engine's (--blunder), so the data holds unbalanced
positions too: they teach what the pieces are worth. A game whose score
has stayed beyond --decided centipawns for six plies is scored as won.

One line per game, appended to --out: White's result (1, 0.5, 0), the
moves, and the score in centipawns for the side to move before each move
(`x` for the random moves, and where the engine sees a mate).
"""
import argparse
import random

import pyffish

from match import Uci, search_nodes


def result_for_white(score_for_mover, moves):
    """1, 0 or 0.5 from a score (or game result) for the side to move."""
    white_to_move = len(moves) % 2 == 0
    if score_for_mover == 0:
        return 0.5
    return 1 if (score_for_mover > 0) == white_to_move else 0


def game_over(variant, start, moves):
    """The result for White if the game has ended, else None."""
    if not pyffish.legal_moves(variant, start, moves):
        return result_for_white(pyffish.game_result(variant, start, moves), moves)
    for check in (pyffish.is_optional_game_end, pyffish.is_immediate_game_end):
        ended, result = check(variant, start, moves)
        if ended:
            return result_for_white(result, moves)
    return None


def play(engine, variant, rng, args):
    start = pyffish.start_fen(variant)
    engine.send("ucinewgame")
    moves, scores = [], []
    random_plies = rng.randint(4, 10)
    decided_for = 0
    while len(moves) < args.max_plies:
        result = game_over(variant, start, moves)
        if result is not None:
            return result, moves, scores
        legal = pyffish.legal_moves(variant, start, moves)
        if len(moves) < random_plies:
            scores.append("x")
            moves.append(rng.choice(legal))
            continue
        score, best = search_nodes(engine, moves, args.nodes)
        scores.append(score)
        decided_for = decided_for + 1 if score != "x" and abs(int(score)) > args.decided else 0
        if decided_for >= 6:
            return result_for_white(int(score), moves), moves, scores
        moves.append(rng.choice(legal) if rng.random() < args.blunder else best)
    return 0.5, moves, scores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant", choices=["shatranj", "courier"])
    ap.add_argument("games", type=int)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=8000, help="Fairy-Stockfish's nodes per move")
    ap.add_argument("--blunder", type=float, default=0.04, help="chance of a random move")
    ap.add_argument("--decided", type=int, default=700)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Uci([args.engine], args.variant, [("Threads", 1), ("Hash", 16)])
    with open(args.out, "a") as out:
        for _ in range(args.games):
            result, moves, scores = play(engine, args.variant, rng, args)
            out.write(f"{result}\t{' '.join(moves)}\t{' '.join(scores)}\n")
            out.flush()
    engine.close()


if __name__ == "__main__":
    main()
