#!/usr/bin/env bash
# Builds every libFuzzer harness (Fuzz/<Target>) into .build-fuzz and runs each one for FUZZ_SECONDS.
# Fails on any crash, sanitizer report, timeout, out-of-memory or broken invariant; prints execs/s and total execs.
#
#   .ci/fuzz.sh                       # all targets, 60 s each, two at a time
#   FUZZ_SECONDS=600 .ci/fuzz.sh FuzzWAVDecoder
#
# Environment:
#   FUZZ_SECONDS     seconds per target (default 60)
#   FUZZ_PARALLEL    targets run at once (default 2; CI has 2 cores)
#   FUZZ_CONFIG      release (default; about 35x the execs/s of debug, overflow checks stay on) or debug
#   FUZZ_OUT         where work corpora, crash artefacts and logs go (default .build-fuzz/runs)
#   FUZZ_KEEP_CORPUS 1 keeps the work corpus between runs (default 0: every run starts from the seeds)
#   FUZZ_BUILD_ONLY  1 builds the harnesses and stops (.ci/run builds them beside the sanitizers' last test run)
#   FUZZ_SKIP_BUILD  1 uses a harness already built in .build-fuzz instead of building it again (.ci/run, after that)
#   OPENCOREHAPTICS_SHARED  the shared folder with corpus/ (default ../shared)
#
# Seeds: Fuzz/Seeds/<Target>/ (our own, small) plus the shared corpus, copied or converted into FUZZ_OUT at run time
# (the corpus is never copied into the repository). A crash leaves FUZZ_OUT/<Target>/crash-*; reproduce it with
#   .build-fuzz/release/<Target> <artefact>
# then turn it into a regression test (see Tests/*/FuzzRegressionTests.swift).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

seconds=${FUZZ_SECONDS:-60}
parallel=${FUZZ_PARALLEL:-2}
config=${FUZZ_CONFIG:-release}
out=${FUZZ_OUT:-.build-fuzz/runs}
shared=${OPENCOREHAPTICS_SHARED:-$(cd .. && pwd)/shared}
corpus="$shared/corpus"
all_targets=(FuzzAHAPReader FuzzPropertyList FuzzPatternDictionary FuzzWAVDecoder FuzzHapticFile FuzzCommandOptions FuzzDeviceString
  FuzzControllerList FuzzStudioMessage FuzzCABI FuzzLogSetting FuzzBridgeConfig FuzzControllerMapping)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all_targets[@]}"); fi

# Per-target options: largest input, dictionary, leak checking. FuzzPropertyList runs without libFuzzer's per-input
# leak check: swift-corelibs-foundation leaks a CFError on every malformed property list, and the check then runs
# LeakSanitizer after each input (about 20 execs/s instead of thousands). Our code's leaks are still checked there by
# the other harnesses and by the ASan test run (.ci/sanitizers.sh).
detect_leaks() { case $1 in FuzzPropertyList) echo 0 ;; *) echo 1 ;; esac; }
# Largest input and dictionary per target.
# FuzzWAVDecoder's seeds include a 70 KB tag and 10 000 empty chunks before the samples (issue 32): 128 KiB keeps them
# whole (libFuzzer cuts longer seeds to -max_len).
max_len() {
  case $1 in
    FuzzWAVDecoder) echo 131072 ;;
    FuzzCommandOptions | FuzzDeviceString | FuzzControllerList) echo 512 ;;
    FuzzLogSetting) echo 128 ;;
    FuzzStudioMessage | FuzzCABI) echo 8192 ;;
    FuzzBridgeConfig | FuzzControllerMapping) echo 4096 ;;
    *) echo 65536 ;;
  esac
}
dictionary() {
  case $1 in
    FuzzAHAPReader | FuzzPatternDictionary) echo Fuzz/Dictionaries/ahap.dict ;;
    FuzzPropertyList) echo Fuzz/Dictionaries/plist.dict ;;
    FuzzWAVDecoder) echo Fuzz/Dictionaries/wav.dict ;;
    FuzzHapticFile) echo Fuzz/Dictionaries/haptic.dict ;;
    FuzzCommandOptions) echo Fuzz/Dictionaries/options.dict ;;
    FuzzDeviceString) echo Fuzz/Dictionaries/device.dict ;;
    FuzzControllerList) echo Fuzz/Dictionaries/controllers.dict ;;
    FuzzStudioMessage) echo Fuzz/Dictionaries/studio.dict ;;
    FuzzCABI) echo Fuzz/Dictionaries/ahap.dict ;;
    FuzzLogSetting) echo Fuzz/Dictionaries/log.dict ;;
    FuzzBridgeConfig) echo Fuzz/Dictionaries/bridge.dict ;;
    FuzzControllerMapping) echo Fuzz/Dictionaries/mapping.dict ;;
  esac
}

start_all=$(date +%s)
mkdir -p "$out"

