#!/bin/sh
# /init of the controllers guest (busybox sh): two uinput gamepads and three uhid DualSenses (hid-playstation; two on
# USB, one on Bluetooth for the adaptive triggers), an arcade stick that needs an SDL mapping (plugged in last), our
# Swift driver playing on all of them; pad B and the second DualSense are unplugged when the driver says so (marker
# files), pad B is plugged in again. Each program logs to /tmp (RAM); the logs go to the console at the end,
# tagged and timestamped for check.py.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
KV=$(uname -r)
for m in $(cat /lib/modules/$KV/order); do
  insmod /lib/modules/$KV/$m || echo "GUEST: insmod $m failed"
done
echo "GUEST: kernel $KV up at $(cut -d' ' -f1 /proc/uptime)s; modules: $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
mkdir -p /tmp

# Pad A reports an Xbox One controller's IDs, pad B a generic pad's; the DualSenses differ in MAC address (the
# driver refuses a second pad with the same one) and firmware: update version 2.04 takes the classic rumble bits,
# 6.30 "vibration v2". The pads' idle limit is 180 s (the coil phase keeps them idle for over a minute).
padevice "OCH Test Pad A" pa 045e 02ea 180 > /tmp/pa.log 2>&1 &
PA=$!
padevice "OCH Test Pad B" pb 1234 abcd 180 > /tmp/pb.log 2>&1 &
PB=$!
dsemu ds1 a0:5e:00:00:00:01 0204 > /tmp/ds1.log 2>&1 &
DS1=$!
sleep 0.3
dsemu ds2 a0:5e:00:00:00:02 0630 > /tmp/ds2.log 2>&1 &
DS2=$!
sleep 0.3
# A third DualSense on the Bluetooth bus (issue 25): its adaptive triggers (hidraw, report 0x31) and its voice coils
# (report 0x32, about 70 s of the driver's run: hence the longer wait for the DualSense unplug marker).
dsemu ds3 a0:5e:00:00:00:03 0630 bt > /tmp/ds3.log 2>&1 &
DS3=$!
sleep 0.3
# SDL game controller mappings (issue 35): the variable has the arcade stick's line (MappedGamepadInputTests.line), the
# file a line that cannot be used, whose place (file, line, column) the driver's log must name.
STICK_LINE='03000000341200007856000010010000,Acme Arcade Stick,a:b1,b:b2,x:b0,y:b3,leftshoulder:b4,rightshoulder:b5,lefttrigger:b6,righttrigger:b7,back:b8,start:b9,-leftx:b10,+leftx:b11,lefty:a1,rightx:a2,righty:a3~,dpup:h0.1,dpright:h0.2,dpdown:h0.4,dpleft:h0.8,platform:Linux,'
BAD_LINE='03000000341200009999000010010000,Bad Line Stick,a:b1,b:b900,platform:Linux,'
echo '# mappings for the controllers guest' > /tmp/mappings.txt
echo "$BAD_LINE" >> /tmp/mappings.txt
echo "GUEST: mapping file /tmp/mappings.txt line 2: $BAD_LINE"
SDL_GAMECONTROLLERCONFIG="$STICK_LINE" SDL_GAMECONTROLLERCONFIG_FILE=/tmp/mappings.txt \
  haptic-controller-check --markers /tmp > /tmp/gc.log 2>&1 &
CHK=$!

if fftool wait /tmp/unplug 90 $CHK; then fftool signal $PB USR1; else echo "GUEST: no unplug marker"; fi
if fftool wait /tmp/replug 30 $CHK; then fftool signal $PB USR2; else echo "GUEST: no replug marker"; fi
if fftool wait /tmp/dsunplug 150 $CHK; then fftool signal $DS2 TERM; else echo "GUEST: no dsunplug marker"; fi
# The arcade stick that only its SDL mapping line makes a gamepad (padevice's joystick layout), plugged in last.
ST=
if fftool wait /tmp/stickplug 60 $CHK; then
  # Its button A (BTN_THUMB) is held as it is plugged in: the driver reads it pressed in its connect observer.
  PADEVICE_HOLD=a padevice "Acme Arcade Stick" st 1234 5678 60 joystick > /tmp/st.log 2>&1 &
  ST=$!
else echo "GUEST: no stickplug marker"; fi
# A driver that hangs is killed, so that the logs still reach the console.
fftool wait /tmp/done 60 $CHK || { echo "GUEST: the driver did not finish (it failed or hung)"; kill -KILL $CHK 2>/dev/null; }
wait $CHK
echo "GUEST: haptic-controller-check exit $?"
# The SDL2 baseline: the same stick, line and inputs through libSDL2's game controller API (no udev daemon here).
if [ -n "$ST" ]; then
  SDL_JOYSTICK_DISABLE_UDEV=1 SDL_GAMECONTROLLERCONFIG="$STICK_LINE" sdlmapcheck "Acme Arcade Stick" 5 > /tmp/sdl.log 2>&1
  echo "GUEST: sdlmapcheck exit $?"
fi
sleep 0.2
kill -TERM $PA $PB $DS1 $DS2 $DS3 $ST 2>/dev/null
wait $PA $PB $DS1 $DS2 $DS3 $ST
echo "GUEST: done at $(cut -d' ' -f1 /proc/uptime)s"
dmesg | grep -E 'playstation|uhid|input:|hidraw' | sed 's/^/GUEST: dmesg /'
# Logs go to RAM and are printed now: a line on the emulated serial console costs milliseconds, which would delay
# the programs being timed.
for f in gc pa pb ds1 ds2 ds3 st sdl; do [ -f /tmp/$f.log ] && cat /tmp/$f.log; done
echo "QEMU-CONTROLLERS GUEST FINISHED"
poweroff -f
