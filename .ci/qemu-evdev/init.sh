#!/bin/sh
# /init of the test guest (busybox sh): our Swift driver against one uinput FF device, then SDL2 against another
# (SDL2's level changes run beside ours).
# Each program logs to /tmp (RAM); the logs go to the console at the end, tagged and timestamped for check.py.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
KV=$(uname -r)
insmod /lib/modules/$KV/evdev.ko || echo "GUEST: insmod evdev failed"
insmod /lib/modules/$KV/uinput.ko || echo "GUEST: insmod uinput failed"
echo "GUEST: kernel $KV up at $(cut -d' ' -f1 /proc/uptime)s"
echo "GUEST: clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
mkdir -p /tmp

# --- Swift: pattern, transients, live parameters, unplug/replug, kill -9 mid-play ---
/bin/ffdevice virtual-ff-test dev 60 > /tmp/dev.log 2>&1 &
DEV=$!
/bin/haptic-evdev-check --name virtual-ff-test --markers /tmp > /tmp/swf.log 2>&1 &
CHK=$!
# Once the driver's engine has chosen its device: SDL2's device, and SDL2's level phase waiting (on a FIFO) for the
# driver's. The two level phases run at the same time, so both meet the same guest (our render thread's blocks on its
# one CPU) and the same host load.
fftool wait /tmp/started 60 $CHK || echo "GUEST: the Swift driver never started its engine"
/bin/ffdevice sdl-ff-test sdv 90 > /tmp/sdv.log 2>&1 &
SDV=$!
/bin/sdlcheck sdl-ff-test /tmp levels > /tmp/sdl-levels.log 2>&1 &
SDLL=$!
# The unplug comes after the pattern, transient and level phases (about 25 s idle, 35 s on a busy host).
if fftool wait /tmp/unplug 90; then
  fftool signal $DEV USR1
else
  echo "GUEST: no unplug marker"
fi
if fftool wait /tmp/killme 30; then
  fftool signal $CHK KILL
else
  echo "GUEST: no kill marker"
  # The driver is stuck: say where each of its threads waits (the kernel's view), then stop at once rather than
  # wait for the host's timeout.
  tail -5 /tmp/swf.log
  for t in /proc/$CHK/task/*; do echo "GUEST: thread $(cat $t/comm) state $(cut -d' ' -f3 $t/stat) in $(cat $t/wchan)"; done
  poweroff -f
fi
wait $CHK
echo "GUEST: swift driver exit $? (137 = killed as planned)"

# --- Swift: a stalled process (SIGSTOP) must stop the motor within the replay bound ---
/bin/haptic-evdev-check --name virtual-ff-test --markers /tmp --stall > /tmp/swf-stall.log 2>&1 &
CHK=$!
if fftool wait /tmp/stallme 30; then
  fftool signal $CHK STOP
  sleep 0.4
  fftool signal $CHK KILL
else
  echo "GUEST: no stall marker"
fi
wait $CHK
sleep 0.2
kill -TERM $DEV
wait $DEV

# --- SDL2 baseline on the second device (its level phase ran beside the Swift driver's) ---
# It ends about when the driver's level phase does; one that never started (the driver failed before) is ended.
fftool wait /tmp/never-created 60 $SDLL
kill $SDLL 2>/dev/null
wait $SDLL
echo "GUEST: sdlcheck levels exit $?"
/bin/sdlcheck sdl-ff-test /tmp > /tmp/sdl.log 2>&1 &
SDL=$!
if fftool wait /tmp/sdlstall 30; then
  fftool signal $SDL STOP
  sleep 0.4
  fftool signal $SDL KILL
else
  echo "GUEST: no SDL stall marker"
fi
wait $SDL
echo "GUEST: sdlcheck exit $?"
sleep 0.2
kill -TERM $SDV
wait $SDV
echo "GUEST: done at $(cut -d' ' -f1 /proc/uptime)s"
# The programs log to RAM and the logs are printed now: a line written to the emulated serial console costs
# milliseconds, which used to delay the device's answers (and the API calls) it was timing.
for f in swf swf-stall dev sdl-levels sdl sdv; do cat /tmp/$f.log; done
echo "QEMU-EVDEV GUEST FINISHED"
poweroff -f
