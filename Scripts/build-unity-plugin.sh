#!/usr/bin/env bash
# A Unity plug-in folder from one command (issues 23 and 35): a release build of the CoreHapticsWrapper product, the C
# ABI of Apple's Unity Core Haptics plug-in (Apple.CoreHaptics) and of its GameController plug-in
# (Apple.GameController), written where Unity looks for a Linux x86_64 native plug-in:
#
#   bash Scripts/build-unity-plugin.sh <folder>
#     → <folder>/Plugins/Linux/x86_64/libCoreHapticsWrapper.so    (both plug-ins' entry points)
#       <folder>/Plugins/Linux/x86_64/libGameControllerWrapper.so (a stub that needs libCoreHapticsWrapper.so)
#       <folder>/Plugins/Linux/x86_64/CoreHapticsWrapper.h, GameControllerWrapper.h (C headers, for C and C++ callers)
#       <folder>/README.md                                        (how a Unity project adds the folder)
#
# Why a stub: Apple's GameController C# imports "GameControllerWrapper", its Core Haptics C# "CoreHapticsWrapper", and
# an engine from GameControllerWrapper_CreateHapticsEngine must be one the Core Haptics entry points know. Two
# libraries that each carried the Swift code would each have their own engine table and controller list. So every
# entry point lives in libCoreHapticsWrapper.so, and libGameControllerWrapper.so only needs it (DT_NEEDED, RUNPATH
# $ORIGIN): Mono and Unity look symbols up with dlsym on the library they opened, which searches what it needs.
#
# The library loads on a machine with no Swift toolchain: the Swift runtime, Foundation and its ICU data are linked
# in statically (`-Xswiftc -static-stdlib`; it works for a shared library with Foundation, and the runtime's symbols
# stay hidden through the toolchain's --exclude-libs ALL), so nothing has to sit beside it. SwiftPM's own
# `--static-swift-stdlib` does not link a dynamic library (ld: cannot find -lCoreFoundation, -l_FoundationCShims,
# -l_FoundationCollections). ALSA and libsndfile are loaded with dlopen when present, so the build needs no -dev
# package and the library no system package.
# `-z nodelete`: the library runs threads of its own (render, callbacks), so it must never be unmapped; Mono unloads
# its P/Invoke libraries at exit while those threads still run (a SIGSEGV at exit in 4 runs of 5 without it).
#
# Checks (the script fails on any): `ldd` names nothing outside the base system (ALLOWED below) and nothing "not
# found"; the library is NODELETE; every entry point the header declares is exported. Prints `ldd`, the size and the number of entry points.
# Environment: UNITY_PLUGIN_STRIP=0 keeps the symbol table (default: strip it, the dynamic symbols stay);
# UNITY_PLUGIN_PROGRESS_SECONDS: how often the build's progress is shown (default 10 s).
set -uo pipefail

fail() { echo "build-unity-plugin: FAILED: $1" >&2; exit 1; }

