#!/usr/bin/env bash
# The compatibility corpus gate (issue 34): real files from public repositories that call Apple's haptics APIs compile
# with only their Apple imports replaced, and the ones with a driver play on a recording engine (Tests/Corpus/corpus.py
# does the work and prints the table). The corpus is read from ../shared/corpus/swift (or
# $OPENCOREHAPTICS_SWIFT_CORPUS) at run time and copied only into a temporary folder, never into the project.
set -euo pipefail
cd "$(dirname "$0")/.."

# How many corpus files compile. The gate fails when fewer do; raise it when more do. Every file that needs nothing
# Linux lacks compiles (Tests/Corpus/corpus.tsv says what the others need).
MINIMUM_COMPILING=18

# Without the corpus beside the project there is nothing to check: say so and skip before building anything.
present=0
python3 Tests/Corpus/corpus.py --present || present=$?
if [ "$present" -eq 3 ]; then
  exit 0
elif [ "$present" -ne 0 ]; then
  echo "corpus: corpus.py --present failed (exit $present)"
  exit 1
fi
start=$(date +%s)

# The files compile against the facades' built modules and link their objects (in CI, swift test has built them, and
# this only checks they are current: about 30 s, most of it SwiftPM planning).
for target in OpenHapticFeedback OpenGameController; do
  swift build --target "$target" > /tmp/och-corpus-build.log 2>&1 || { tail -40 /tmp/och-corpus-build.log; exit 1; }
done
status=0
python3 Tests/Corpus/corpus.py --minimum "$MINIMUM_COMPILING" || status=$?
echo "corpus: the gate took $(( $(date +%s) - start )) s"
exit $status