# 1. Build. Both flag kinds are needed: --sanitize=fuzzer links libFuzzer's main, -Xswiftc adds the coverage
#    instrumentation (without it the log shows "1 inline 8-bit counters" and the fuzzer is blind). FUZZING_BUILD lets
#    the StudioAssets plugin's tool, linked with libFuzzer's main too, work from LLVMFuzzerInitialize.
for target in "${targets[@]}"; do
  t0=$(date +%s)
  # .ci/run builds the harnesses beside the sanitizers' last run (FUZZ_BUILD_ONLY) and then sets FUZZ_SKIP_BUILD: a
  # second pass of per-product builds is not free (building one product after another recompiles some of the
  # modules they share: 43-82 s for three harnesses here).
  if [ "${FUZZ_SKIP_BUILD:-0}" = 1 ] && [ -x ".build-fuzz/$config/$target" ]; then
    echo "fuzz: $target already built in this run (FUZZ_SKIP_BUILD)"
    continue
  fi
  if ! swift build -c "$config" --product "$target" --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING_BUILD --scratch-path .build-fuzz > "$out/build-$target.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$out/build-$target.log" | grep -E 'error|warning: unre' | head -40
    echo "fuzz: building $target failed (log: $out/build-$target.log)"
    exit 1
  fi
  echo "fuzz: built $target ($config) in $(($(date +%s) - t0)) s"
done
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then
  echo "fuzz: built ${#targets[@]} targets in $(($(date +%s) - start_all)) s (FUZZ_BUILD_ONLY: not run)"
  exit 0
fi
bin=".build-fuzz/$config"

# 2. Seeds from the shared corpus (outside the repository), prepared per target.
prepare_shared_seeds() {
  local target=$1 dir=$2
  rm -rf "$dir" && mkdir -p "$dir"
  [ -d "$corpus" ] || { echo "fuzz: warning: no shared corpus at $corpus; own seeds only"; return; }
  case $target in
    FuzzAHAPReader | FuzzPatternDictionary)
      find "$corpus" -name '*.ahap' -exec cp {} "$dir/" \; ;;
    FuzzWAVDecoder)
      find "$corpus" -name '*.wav' -exec cp {} "$dir/" \; ;;
    FuzzPropertyList)
      # Each AHAP file as an XML and a binary property list (python3's plistlib; skipped if python3 is missing).
      command -v python3 > /dev/null && python3 - "$corpus" "$dir" << 'PY'
import json, os, plistlib, re, sys
src, dst = sys.argv[1], sys.argv[2]
def nonull(v):
    if isinstance(v, dict): return {k: nonull(x) for k, x in v.items() if x is not None}
    if isinstance(v, list): return [nonull(x) for x in v if x is not None]
    return v
for base, _, files in os.walk(src):
    for name in files:
        if not name.endswith(".ahap"): continue
        text = open(os.path.join(base, name), encoding="utf-8-sig").read()
        text = re.sub(r",(\s*[}\]])", r"\1", text)  # Apple's samples have trailing commas
        try: value = nonull(json.loads(text))
        except ValueError: continue
        stem = os.path.join(dst, name[:-5])
        open(stem + ".xml.plist", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_XML))
        open(stem + ".binary.plist", "wb").write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))
PY
      ;;
  esac
}

# 3. Run. libFuzzer writes new inputs to the first directory and only reads the others.
run_target() {
  local target=$1
  local dir="$out/$target"
  mkdir -p "$dir"
  [ "${FUZZ_KEEP_CORPUS:-0}" = 1 ] || rm -rf "$dir/corpus"
  rm -f "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* "$dir/log"
  mkdir -p "$dir/corpus"
  prepare_shared_seeds "$target" "$dir/shared-seeds"
  local t0
  t0=$(date +%s)
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" LSAN_OPTIONS="suppressions=$root/.lsan-suppressions:print_suppressions=0" \
    "$bin/$target" -max_total_time="$seconds" -max_len="$(max_len "$target")" -rss_limit_mb=2048 \
    -malloc_limit_mb=512 -timeout=10 -detect_leaks="$(detect_leaks "$target")" -dict="$(dictionary "$target")" -print_final_stats=1 \
    -artifact_prefix="$dir/" "$dir/corpus" "Fuzz/Seeds/$target" "$dir/shared-seeds" > "$dir/log" 2>&1
  local status=$?
  echo "$status $(($(date +%s) - t0))" > "$dir/status"
}

running=0
for target in "${targets[@]}"; do
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

# 4. Report.
failed=0
printf '\n%-22s %8s %12s %10s %8s %6s  %s\n' target status execs execs/s cov wall note
for target in "${targets[@]}"; do
  dir="$out/$target"
  read -r status wall < "$dir/status"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log" | tail -1)
  counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$dir/log" | head -1)
  cov=$(grep -oE 'cov: [0-9]+' "$dir/log" | tail -1 | cut -d' ' -f2)
  note=""
  if [ "${counters:-0}" -lt 100 ]; then
    note="only ${counters:-0} coverage counters: the harness is not instrumented"
    status=99
  fi
  artefacts=$(ls "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* 2> /dev/null | tr '\n' ' ')
  [ -n "$artefacts" ] && note="$note artefacts: $artefacts"
  printf '%-22s %8s %12s %10s %8s %5ss  %s\n' "$target" "$status" "${execs:-?}" "${rate:-?}" "${cov:-?}" "$wall" "$note"
  if [ "$status" != 0 ]; then
    failed=1
    echo "---- $target log (tail) ----"
    grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD)' "$dir/log" | grep -v '^    #' | tail -30
    echo "----"
  fi
done
echo "fuzz: wall time $(($(date +%s) - start_all)) s for ${#targets[@]} targets at ${seconds} s each (parallel $parallel)"
if [ "$failed" != 0 ]; then
  echo "fuzz: FAILED"
  exit 1
fi
echo "fuzz: all targets clean"
