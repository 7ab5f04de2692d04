#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer and AddressSanitizer (with LeakSanitizer), each in its own scratch
# path (.build-tsan, .build-asan) so the builds never fight over .build. Fails on any failing test and on any
# sanitizer report, even when the test run itself says "passed" (TSan reports do not always fail a test).
#
#   .ci/sanitizers.sh                # both
#   .ci/sanitizers.sh thread         # one of: thread, address
#
# Leak checking stays on for our code; .lsan-suppressions only silences XCTest's and Foundation's own leaks.
# Logs: .build-tsan/sanitizer.log, .build-asan/sanitizer.log (ld.gold's "Cannot export local symbol" noise removed).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export OPENCOREHAPTICS_CORPUS="${OPENCOREHAPTICS_CORPUS:-$(cd .. && pwd)/shared/corpus/ahap}"

# ThreadSanitizer cannot see Synchronization.Mutex on Linux (the standard library's futex code is not instrumented),
# so every value it guards is reported as racing, at random, whenever two threads meet there. LockedState (a pthread
# mutex) is the project's lock; refuse Mutex before spending minutes on a run that may fail for it.
if mutexes=$(grep -rnE '\bMutex *(<|\()' Sources Tests Examples Fuzz Benchmarks/Benchmarks --include='*.swift'); then
  echo "sanitizers: Synchronization.Mutex is invisible to ThreadSanitizer; use LockedState (HapticSystem):"
  echo "$mutexes"
  exit 1
fi

if [ $# -gt 0 ]; then kinds=("$@"); else kinds=(thread address); fi
for kind in "${kinds[@]}"; do
  case $kind in thread | address) ;; *) echo "sanitizers: unknown kind $kind (thread or address)"; exit 2 ;; esac
done
start_all=$(date +%s)
failed=0
summary=()
scratch_of() { case $1 in thread) echo .build-tsan ;; address) echo .build-asan ;; esac; }

# Builds the tests under `kind` (its build log beside the run's log).
build_kind() {
  local kind=$1 scratch
  scratch=$(scratch_of "$kind")
  mkdir -p "$scratch"
  echo "== swift build --build-tests --sanitize=$kind --scratch-path $scratch ($(date -u +%H:%M:%S))"
  swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" > "$scratch/build.log" 2>&1 \
    || { grep -E 'error' "$scratch/build.log" | head -30; echo "sanitizers: the $kind build failed"; return 1; }
}

# Runs the built tests under `kind`; writes its exit status and wall time to $scratch/run.status.
run_kind() {
  local kind=$1 scratch t0 status
  scratch=$(scratch_of "$kind")
  t0=$(date +%s)
  echo "== swift test --skip-build --sanitize=$kind --scratch-path $scratch ($(date -u +%H:%M:%S))"
  # halt_on_error=0 lets TSan report every race of the run, not only the first; the log check below fails on any.
  OPENCOREHAPTICS_SANITIZER=$kind SWIFT_BACKTRACE=enable=no \
    TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:suppressions=$root/.tsan-suppressions" \
    ASAN_OPTIONS="detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1" \
    LSAN_OPTIONS="suppressions=$root/.lsan-suppressions:print_suppressions=0" \
    swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" 2>&1 | grep -v 'Cannot export local symbol' > "$scratch/sanitizer.log"
  status=${PIPESTATUS[0]}
  echo "$status $(($(date +%s) - t0))" > "$scratch/run.status"
}

# Judges a finished run: any failing test or any sanitizer report fails it.
judge_kind() {
  local kind=$1 scratch log status wall reports xctest swifttesting
  scratch=$(scratch_of "$kind")
  log="$scratch/sanitizer.log"
  read -r status wall < "$scratch/run.status" || { status=1; wall=0; }
  reports=$(grep -cE '^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (ThreadSanitizer|AddressSanitizer|LeakSanitizer))' "$log")
  xctest=$(grep -E '^\s*Executed [0-9]+ tests?' "$log" | tail -1 | sed 's/^ *//')
  swifttesting=$(grep -E 'Test run with [0-9]+ tests' "$log" | tail -1 | sed 's/^.*Test run/Test run/')
  if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    failed=1
    echo "---- $kind: exit $status, $reports sanitizer report lines; first reports and failures ----"
    grep -nE -A12 '^(WARNING: ThreadSanitizer|==[0-9]+==ERROR)' "$log" | head -80
    grep -nE '(error|failed|✘)' "$log" | grep -vE '^\S*warning' | head -20
    echo "---- (full log: $log)"
  fi
  summary+=("$(printf '%-8s exit %s, sanitizer reports %s, run %s s | %s | %s' "$kind" "$status" "$reports" "$wall" "${xctest:-no XCTest summary}" "${swifttesting:-no Swift Testing summary}")")
}

# A pipeline: each kind's run overlaps the next kind's build. A test run waits on real time (playback, timeouts,
# sockets) for much of its length and leaves a core idle that the next build takes; run after build, the two kinds
# took 25 minutes of CI's 90. The suite passes under a CPU hog (.ci/run), so a build beside a run is a load it is
# made for.
# SANITIZERS_BESIDE_LAST_RUN, when set, is a command run beside the last run for the same reason (.ci/run builds the
# fuzz harnesses there); its failure fails this gate.
previous=""
for kind in "${kinds[@]}"; do
  build_kind "$kind" || { [ -n "$previous" ] && wait; exit 1; }
  if [ -n "$previous" ]; then wait; judge_kind "$previous"; fi
  run_kind "$kind" &
  previous=$kind
done
beside=0
if [ -n "${SANITIZERS_BESIDE_LAST_RUN:-}" ]; then
  echo "== beside the $previous run: $SANITIZERS_BESIDE_LAST_RUN ($(date -u +%H:%M:%S))"
  bash -c "$SANITIZERS_BESIDE_LAST_RUN" || beside=$?
  echo "== beside the $previous run: exit $beside ($(date -u +%H:%M:%S))"
fi
wait
judge_kind "$previous"
if [ "$beside" -ne 0 ]; then
  failed=1
  summary+=("beside the last run: '$SANITIZERS_BESIDE_LAST_RUN' exited $beside")
fi

echo
for line in "${summary[@]}"; do echo "sanitizers: $line"; done
echo "sanitizers: wall time $(($(date +%s) - start_all)) s"
if [ "$failed" != 0 ]; then
  echo "sanitizers: FAILED"
  exit 1
fi
echo "sanitizers: clean"
