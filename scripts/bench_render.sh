#!/usr/bin/env bash
# Board-picture benchmark: ours (criterion) against python-chess + cairosvg
# for the same 8x8 picture, in one run. Installs what the Python side needs.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! python3 -c 'import cairosvg, chess' 2>/dev/null; then
  if ! ldconfig -p | grep -q libcairo.so.2; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcairo2 >/dev/null
  fi
  python3 -m pip install --quiet --disable-pip-version-check chess cairosvg
fi

cargo bench -p alfil-render --bench render --no-run --quiet
cargo build --release --quiet -p alfil-render --example time_png
echo "== side by side, same picture, alternating (median and min are comparable)"
for round in 1 2 3; do
  python3 scripts/bench_python_render.py --iterations 100 --out target/python-board.png
  ./target/release/examples/time_png 500
done
echo "== alfil render (criterion)"
cargo bench -p alfil-render --bench render --quiet 2>&1 | grep -E "bytes|time:|^png"
uptime
