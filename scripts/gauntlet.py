#!/usr/bin/env python3
"""The level ladder: each alfil level plays the one below it (balanced
openings, colours swapped, alfil refereeing) and the scores become Elo
differences, chained from Novice = 600 into the README's table.

    scripts/make_openings.py shatranj 40 --plies 6 --seed 7 --out /tmp/open40.txt
    scripts/gauntlet.py --variant shatranj --games 32 --openings /tmp/open40.txt

Only Master's games depend on --movetime (the levels below search a fixed
number of nodes); the default is the service's own CPU time per move.
"""
import argparse
import os

from match import ROOT, elo, parser as match_parser, run_match

LEVELS = ["Novice", "Beginner", "Casual", "Intermediate", "Club", "Expert", "Master"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="shatranj", choices=["shatranj", "courier"])
    ap.add_argument("--games", type=int, default=24, help="games per pair of neighbouring levels")
    ap.add_argument("--movetime", type=int, default=500, help="ms per move (the service's --cpu-ms)")
    ap.add_argument("--openings", help="file of opening lines (default scripts/openings/<variant>.txt, 12 lines)")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--alfil", default=os.path.join(ROOT, "target", "release", "alfil"))
    ap.add_argument("--anchor", type=int, default=600, help="Elo given to Novice")
    args = ap.parse_args()
    rating = args.anchor
    rows = [("Novice", rating, "", "")]
    for lower, upper in zip(LEVELS, LEVELS[1:]):
        # match.py's own parser, so every option it has gets its default.
        ns = match_parser().parse_args([])
        vars(ns).update(variant=args.variant, movetime=args.movetime, games=args.games,
                        openings=args.openings, concurrency=args.concurrency, alfil=args.alfil,
                        alfil_spec=f"alfil:{upper}", opponent=f"alfil:{lower}")
        s = run_match(ns, log=lambda _: None)
        gain = max(min(elo(s["pct"] / 100), 800), -800)
        rating += gain
        rows.append((upper, rating, f"{s['wins']}/{s['draws']}/{s['losses']} vs {lower}",
                     f"{gain:+.0f} ± {s['err']:.0f}"))
        print(f"{upper} vs {lower}: {s['score']}/{s['games']} -> {gain:+.0f}", flush=True)
    print()
    print(f"| level | Elo ({args.variant}, {args.movetime} ms/move, Novice = {args.anchor}) | +/=/- against the level below | step |")
    print("|---|---|---|---|")
    for name, r, rec, step in rows:
        print(f"| {name} | {r:.0f} | {rec} | {step} |")


if __name__ == "__main__":
    main()
