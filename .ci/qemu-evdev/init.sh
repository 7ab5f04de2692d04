#!/bin/sh
# /init of the test guest (busybox sh): our Swift driver against one uinput FF device, then SDL2 against another.
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
KV=$(uname -r)
insmod /lib/modules/$KV/evdev.ko || echo "GUEST: insmod evdev failed"
insmod /lib/modules/$KV/uinput.ko || echo "GUEST: insmod uinput failed"
echo "GUEST: kernel $KV up at $(cut -d' ' -f1 /proc/uptime)s"
mkdir -p /tmp

# --- Swift: pattern, transients, live parameters, unplug/replug, kill -9 mid-play ---
/bin/ffdevice virtual-ff-test dev 60 &
DEV=$!
/bin/haptic-evdev-check --name virtual-ff-test --markers /tmp &
CHK=$!
if fftool wait /tmp/unplug 30; then
  fftool signal $DEV USR1
else
  echo "GUEST: no unplug marker"
fi
if fftool wait /tmp/killme 30; then
  fftool signal $CHK KILL
else
  echo "GUEST: no kill marker"
fi
wait $CHK
echo "GUEST: swift driver exit $? (137 = killed as planned)"

# --- Swift: a stalled process (SIGSTOP) must stop the motor within the replay bound ---
/bin/haptic-evdev-check --name virtual-ff-test --markers /tmp --stall &
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

# --- SDL2 baseline on a second device ---
/bin/ffdevice sdl-ff-test sdv 60 &
SDV=$!
sleep 0.2
/bin/sdlcheck sdl-ff-test /tmp &
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
echo "QEMU-EVDEV GUEST FINISHED"
poweroff -f
