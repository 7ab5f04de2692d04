#!/usr/bin/env bash
# One command for docs/performance.md: runs every benchmark once (release build of Benchmarks/) and writes the page
# with the machine, the date, every figure the README claims and the ratio gates on this run.
#   bash Scripts/performance-page.sh [--qemu qemu-evdev.log]    (extra arguments go to Scripts/performance-page.py)
# The render benchmarks read Apple's sample AHAP files: set OPENCOREHAPTICS_CORPUS when they are not in
# ../shared/corpus/ahap. A benchmark that fails leaves its figures "not measured in this run"; the exit status
# is then the benchmark run's.
set -uo pipefail
cd "$(dirname "$0")/.."
run=$(mktemp /tmp/och-performance.XXXXXX)
swift package --package-path Benchmarks benchmark --no-progress > "$run.raw" 2>&1
status=$?
grep -a -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building|Fetching|Fetched|Computing|Computed|Creating|Working copy)' \
  "$run.raw" > "$run"
rm -f "$run.raw"
python3 Scripts/performance-page.py "$run" "$@" || status=1
echo "benchmark run kept in $run (benchmarks exited $status)"
exit $status
