#!/usr/bin/env bash
# Soak test (issue 8): a real-time engine on the null device (HAPTIC_DEVICE=null) plays random patterns (generated,
# plus the AHAP corpus) with random live parameters, curves, seeks, pauses, loops, stops and engine restarts for
# [minutes] (default 10). Reports RSS, live players, live compiled programs and curves, and completions once a
# minute; exits non-zero unless RSS stayed flat after warm-up, nothing leaked and every completion arrived once.
#
#   Scripts/soak.sh            # 10 minutes
#   Scripts/soak.sh 60         # an hour
#   SOAK_ARGS="--seed 42 --max-rss-growth-mb 4" Scripts/soak.sh 2
#   SOAK_CONFIGURATION=release Scripts/soak.sh    # optimized build (default: debug, which CI has built already)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
configuration="${SOAK_CONFIGURATION:-debug}"
corpus="${OPENCOREHAPTICS_CORPUS:-$(cd .. && pwd)/shared/corpus/ahap}"
seconds=$(awk "BEGIN { print int($minutes * 60) }")
report="${SOAK_REPORT_EVERY:-60}"
[ "$seconds" -lt 120 ] && report=$(( seconds / 4 > 5 ? seconds / 4 : 5 ))

swift build -c "$configuration" --product haptic-soak 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building)|Cannot export local symbol' || true
bin="$(swift build -c "$configuration" --show-bin-path)/haptic-soak"
echo "soak: $bin for $seconds s (corpus $corpus)"
# shellcheck disable=SC2086
HAPTIC_DEVICE=null "$bin" --seconds "$seconds" --report-every "$report" --corpus "$corpus" ${SOAK_ARGS:-}
