#!/usr/bin/env python3
"""Time python-chess's SVG board + cairosvg to PNG for the picture that
render's criterion bench draws: 8x8, 512 px, coordinates, last move and check.

Usage: python3 scripts/bench_python_render.py [--iterations N] [--out board.png]
(scripts/bench_render.sh installs what it needs and runs both benchmarks.)
"""

import argparse
import statistics
import time

import cairosvg
import chess
import chess.svg


def picture(board):
    svg = chess.svg.board(
        board,
        size=512,
        coordinates=True,
        lastmove=board.peek(),
        check=board.king(board.turn),
    )
    return cairosvg.svg2png(bytestring=svg.encode())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--out")
    args = parser.parse_args()

    # The moves of the Rust bench (Nf3 a6 Ne5 a5 Nc6); in chess they give
    # no check, so the king to move is marked as checked, as the Rust
    # picture marks one: the same drawing work.
    board = chess.Board()
    for uci in ["g1f3", "a7a6", "f3e5", "a6a5", "e5c6"]:
        board.push_uci(uci)

    png = picture(board)
    if args.out:
        with open(args.out, "wb") as f:
            f.write(png)
    for _ in range(10):
        picture(board)
    times = []
    cpu_start = time.thread_time()
    for _ in range(args.iterations):
        start = time.perf_counter()
        picture(board)
        times.append(time.perf_counter() - start)
    cpu = (time.thread_time() - cpu_start) / args.iterations
    print(
        f"python-chess svg + cairosvg, 8x8 512px: median {statistics.median(times) * 1000:.3f} ms, "
        f"mean {statistics.mean(times) * 1000:.3f} ms, min {min(times) * 1000:.3f} ms "
        f"over {args.iterations}; PNG {len(png)} bytes"
    )
    print(
        f"python-chess svg + cairosvg, 8x8 512px: CPU time {cpu * 1000:.3f} ms per picture "
        "(not counting waits for a busy machine)"
    )


if __name__ == "__main__":
    main()
