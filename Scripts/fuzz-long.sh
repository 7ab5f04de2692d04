#!/usr/bin/env bash
# Long fuzzing run for developers: every harness (or the ones named) for FUZZ_SECONDS each (default 30 minutes),
# keeping the work corpus in .build-fuzz/runs/<Target>/corpus between runs so coverage accumulates, and minimizing
# the corpus at the end (-merge=1) so it does not grow without bound.
#
#   Scripts/fuzz-long.sh                               # all targets, 30 min each, two at a time
#   FUZZ_SECONDS=7200 Scripts/fuzz-long.sh FuzzAHAPReader
#
# A crash leaves .build-fuzz/runs/<Target>/crash-<sha1>. Reproduce it with
#   .build-fuzz/release/<Target> .build-fuzz/runs/<Target>/crash-<sha1>
# then add the input to Tests/Fixtures/fuzz/ (or inline it) in a FuzzRegressionTests test, fix the bug, and rerun.
set -uo pipefail
cd "$(dirname "$0")/.."
export FUZZ_SECONDS=${FUZZ_SECONDS:-1800}
export FUZZ_KEEP_CORPUS=1
.ci/fuzz.sh "$@"
status=$?

# Minimize each kept corpus into a fresh folder and swap it in (inputs that add no coverage are dropped).
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzAHAPReader FuzzPropertyList FuzzPatternDictionary FuzzWAVDecoder)
for target in "${targets[@]}"; do
  dir=".build-fuzz/runs/$target"
  [ -d "$dir/corpus" ] || continue
  rm -rf "$dir/merged" && mkdir -p "$dir/merged"
  if SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$(pwd)/.lsan-suppressions:print_suppressions=0" \
    ".build-fuzz/${FUZZ_CONFIG:-release}/$target" -merge=1 -detect_leaks=0 "$dir/merged" "$dir/corpus" > "$dir/merge.log" 2>&1; then
    before=$(ls "$dir/corpus" | wc -l)
    rm -rf "$dir/corpus" && mv "$dir/merged" "$dir/corpus"
    echo "fuzz-long: $target corpus minimized from $before to $(ls "$dir/corpus" | wc -l) inputs"
  else
    echo "fuzz-long: $target corpus merge failed (see $dir/merge.log); corpus kept as is"
  fi
done
exit $status