[ $# -eq 1 ] && [ -n "$1" ] || { echo "usage: bash Scripts/build-unity-plugin.sh <folder>" >&2; exit 2; }
mkdir -p "$1" || fail "cannot create the folder $1"
out_root="$(cd "$1" && pwd)" || fail "cannot enter the folder $1"
cd "$(dirname "$0")/.." || fail "cannot enter the package folder"
[ "$(uname -m)" = x86_64 ] || fail "this script packages Plugins/Linux/x86_64; this machine is $(uname -m)"

# The base system every Linux desktop and Steam Deck has: glibc's libraries, the C++ runtime and the loader.
ALLOWED='^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libutil\.so\.1|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|/lib64/ld-linux-x86-64\.so\.2)$'

echo "build-unity-plugin: swift build -c release --product CoreHapticsWrapper -Xswiftc -static-stdlib -Xlinker -z -Xlinker nodelete"
echo "build-unity-plugin: a release build of the library and everything under it (the first one takes a few minutes;"
echo "build-unity-plugin: later ones only what changed); progress every ${UNITY_PLUGIN_PROGRESS_SECONDS:-10} s, as [step/steps]:"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Progress: swift build's latest "[step/steps] what" line, with the time so far, every few seconds, also while one
# module compiles for a minute and prints nothing (a build that is silent for minutes looks hung). A release build
# compiles a module at a time, so the step count grows as the build plans further.
every="${UNITY_PLUGIN_PROGRESS_SECONDS:-10}"
build_start=$(date +%s)
show_progress() {
  local last=$build_start latest="" pending="" line now status
  while :; do
    IFS= read -r -t "$every" line
    status=$?
    if [ "$status" -gt 128 ]; then
      pending+="$line"  # timed out: keep any partial line for the next read
    elif [ "$status" -ne 0 ]; then
      break  # the build's output ended
    else
      line="$pending$line"
      pending=""
      case "$line" in \[*/*\]*) latest="$line" ;; esac
    fi
    now=$(date +%s)
    if [ -n "$latest" ] && [ $(( now - last )) -ge "$every" ]; then
      printf 'build-unity-plugin:   %s (%d s)\n' "${latest:0:110}" $(( now - build_start ))
      last=$now
    fi
  done
}
swift build -c release --product CoreHapticsWrapper -Xswiftc -static-stdlib -Xlinker -z -Xlinker nodelete 2>&1 \
  | tee "$log" | show_progress
build_status=${PIPESTATUS[0]}
if [ "$build_status" -ne 0 ]; then
  tail -40 "$log"
  fail "swift build"
fi
steps="$(grep -oE '^\[[0-9]+/[0-9]+\]' "$log" | tail -1 | sed -E 's#^\[[0-9]+/([0-9]+)\]$#\1#')"
echo "build-unity-plugin: built in $(( $(date +%s) - build_start )) s${steps:+, $steps build steps}"
bin="$(swift build -c release -Xswiftc -static-stdlib -Xlinker -z -Xlinker nodelete --show-bin-path)" || fail "swift build --show-bin-path"
built="$bin/libCoreHapticsWrapper.so"
[ -f "$built" ] || fail "the build made no $built"

dest="$out_root/Plugins/Linux/x86_64"
mkdir -p "$dest" || fail "cannot create $dest"
lib="$dest/libCoreHapticsWrapper.so"
rm -f "$lib"
cp "$built" "$lib" || fail "cannot copy the library to $dest"
cp Sources/CCoreHapticsWrapper/include/CoreHapticsWrapper.h "$dest/" || fail "cannot copy the header"
cp Sources/CGameControllerWrapper/include/GameControllerWrapper.h "$dest/" || fail "cannot copy the GameController header"
if [ "${UNITY_PLUGIN_STRIP:-1}" != 0 ]; then
  strip --strip-unneeded "$lib" || fail "strip"
fi

# The GameController plug-in's library: no code, only a need for libCoreHapticsWrapper.so beside it.
cc_tool="$(command -v cc || command -v clang)" || fail "no C compiler (cc or clang) for libGameControllerWrapper.so"
stub="$dest/libGameControllerWrapper.so"
rm -f "$stub"
echo 'const char OpenCoreHaptics_GameControllerWrapper[] = "entry points in libCoreHapticsWrapper.so";' \
  | "$cc_tool" -x c -shared -fPIC -o "$stub" - -L "$dest" -Wl,--no-as-needed -lCoreHapticsWrapper -Wl,-rpath,'$ORIGIN' \
    -Wl,-z,nodelete || fail "cc libGameControllerWrapper.so"
readelf -d "$stub" | grep -q 'NEEDED.*\[libCoreHapticsWrapper\.so\]' || fail "libGameControllerWrapper.so does not need libCoreHapticsWrapper.so"
readelf -d "$stub" | grep -qE '(RUNPATH|RPATH).*\[\$ORIGIN\]' || fail "libGameControllerWrapper.so has no \$ORIGIN run path"

echo "build-unity-plugin: ldd $lib"
ldd_out="$(ldd "$lib" 2>&1)" || fail "ldd: $ldd_out"
echo "$ldd_out"
bad=0
while read -r name _ path _; do
  [ -n "$name" ] || continue
  if [ "$path" = "not" ]; then
    echo "  not found: $name"
    bad=1
  elif [[ "$name" =~ $ALLOWED ]]; then
    :
  elif [[ "$path" == "$dest"/* ]]; then
    :
  else
    echo "  outside the folder and the base system: $name => $path"
    bad=1
  fi
done <<< "$ldd_out"
[ "$bad" -eq 0 ] || fail "the library depends on something a player's machine may not have (allowed: $ALLOWED)"

readelf -d "$lib" | grep -q 'Flags:.*NODELETE' || fail "the library is not marked NODELETE (-z nodelete)"

# Every entry point the header declares must be exported (by name, as C# DllImport and dlsym look them up).
declared="$(grep -oE '^[a-z].*[ *]((CoreHaptics|UI)[A-Za-z]*_[A-Za-z_]+)\(' "$dest/CoreHapticsWrapper.h" \
  | grep -oE '[A-Za-z_]+\($' | tr -d '(' | sort -u)"
exported="$(nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort -u)"
missing="$(comm -23 <(echo "$declared") <(echo "$exported"))"
declared_count=$(echo "$declared" | grep -c .)
exported_count=$(comm -12 <(echo "$declared") <(echo "$exported") | grep -c .)
echo "build-unity-plugin: entry points exported: $exported_count of the $declared_count the header declares"
[ -z "$missing" ] || fail "not exported: $(echo "$missing" | tr '\n' ' ')"
gc_declared="$(grep -oE '[A-Za-z]+_[A-Za-z]+\(' "$dest/GameControllerWrapper.h" | grep -E '^(GameControllerWrapper|OpenGameController)_' \
  | tr -d '(' | sort -u)"
gc_missing="$(comm -23 <(echo "$gc_declared") <(echo "$exported"))"
echo "build-unity-plugin: GameController entry points exported: $(comm -12 <(echo "$gc_declared") <(echo "$exported") | grep -c .) of the $(echo "$gc_declared" | grep -c .) GameControllerWrapper.h declares"
[ -z "$gc_missing" ] || fail "not exported: $(echo "$gc_missing" | tr '\n' ' ')"
echo "build-unity-plugin: ldd $stub"
ldd "$stub" | grep -E 'CoreHapticsWrapper|not found' || fail "ldd $stub"
ldd "$stub" | grep -q 'not found' && fail "libGameControllerWrapper.so: a library is not found"

cat > "$out_root/README.md" <<'NOTE'
# OpenCoreHaptics for Apple's Unity Core Haptics plug-in (Linux x86_64)

`Plugins/Linux/x86_64/libCoreHapticsWrapper.so` is the native library Apple's `Apple.CoreHaptics` package calls on
Linux (`[DllImport("CoreHapticsWrapper")]`), played by OpenCoreHaptics. It carries its Swift runtime: a player's
machine needs glibc and libstdc++ only. `CoreHapticsWrapper.h` is its C header, for C and C++ callers.

Add it to a Unity project that already has Apple's package (`com.apple.unityplugin.corehaptics`):

1. Copy the `Plugins` folder into the project's `Assets` folder, so the library is at
   `Assets/Plugins/Linux/x86_64/libCoreHapticsWrapper.so` (the header can stay out of the project).
2. Unity writes the `.meta` file when it imports the library (none is shipped). Select the library in the Project
   window and, in the Inspector, enable **Standalone** with **Linux x86_64** (and **Editor** with OS Linux, CPU
   x86_64 to play in the Linux Editor); Apply.
3. Build for Linux: the player copies the library to `<Game>_Data/Plugins/`. Apple's C# finds it by name.

Which device plays: `HAPTIC_DEVICE` (`evdev:/dev/input/eventN`, `alsa:<pcm>`, `simulated`, `wav:<path>`, `null`),
else the best device found (a game pad's force feedback, a haptic sound card), else a simulated actuator.
More: docs/unity.md in OpenCoreHaptics. The API is Apple's (apple/unityplugins, Apache-2.0).
NOTE

size=$(stat -c %s "$lib")
echo "build-unity-plugin: $lib: $size bytes ($(( (size + 524288) / 1048576 )) MiB)"
echo "build-unity-plugin: folder: $out_root"
