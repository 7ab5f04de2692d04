#!/usr/bin/env bash
# The studio in a real browser: builds haptic and haptic-studio, starts `haptic studio` on a folder with a fixture
# pattern and a wav: output, and drives the page with headless Chromium through Selenium (Scripts/studio-browser-test.py): refusals,
# screenshot, idle CPU, add/drag/edit/save, play to wav: and find the onset, undo, edit while looping, close mid-loop,
# console errors; then the trust checks (save-as, confirmation before replacing, double-clicks, multi-select and the
# clipboard, metadata, import from audio with options, a simulated game controller's output played and recorded).
set -uo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
/usr/bin/python3 -c 'import selenium' 2>/dev/null || need+=(python3-selenium)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
    || { echo "studio: FAILED: apt-get install ${need[*]}"; exit 1; }
fi

# `haptic studio` runs the studio's server, the haptic-studio program, found beside haptic: build both.
for product in haptic haptic-studio; do
  swift build --product "$product" > /tmp/och-studio-build.log 2>&1 \
    || { tail -40 /tmp/och-studio-build.log; echo "studio: FAILED: build of $product"; exit 1; }
done
haptic="$(swift build --show-bin-path)/haptic"

work="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/patterns"
# One sustained continuous event at 0.6 s: the test adds a transient before it, so each loop pass starts with a tap.
cat > "$work/patterns/knock.ahap" <<'AHAP'
{
  "Version": 1.0,
  "Pattern": [
    {
      "Event": {
        "Time": 0.6, "EventType": "HapticContinuous", "EventDuration": 0.3,
        "EventParameters": [
          { "ParameterID": "HapticIntensity", "ParameterValue": 0.5 },
          { "ParameterID": "HapticSharpness", "ParameterValue": 0.4 }
        ]
      }
    }
  ]
}
AHAP
# A sound to import: four noise hits over a sustained 150 Hz tone (16-bit mono WAV, 48 kHz, 2 s).
/usr/bin/python3 - "$work/patterns/hits.wav" <<'PY'
import math, random, struct, sys, wave
rate = 48000
random.seed(7)
samples = []
for i in range(2 * rate):
    t = i / rate
    value = 0.3 * math.sin(2 * math.pi * 150 * t) if 0.2 <= t <= 1.8 else 0.0
    for hit in (0.3, 0.7, 1.1, 1.5):
        if hit <= t < hit + 0.05:
            value += 0.8 * random.uniform(-1, 1) * math.exp(-(t - hit) / 0.01)
    samples.append(max(-1.0, min(1.0, value)))
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(1); out.setsampwidth(2); out.setframerate(rate)
    out.writeframes(b"".join(struct.pack("<h", int(v * 32767)) for v in samples))
PY

# A simulated Xbox pad beside the wav: output, recording its motors (the README's HAPTIC_CONTROLLERS grammar).
HAPTIC_CONTROLLERS="simulated:xbox=wav:$work/pad.wav" \
  "$haptic" studio "$work/patterns" --port 0 --device "wav:$work/rec.wav" > "$work/stdout" 2> "$work/stderr" &
server=$!
for _ in $(seq 1 100); do
  [ -s "$work/stdout" ] && break
  sleep 0.1
done
url="$(head -n 1 "$work/stdout")"
case "$url" in
  http://127.0.0.1:*/\?token=*) echo "studio: serving at ${url%%\?*}?token=…" ;;
  *) cat "$work/stderr"; echo "studio: FAILED: the first line on stdout is not the URL: '$url'"; exit 1 ;;
esac

mkdir -p out
/usr/bin/python3 Scripts/studio-browser-test.py --url "$url" --folder "$work/patterns" --pattern knock.ahap \
  --wav "$work/rec.wav" --pid "$server" --screenshot out/studio.png --sound hits.wav --controller-wav "$work/pad.wav"
status=$?
kill -0 "$server" 2>/dev/null || { cat "$work/stderr"; echo "studio: FAILED: the server died"; exit 1; }
[ "$status" -eq 0 ] || { echo "--- server stderr"; cat "$work/stderr"; echo "studio: FAILED: browser test"; exit 1; }
echo "studio: passed"
