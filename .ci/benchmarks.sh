#!/usr/bin/env bash
# Performance gates by measurement (issue 26).
#
# 1. Allocation gates: the render loop and the engine's render thread allocate nothing (mallocCountTotal thresholds
#    of 0 in Benchmarks/Thresholds/6.3), makePlayer stays at its 2 allocations per player (the threshold file counts
#    1 000 scaled iterations, hence 2000), audio analysis allocates only its set-up and its pattern, none per frame
#    (a kept spectrogram would add some every second), and the haptic bridge's data-thread and pad-thread work per
#    quantum allocates nothing (BridgeBenchmarks, every route). The threshold files hold the counts.
# 2. Ratio gates: absolute times move about 2x with the machine's load, so each time gate compares two benchmarks of
#    the same run by their medians (Scripts/benchmark-gates.py states the margins and why): the AHAP reader against
#    JSONSerialization on the same bytes, impactOccurred() after prepare() on the engine against the offline output
#    (wall clock, and the call's own work in thread CPU time, interleaved), and the C ABI against Swift (player
#    start/stop through libCoreHapticsWrapper's entry points against the same Swift calls). The latest figures are
#    in docs/performance.md, not here, where they would age.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
quiet() { grep -a -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building|Fetching|Fetched|Computing|Computed|Creating|Working copy)' "$1"; }

swift package --package-path Benchmarks benchmark thresholds check --path Benchmarks/Thresholds/6.3 \
  --target RenderBenchmarks --target EngineBenchmarks --target AnalysisBenchmarks --target BridgeBenchmarks --no-progress > /tmp/och-benchmarks.log 2>&1
status=$?
quiet /tmp/och-benchmarks.log | tail -40
echo "benchmarks: thresholds check exited $status after $(( $(date +%s) - start )) s"

ratio_start=$(date +%s)
swift package --package-path Benchmarks benchmark --target PatternBenchmarks --target FeedbackBenchmarks --target CABIBenchmarks \
  --filter 'AHAPReader_vs_JSONSerialization_large' --filter 'Feedback\..*\.prepared' --filter 'Feedback_engine_vs_offline_prepared' \
  --filter 'CABI_vs_Swift_startAndStop' \
  --no-progress > /tmp/och-ratios.log 2>&1
run=$?
quiet /tmp/och-ratios.log > /tmp/och-ratios.txt
if [ $run -ne 0 ]; then
  tail -40 /tmp/och-ratios.txt
  echo "benchmarks: the ratio run failed (exit $run)"
  ratios=1
else
  python3 Scripts/benchmark-gates.py /tmp/och-ratios.txt
  ratios=$?
fi
echo "benchmarks: ratio gates exited $ratios after $(( $(date +%s) - ratio_start )) s"
[ $status -eq 0 ] && [ $ratios -eq 0 ]
