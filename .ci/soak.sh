#!/usr/bin/env bash
# CI gate (issue 8): a 1-minute soak of the real-time engine (Scripts/soak.sh 1): memory flat after warm-up, no
# leaked players or compiled programs, every completion delivered exactly once. The 10-minute run is for developers.
set -uo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
bash Scripts/soak.sh 1 2>&1 | tee /tmp/och-soak.log
status=${PIPESTATUS[0]}
echo "soak: exit $status, wall time $(( $(date +%s) - t0 )) s"
exit "$status"
