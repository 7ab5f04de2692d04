#!/usr/bin/env bash
# Real-time gates by measurement: the render loop and the engine's render thread allocate nothing (mallocCountTotal
# thresholds of 0 in Benchmarks/Thresholds/6.3), and makePlayer stays at its 2 allocations per player (the
# threshold file counts 1 000 scaled iterations, hence 2000); one second of audio analysis allocates only its set-up and
# its pattern (193, none per frame: a kept spectrogram would add ~190 a second).
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
swift package --package-path Benchmarks benchmark thresholds check --path Benchmarks/Thresholds/6.3 \
  --target RenderBenchmarks --target EngineBenchmarks --target AnalysisBenchmarks --no-progress > /tmp/och-benchmarks.log 2>&1
status=$?
grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building|Fetching|Fetched|Computing|Computed|Creating|Working copy)' /tmp/och-benchmarks.log | tail -40
echo "benchmarks: thresholds check exited $status after $(( $(date +%s) - start )) s"
exit $status
