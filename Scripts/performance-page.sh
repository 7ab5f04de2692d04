#!/usr/bin/env bash
# One command for docs/performance.md: runs every benchmark once (release build of Benchmarks/) and writes the page
# with the machine, the date, every figure the README claims and the ratio gates on this run.
#   bash Scripts/performance-page.sh [--qemu qemu-evdev.log]    (extra arguments go to Scripts/performance-page.py)
set -euo pipefail
cd "$(dirname "$0")/.."
run=$(mktemp /tmp/och-performance.XXXXXX)
swift package --package-path Benchmarks benchmark --no-progress 2>&1 \
  | grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building|Fetching|Fetched|Computing|Computed|Creating|Working copy)' > "$run"
python3 Scripts/performance-page.py "$run" "$@"
echo "benchmark run kept in $run"
