#!/usr/bin/env bash
# Runs "$@" with a private PipeWire: pipewire and wireplumber in a fresh XDG_RUNTIME_DIR, inside the D-Bus session
# dbus-run-session gives this script (.ci/pipewire.sh calls it as: dbus-run-session -- .ci/pipewire/session.sh cmd…).
# A 2-channel null sink ("speakers") is the default sink, so applications have somewhere to play.
# Exports HAPTIC_TEST_PIPEWIRE=1 and, for the gate's restarts, PIPEWIRE_PID_FILE / WIREPLUMBER_PID_FILE.
set -uo pipefail
runtime=$(mktemp -d /tmp/haptic-pipewire.XXXXXX)
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
export PIPEWIRE_RUNTIME_DIR="$runtime"
export HAPTIC_TEST_PIPEWIRE=1
export GATE_PIPEWIRE_LOG="$runtime/pipewire.log" GATE_WIREPLUMBER_LOG="$runtime/wireplumber.log"
export PIPEWIRE_PID_FILE="$runtime/pipewire.pid" WIREPLUMBER_PID_FILE="$runtime/wireplumber.pid"

# Starts pipewire (again, after a kill) and waits for its socket and for the null sink to exist.
start_pipewire() {
  pipewire > "$GATE_PIPEWIRE_LOG" 2>&1 &
  echo $! > "$PIPEWIRE_PID_FILE"
  for _ in $(seq 200); do [ -S "$XDG_RUNTIME_DIR/pipewire-0" ] && pw-cli info 0 > /dev/null 2>&1 && break; sleep 0.05; done
  pw-cli info 0 > /dev/null 2>&1 || { echo "pipewire did not start:"; tail -20 "$GATE_PIPEWIRE_LOG"; return 1; }
}
start_wireplumber() {
  wireplumber > "$GATE_WIREPLUMBER_LOG" 2>&1 &
  echo $! > "$WIREPLUMBER_PID_FILE"
  pw-cli create-node adapter '{ factory.name=support.null-audio-sink node.name=speakers node.description=Speakers
    media.class=Audio/Sink audio.position=[FL FR] object.linger=true monitor.channel-volumes=true priority.session=2000 }' > /dev/null
  for _ in $(seq 200); do wpctl status 2>/dev/null | grep -q '\*.*Speakers' && break; sleep 0.05; done
}
export -f start_pipewire start_wireplumber
stop_all() {
  for f in "$WIREPLUMBER_PID_FILE" "$PIPEWIRE_PID_FILE"; do [ -f "$f" ] && kill "$(cat "$f")" 2> /dev/null; done
  wait 2> /dev/null
  rm -rf "$runtime"
}
trap stop_all EXIT
start_pipewire || exit 1
start_wireplumber
"$@"
