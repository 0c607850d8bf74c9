#!/usr/bin/env bash
# Fairy-Stockfish's own perft speed: the anchor for our perft benchmarks.
#
#   scripts/fsf_perft.sh VARIANT DEPTH [FEN]
#
# Runs the Debian `fairy-stockfish` binary (UCI; override with $FAIRY_STOCKFISH)
# with `setoption name UCI_Variant value VARIANT`, `position startpos` (or
# `position fen FEN`) and `go perft DEPTH`, and prints the node total, the
# seconds and the nodes per second.  The clock runs from sending `go perft`
# to FSF's "Nodes searched" line, so engine start-up is not counted; the
# engine's CPU time (utime+stime from /proc) is printed too, since the wall
# time on a shared machine is noisy.
#
# FSF's perft (Stockfish's) counts the last ply in bulk: at depth 2 it adds
# MoveList<LEGAL>(pos).size() instead of making each leaf move.
#
# Reference totals from the start position: shatranj 6 = 19,864,709,
# 7 = 357,218,656; courier 5 = 14,144,849, 6 = 400,324,148.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 VARIANT DEPTH [FEN]" >&2
    exit 2
fi
variant=$1
depth=$2
fen=${3:-}
bin=${FAIRY_STOCKFISH:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
[[ -x $bin ]] || { echo "fairy-stockfish not found (apt-get install fairy-stockfish)" >&2; exit 1; }

coproc FSF { exec "$bin"; }
fsf_pid=$FSF_PID
trap 'kill "$fsf_pid" 2>/dev/null || true' EXIT

send() { printf '%s\n' "$*" >&"${FSF[1]}"; }
# wait_for PREFIX: read engine lines until one starts with PREFIX; keep it in $line
wait_for() {
    while IFS= read -r line <&"${FSF[0]}"; do
        line=${line%$'\r'}
        [[ $line == "$1"* ]] && return 0
    done
    echo "engine exited before '$1'" >&2
    exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$fsf_pid/stat"; }

send uci
wait_for uciok
send "setoption name UCI_Variant value $variant"
if [[ -n $fen ]]; then send "position fen $fen"; else send "position startpos"; fi
send isready
wait_for readyok

c0=$(cpu_ticks)
t0=$(date +%s.%N)
send "go perft $depth"
wait_for "Nodes searched"
t1=$(date +%s.%N)
c1=$(cpu_ticks)
send quit
wait "$fsf_pid" 2>/dev/null || true
trap - EXIT

nodes=${line##*: }
hz=$(getconf CLK_TCK)
awk -v n="$nodes" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" -v hz="$hz" \
    -v v="$variant" -v d="$depth" 'BEGIN {
    s = t1 - t0; cpu = (c1 - c0) / hz
    printf "variant %s depth %d\n", v, d
    printf "nodes %d\n", n
    printf "seconds %.3f\n", s
    printf "nps %.0f\n", (s > 0 ? n / s : 0)
    printf "cpu_seconds %.2f\n", cpu
    printf "cpu_nps %.0f\n", (cpu > 0 ? n / cpu : 0)
}'
