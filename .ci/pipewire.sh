#!/usr/bin/env bash
# The PipeWire gate (issue 36): the bridge against a real PipeWire, in about a minute once built.
#   1. Installs what it needs (Debian: pipewire, pipewire-bin, wireplumber, dbus; libpipewire-0.3-dev and pkg-config
#      for the declarations check; python3).
#   2. Checks our declarations of PipeWire's ABI (CHapticSupportPipeWire.h) against the real headers, and our format
#      pod against spa's builder (.ci/pipewire/abi-check.c).
#   3. Starts pipewire and wireplumber under dbus-run-session in a private XDG_RUNTIME_DIR (.ci/pipewire/session.sh)
#      and runs, there, the client tests (swift test --filter PipeWireClientTests) and the scenario
#      (.ci/pipewire/gate.py): clicks from pw-play into a Bluetooth DualSense sink and from an application, onsets
#      compared with the clicks, click -> report latency, the bridge's CPU, kill -9 of PipeWire and of the bridge,
#      a pad removed mid-stream.
# HAPTIC_BRIDGE_QUANTUM=128 .ci/pipewire.sh runs the scenario at another quantum.
set -uo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
fail() { echo "pipewire gate: FAILED: $1"; exit 1; }

need=()
command -v pipewire > /dev/null || need+=(pipewire)
command -v pw-play > /dev/null || need+=(pipewire-bin)
command -v wireplumber > /dev/null || need+=(wireplumber)
command -v dbus-run-session > /dev/null || need+=(dbus)
command -v pkg-config > /dev/null || need+=(pkg-config)
pkg-config --exists libpipewire-0.3 2> /dev/null || need+=(libpipewire-0.3-dev)
command -v python3 > /dev/null || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" > /dev/null || fail "apt-get install ${need[*]}"
fi

compiler=$(command -v cc || command -v clang || command -v gcc) || fail "no C compiler for the declarations check"
check_bin=$(mktemp)
"$compiler" -I Sources/CHapticSupport/include $(pkg-config --cflags libpipewire-0.3) .ci/pipewire/abi-check.c \
  Sources/CHapticSupport/pipewire.c -o "$check_bin" || fail "abi-check.c does not compile against PipeWire's headers"
"$check_bin" || fail "our PipeWire declarations differ from PipeWire's headers"
rm -f "$check_bin"

echo "pipewire gate: declarations checked after $(($(date +%s) - start)) s"
swift build --product haptic > /tmp/och-pipewire-build.log 2>&1 || { tail -30 /tmp/och-pipewire-build.log; fail "swift build"; }
echo "pipewire gate: haptic built after $(($(date +%s) - start)) s"
export HAPTIC="$(swift build --show-bin-path)/haptic"

dbus-run-session -- .ci/pipewire/session.sh bash -c '
  swift test --filter PipeWireClientTests > /tmp/och-pipewire-tests.log 2>&1 || { grep -E "✘|error" /tmp/och-pipewire-tests.log | head -30; exit 1; }
  grep -E "Test run with" /tmp/och-pipewire-tests.log
  scenario=$(date +%s)
  python3 .ci/pipewire/gate.py || exit 1
  echo "pipewire gate: scenario took $(($(date +%s) - scenario)) s"
' 2>&1 | grep -v 'Failed to set fd limit' || fail "the client tests or the scenario"
echo "pipewire gate: passed in $(($(date +%s) - start)) s"
