#!/usr/bin/env bash
# Issue 23's gate: Apple's Unity Core Haptics plug-in's C ABI, packaged and used where no Swift toolchain is.
#  1. builds the plug-in folder with Scripts/build-unity-plugin.sh (prints ldd and the size);
#  2. compiles the C# tests (Tests/Unity, Mono's mcs) and the C example (Examples/c-play, cc);
#  3. in a mount namespace where the toolchain's folder is hidden under an empty tmpfs: runs the C# tests with mono
#     (they print that libswiftCore.so cannot be found, and fail if it can) and the C example, both recording to
#     HAPTIC_DEVICE=wav:…; then checks the C example's recording shows its intensity change;
#  4. the same for Apple's GameController plug-in (issue 35): Tests/UnityGameController calls its eight entry points
#     through libGameControllerWrapper.so on a simulated DualSense (HAPTIC_CONTROLLERS=simulated:dualsense=wav:…),
#     polls the pad's scripted input and plays through the engine CreateHapticsEngine returns; the pad's recording must
#     show the motors moving.
# Needs root (unshare -m, mount) and Debian's mono-mcs and mono-runtime (.ci/run installs them).
set -uo pipefail
cd "$(dirname "$0")/.."

fail() { echo "unity: FAILED: $1"; exit 1; }

if [ "${1:-}" = "--inside" ]; then
  # In the mount namespace: hide the toolchain, prove it, run the tests and the example.
  mount -t tmpfs -o size=1m,mode=0755 unity-hidden-toolchain "$UNITY_TOOLCHAIN" || fail "mount a tmpfs over $UNITY_TOOLCHAIN"
  echo "unity: $UNITY_TOOLCHAIN hidden (now holds: $(ls -A "$UNITY_TOOLCHAIN" | wc -l) entries); swift on PATH: $(command -v swift || echo none)"
  export LD_LIBRARY_PATH="$UNITY_PLUGIN_LIB"
  # timeout: a runtime that cannot stop a thread hangs instead of failing; CI must fail instead.
  HAPTIC_DEVICE="wav:$UNITY_WORK/engine.wav" timeout 600 mono "$UNITY_WORK/UnityTests.exe" \
    --expect-no-swift-toolchain "$UNITY_SWIFT_LIB" > "$UNITY_WORK/mono.log" 2>&1
  echo $? > "$UNITY_WORK/mono.status"
  HAPTIC_DEVICE="wav:$UNITY_WORK/c-play.wav" timeout 120 "$UNITY_WORK/c-play" Examples/c-play/Rumble.ahap 1.0 0.25 \
    > "$UNITY_WORK/c-play.log" 2>&1
  echo $? > "$UNITY_WORK/c-play.status"
  mkdir -p "$UNITY_WORK/no-input"
  HAPTIC_CONTROLLERS="simulated:dualsense=wav:$UNITY_WORK/pad.wav" HAPTIC_INPUT_DIR="$UNITY_WORK/no-input" timeout 120 \
    mono "$UNITY_WORK/GameControllerTest.exe" --expect-no-swift-toolchain "$UNITY_SWIFT_LIB" > "$UNITY_WORK/gc.log" 2>&1
  echo $? > "$UNITY_WORK/gc.status"
  exit 0
fi

start=$(date +%s)
[ "$(id -u)" -eq 0 ] || fail "needs root for unshare -m and mount"
for tool in mcs mono cc unshare python3; do command -v "$tool" > /dev/null || fail "$tool is not installed"; done

# The toolchain's folder: the one above usr/bin/swift (e.g. /opt/swift for /opt/swift/usr/bin/swift).
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")" || fail "no swift on PATH"
toolchain="$(dirname "$swift_bin")"
[ "$(basename "$toolchain")" = usr ] && toolchain="$(dirname "$toolchain")"
swift_lib="$swift_bin/../lib/swift/linux"
[ -f "$swift_lib/libswiftCore.so" ] || fail "no libswiftCore.so in $swift_lib"
swift_lib="$(cd "$swift_lib" && pwd)"
case "$toolchain" in
  / | /usr | /usr/local | /opt | "$HOME") fail "the toolchain lives in $toolchain, which this gate cannot hide" ;;
esac
case "$(pwd)/" in "$toolchain"/*) fail "the package is inside the toolchain's folder $toolchain" ;; esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "unity: toolchain $toolchain; work folder $work"

bash Scripts/build-unity-plugin.sh "$work/plugin" || fail "Scripts/build-unity-plugin.sh"
plugin_lib="$work/plugin/Plugins/Linux/x86_64"
built=$(date +%s)

mcs -warnaserror+ -out:"$work/UnityTests.exe" Tests/Unity/*.cs || fail "mcs Tests/Unity/*.cs"
mcs -warnaserror+ -out:"$work/GameControllerTest.exe" Tests/UnityGameController/*.cs || fail "mcs Tests/UnityGameController/*.cs"
cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 -I "$plugin_lib" Examples/c-play/c-play.c \
  -L "$plugin_lib" -lCoreHapticsWrapper -lpthread -lm -o "$work/c-play" || fail "cc Examples/c-play/c-play.c"

UNITY_TOOLCHAIN="$toolchain" UNITY_SWIFT_LIB="$swift_lib" UNITY_PLUGIN_LIB="$plugin_lib" UNITY_WORK="$work" \
  unshare -m --propagation private bash "$0" --inside || fail "the mount namespace"

echo "== mono Tests/Unity (toolchain hidden)"
cat "$work/mono.log"
echo "== Examples/c-play (toolchain hidden)"
cat "$work/c-play.log"
echo "== mono Tests/UnityGameController (toolchain hidden)"
cat "$work/gc.log"
counts="$(grep -E '^unity-tests: [0-9]+ run' "$work/mono.log")"
gc_counts="$(grep -E '^gc-unity: [0-9]+ entry points called' "$work/gc.log")"
failed=()
[ "$(cat "$work/mono.status")" -eq 0 ] || failed+=("the Mono tests (status $(cat "$work/mono.status")): ${counts:-no count line, the process died}")
if [ "$(cat "$work/c-play.status")" -eq 0 ]; then
  python3 Examples/c-play/check-recording.py "$work/c-play.wav" 1.0 || failed+=("the C example's recording")
else
  failed+=("the C example (status $(cat "$work/c-play.status"))")
fi
if [ "$(cat "$work/gc.status")" -eq 0 ]; then
  python3 Tests/UnityGameController/check-pad-recording.py "$work/pad.wav" || failed+=("the simulated DualSense's recording")
else
  failed+=("the GameController test (status $(cat "$work/gc.status")): ${gc_counts:-no count line, the process died}")
fi
echo "unity: ${counts:-no Mono count}; ${gc_counts:-no GameController count}; plug-in build $(( built - start )) s, all $(( $(date +%s) - start )) s"
[ ${#failed[@]} -eq 0 ] || fail "$(printf '%s; ' "${failed[@]}")"
echo "unity: ok"
