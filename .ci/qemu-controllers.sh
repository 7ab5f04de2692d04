#!/usr/bin/env bash
# Real-kernel test of OpenGameController (issue 11): boots Debian's kernel in QEMU (TCG) like .ci/qemu-evdev.sh and
# runs the project's own static Swift driver (haptic-controller-check: GCController, GCDeviceHaptics and
# CHHapticEngine only) against two uinput gamepads at once (padevice: logs every force-feedback request and models
# the motors) and two DualSenses emulated through /dev/uhid (dsemu), which the kernel's own hid-playstation driver
# binds to (one reporting an old firmware, one a new one: the two rumble encodings of its output report), plus a
# third DualSense on the Bluetooth bus whose adaptive triggers (issue 25) are set through GCDualSenseAdaptiveTrigger
# like the first one's: the emulator decodes each report written to the pad's hidraw node (0x02 on USB; 0x31 on
# Bluetooth, its CRC-32 checked) and check.py compares the trigger bytes with each mode's encoding; the Bluetooth pad's
# handles also play on its voice coils (report 0x32, 3 kHz PCM; dscoil.h decodes it, checkcoils.py compares it with
# the pattern's offline render and prints API -> first report, reports per second and underruns). Pad B and
# one DualSense are unplugged mid-play, and pad B is plugged in again. Before the playing, the pads report input
# through uinput (a button on pad B, then pad A; 50 alternating changes, timed) and GCController.current must follow
# them with one DidStopBeingCurrent / DidBecomeCurrent each, the input read without grabbing the pads. Then
# .ci/qemu-controllers/check.py asserts on the guest log (per-motor routing, mixing, notifications, the current
# controller, stopped handlers, the DualSense's output-report motor bytes, the trigger bytes per mode and transport,
# the triggers turned off at exit) and prints the figures (API -> report latency of a trigger mode change on USB and
# Bluetooth, input -> current-controller notification among them).
# A USB DualSense's motion sensors and battery (issue 35 item 3): with GCMotion's sensors on, dsemu holds the pad in
# three poses (flat, turning, leaning and tumbling; raw gyro and accelerometer values and a battery status byte in
# its input report), and check.py compares GCMotion's acceleration, gravity, userAcceleration and rotationRate with
# what Apple's GameController gives for those poses (hid-playstation's calibration and resolution, SDL's Apple axes)
# and GCDeviceBattery's level and state with hid-playstation's reading of the status byte.
# Last, an arcade stick off the kernel's gamepad layout (padevice's joystick layout: BTN_TRIGGER … BTN_BASE6, 0 … 255
# axes, a hat) is plugged in; only the driver's SDL_GAMECONTROLLERCONFIG line makes it a gamepad (issue 35 item 5):
# its 70 scripted inputs must reach Apple's elements' handlers with the mapped values, timed from the uinput write,
# and then Debian's libSDL2 reads the same inputs through the same line (sdlmapcheck) as the baseline of that latency.
# A mapping file's bad line must be logged with its file, line and column.
#
# Shares .build-qemu/ with qemu-evdev.sh: the unpacked kernel (vmlinux) and the release build directory (.build).
# The HID modules it needs besides evdev/uinput are taken from the same kernel package, their load order from
# the modules' own `depends=` (the .deb ships no modules.dep), and cached in .build-qemu/kernel/controllers/.
# Usage: .ci/qemu-controllers.sh   (needs root for apt-get; about 1 min warm, longer on a cold machine)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SRC=$ROOT/.ci/qemu-controllers
W=$ROOT/.build-qemu
mkdir -p "$W"
t0=$(date +%s.%N)
step() { printf '== qemu-controllers: %s (%.1fs)\n' "$1" "$(echo "$(date +%s.%N) - $t0" | bc)"; }

# 1. Host packages (skip apt entirely when everything is there).
PKGS="qemu-system-x86 busybox-static cpio gcc libc6-dev linux-libc-dev xz-utils python3 bc libsdl2-2.0-0"
missing=""
for p in $PKGS; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  step "apt-get install$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# 2. The guest kernel and its modules. qemu-evdev.sh's cache (.build-qemu/kernel: vmlinux, KV, evdev.ko, uinput.ko)
#    is used as it is; the HID modules come from the package of the same kernel version. When that version is no
#    longer in the archive, or nothing is cached, both are made afresh from the current kernel package (the same
#    layout qemu-evdev.sh makes, so it reuses them).
MODULES="hid-playstation uhid hid-generic evdev uinput"   # what the guest needs; dependencies are added
resolve_kernel_package() {
  apt-cache depends linux-image-amd64 | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -1
}
fetch_kernel() {  # $1: the package; unpacks it into $W/kernel/root (the caller removes it)
  local d; d=$(mktemp -d); chmod 777 "$d"
  (cd "$d" && apt-get download -qq "$1") || { rm -rf "$d"; return 1; }
  rm -rf "$W/kernel/root"; mkdir -p "$W/kernel"
  dpkg -x "$d"/"$1"_*.deb "$W/kernel/root"; rm -rf "$d"
}
C=$W/kernel/controllers
if [ ! -s "$W/kernel/vmlinux" ] || [ ! -s "$C/order" ] || [ "$(cat "$C/KV" 2>/dev/null)" != "$(cat "$W/kernel/KV" 2>/dev/null)" ]; then
  step "kernel modules"
  fresh=no
  if [ -s "$W/kernel/vmlinux" ] && [ -s "$W/kernel/KV" ]; then
    fetch_kernel "linux-image-$(cat "$W/kernel/KV")" \
      || { apt-get update -qq; fetch_kernel "linux-image-$(cat "$W/kernel/KV")"; } || fresh=yes
  else
    fresh=yes
  fi
  if [ "$fresh" = yes ]; then
    KPKG=$(resolve_kernel_package)
    [ -n "$KPKG" ] || { apt-get update -qq; KPKG=$(resolve_kernel_package); }
    rm -rf "$W/kernel"; mkdir -p "$W/kernel"
    fetch_kernel "$KPKG"
    KV=$(ls "$W/kernel/root/lib/modules")
    cp "$W/kernel/root/lib/modules/$KV/kernel/drivers/input/evdev.ko" "$W/kernel/root/lib/modules/$KV/kernel/drivers/input/misc/uinput.ko" "$W/kernel/"
    python3 - "$W/kernel/root/boot/vmlinuz-$KV" "$W/kernel/vmlinux.tmp" <<'PY'
import lzma, sys
d = open(sys.argv[1], 'rb').read(); i = d.find(b'\xfd7zXZ\x00')
open(sys.argv[2], 'wb').write(lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(d[i:]))
PY
    echo "$KV" > "$W/kernel/KV"
    mv "$W/kernel/vmlinux.tmp" "$W/kernel/vmlinux"
  fi
  KV=$(cat "$W/kernel/KV")
  rm -rf "$C"; mkdir -p "$C"
  # Copies each module and what it depends on (modinfo's depends=), in load order; says what is built in.
  python3 "$SRC/modules.py" "$W/kernel/root/lib/modules/$KV" "$W/kernel/root/boot/config-$KV" "$C" $MODULES
  echo "$KV" > "$C/KV"
  rm -rf "$W/kernel/root"
fi
KV=$(cat "$W/kernel/KV")

# 3. Our driver, static (the same build directory, .build-qemu/swiftpm, and flags as qemu-evdev.sh's driver, so whichever gate
#    runs second only compiles what the first did not), and the C helpers.
step "swift build (static haptic-controller-check)"
build_rc=0
swift build -c release -Xswiftc -static-executable --scratch-path "$W/swiftpm" --product haptic-controller-check > "$W/controllers-build.log" 2>&1 || build_rc=$?
grep -vE '^\[[0-9]+/[0-9]+\]|^(Compiling|Emitting|Write|Linking|Building|Planning)|warning: Using .* in statically linked|requires at runtime the shared libraries|the use of .mktemp' "$W/controllers-build.log" || true
[ "$build_rc" = 0 ] || { echo "qemu-controllers: swift build failed ($build_rc)"; exit 1; }
BIN=$(swift build -c release -Xswiftc -static-executable --scratch-path "$W/swiftpm" --product haptic-controller-check --show-bin-path)/haptic-controller-check
[ -x "$BIN" ] || { echo "qemu-controllers: driver not built"; exit 1; }
step "gcc helpers"
mkdir -p "$W/controllers"
gcc -O2 -Wall -Wextra -static -o "$W/controllers/padevice" "$SRC/padevice.c"
gcc -O2 -Wall -Wextra -static -o "$W/controllers/dsemu" "$SRC/dsemu.c"
gcc -O2 -Wall -static -o "$W/controllers/fftool" "$ROOT/.ci/qemu-evdev/fftool.c"
# The SDL2 baseline of the mapped stick's input latency: Debian's libSDL2, dynamically linked (see sdlmapcheck.c).
SDL_LIB=$(ldconfig -p | sed -n 's/.*libSDL2-2.0.so.0 (libc6,x86-64) => //p' | head -1)
gcc -O2 -Wall -Wextra -o "$W/controllers/sdlmapcheck" "$SRC/sdlmapcheck.c" "$SDL_LIB"

# 4. initramfs: busybox, the modules (and their load order), the static binaries, /init.
step "initramfs"
R=$(mktemp -d)
mkdir -p $R/bin $R/proc $R/sys $R/dev $R/tmp $R/lib/modules/$KV
cp /bin/busybox $R/bin/
for a in sh mount insmod ls cat sleep kill poweroff uname cut echo mkdir grep dmesg; do ln -s busybox $R/bin/$a; done
cp "$C"/*.ko "$C/order" $R/lib/modules/$KV/
cp "$W/controllers/padevice" "$W/controllers/dsemu" "$W/controllers/fftool" "$W/controllers/sdlmapcheck" $R/bin/
# sdlmapcheck's libraries (libSDL2 and what it links), at their host paths.
ldd "$W/controllers/sdlmapcheck" | grep -oE '/[^ ]+' | sort -u | while read -r l; do cp --parents -L "$l" $R/; done
cp "$BIN" $R/bin/haptic-controller-check
strip $R/bin/haptic-controller-check 2>/dev/null || true
install -m 755 "$SRC/init.sh" $R/init
(cd $R && find . | cpio -o -H newc --quiet) | gzip -1 > "$W/controllers/initrd.cpio.gz"
rm -rf $R

# 5. Boot, and 6. assertions and figures (.ci/qemu-boot.sh: a second run when only timing checks failed).
# In TCG the guest's clock counts instructions, as in qemu-evdev.sh (-icount, 4 ns each; idle time passes as on the
# wall): the report timing of the Bluetooth coils and the latencies compared with SDL2's are the guest's own, the same
# on an idle and on a busy host (.ci/run runs this gate beside others). On the wall clock a busy host (load 4.5) failed
# the coils' timing checks in both boots of a run. The guest takes longer on the wall (about 190 s instead of 110).
export QEMU_TCG_OPTIONS="-icount shift=2,sleep=on"
. "$ROOT/.ci/qemu-boot.sh"
status=0
boot_and_check qemu-controllers 480 "$W/kernel/vmlinux" "$W/controllers/initrd.cpio.gz" "$W/controllers" "$SRC/check.py" || status=$?
step "done"
exit $status
