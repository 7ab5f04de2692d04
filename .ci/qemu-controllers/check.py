#!/usr/bin/env python3
"""Checks the guest log of .ci/qemu-controllers.sh and prints the figures. Exit 0 iff every assertion holds.

Tags: gc = our Swift driver (haptic-controller-check), pa/pb = the two uinput gamepads (padevice), ds1/ds2 = the two
USB DualSenses emulated through uhid (dsemu; hid-playstation drives them), ds3 = a Bluetooth one (adaptive triggers
and voice coils, issue 25; checkcoils.py), st = an arcade stick that needs an SDL mapping (padevice's joystick
layout, plugged in last), sdl = SDL2's baseline on that stick (sdlmapcheck), ini = the guest's /init (signals). Times are
guest CLOCK_MONOTONIC seconds. The driver brackets each phase with `PLAY <label> <locality>` … `END <label>
<locality>`; what reached a device between the two belongs to that phase."""
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checkcoils import check_coils  # noqa: E402

LEFT, RIGHT, HANDLES = 0.9, 0.4, 0.8  # the intensities the driver plays on the left handle, right handle, handles
PAD_A, PAD_B = 'OCH Test Pad A', 'OCH Test Pad B'
DUALSENSE = 'Sony Interactive Entertainment DualSense Wireless Controller'
DUALSENSE_BT = 'DualSense Wireless Controller'

lines = []
for raw in open(sys.argv[1], errors='replace'):
    m = re.search(r'\[(gc|pa|pb|ds1|ds2|ds3|st|sdl|ini) +([0-9]+\.[0-9]+)\] (.*)$', raw.rstrip())
    if m:
        lines.append((m.group(1), float(m.group(2)), m.group(3)))
text = open(sys.argv[1], errors='replace').read()
failures = []
timing_failures = []  # rates measured in the one-CPU TCG guest, which a busy host can tip (see the end)


def check(ok, what, timing=False):
    print(('  ok    ' if ok else '  FAIL  ') + what)
    if not ok:
        (timing_failures if timing else failures).append(what)


def first(tag, pattern, after=-1.0, before=1e18):
    for t, time, s in lines:
        if t == tag and after < time < before and re.search(pattern, s):
            return time, s
    return None


def all_(tag, pattern, after=-1.0, before=1e18):
    return [(time, s) for t, time, s in lines if t == tag and after < time < before and re.search(pattern, s)]


def ms(x):
    return f'{x * 1000:.1f} ms'


def window(label, phase):
    """(start, end) of a driver phase, from its PLAY and END markers."""
    start = first('gc', rf'^PLAY {re.escape(label)} {re.escape(phase)}\b')
    end = first('gc', rf'^END {re.escape(label)} {re.escape(phase)}\b', after=start[0] if start else -1)
    return (start[0], end[0]) if start and end else None


def uploads(tag, span):
    """(time, id, strong, weak) of every rumble upload the pad saw in `span`."""
    out = []
    for time, s in all_(tag, r'^UPLOAD .*RUMBLE', *span):
        m = re.search(r'id=(\d+) .*strong=(\d+) weak=(\d+)', s)
        out.append((time, int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return out


def rumbles(tag, span):
    """(time, left, right, mode) of every rumble output report the DualSense got in `span`."""
    out = []
    for time, s in all_(tag, r'^RUMBLE ', *span):
        m = re.search(r'left=(\d+) right=(\d+) mode=(\w+)', s)
        out.append((time, int(m.group(1)), int(m.group(2)), m.group(3)))
    return out


def steady(values):
    """The level held through the phase: the most frequent non-zero value (onsets and releases ramp through a few
    others), and 0 unless it is at least half of the non-zero values."""
    values = [v for v in values if v > 0]
    if not values:
        return 0
    held = statistics.mode(values)
    return held if 2 * values.count(held) >= len(values) else 0


def motor_at_end(tag, span):
    """The pad's last modelled motor state in `span`, as (strong, weak)."""
    last = all_(tag, r'^MOTOR ', *span)
    if not last:
        return None
    m = re.search(r'strong=(\d+) weak=(\d+)', last[-1][1])
    return int(m.group(1)), int(m.group(2))


def motor(tag, span):
    """What the pad's motors did in `span` (padevice's model of them, the way ff-memless sums playing effects):
    [(strong, weak, playing effects, seconds held)], from the MOTOR lines (each a change), starting with the state
    at the start of `span`."""
    changes = []
    for time, s in all_(tag, r'^MOTOR '):
        m = re.search(r'strong=(\d+) weak=(\d+) effects=(\d+)', s)
        changes.append((time, int(m.group(1)), int(m.group(2)), int(m.group(3))))
    before = [c for c in changes if c[0] <= span[0]]
    inside = [c for c in changes if span[0] < c[0] < span[1]]
    states = ([(span[0],) + before[-1][1:]] if before else [(span[0], 0, 0, 0)]) + inside
    return [(st, wk, n, (states[i + 1][0] if i + 1 < len(states) else span[1]) - t) for i, (t, st, wk, n) in enumerate(states)]


def held(states):
    """The (strong, weak) held longest while the motors ran."""
    totals = {}
    for st, wk, _, seconds in states:
        if st or wk:
            totals[(st, wk)] = totals.get((st, wk), 0) + seconds
    return max(totals, key=totals.get) if totals else (0, 0)


def onset(tag, span):
    """When the pad's motors first ran in `span`."""
    for time, s in all_(tag, r'^MOTOR ', *span):
        if not re.search(r'strong=0 weak=0', s):
            return time
    return None


print('== qemu-controllers: guest log checks')
check('QEMU-CONTROLLERS GUEST FINISHED' in text, 'the guest ran to the end')
check('GUEST: haptic-controller-check exit 0' in text, 'the Swift driver exited 0')
fails = all_('gc', r'^FAIL')
check(not fails, 'the Swift driver reported no failure' + (f': {fails[0][1]}' if fails else ''))
for tag in ('pa', 'pb', 'ds1', 'ds2', 'ds3'):
    bad = all_(tag, r'^FAIL')
    check(not bad, f'{tag}: no device-side failure' + (f': {bad[0][1]}' if bad else ''))
figures = {}

# --- 1. Discovery ---
print('-- discovery (GCController.controllers(), GCControllerDidConnect)')
found = first('gc', r'^DISCOVERY ')
controllers = [s for _, s in all_('gc', r'^CONTROLLER \d+ ')]
for c in controllers:
    print('        ' + c)
def controller_line(name, category):
    return [c for c in controllers if f"name='{name}'" in c and f'category={category}' in c]
check(len(controllers) == 5, f'five controllers listed ({len(controllers)})' + (f', {found[1].split(" ", 1)[1]}' if found else ''))
check(len(controller_line(PAD_A, 'Xbox One')) == 1, f"'{PAD_A}' (045E:02EA) is an Xbox One controller")
check(len(controller_line(PAD_B, 'HID')) == 1, f"'{PAD_B}' (1234:ABCD) is a generic HID controller")
check(len(controller_line(DUALSENSE, 'DualSense')) == 2,
      "both USB uhid DualSenses, driven by hid-playstation, are controllers with productCategory 'DualSense'")
check(len(controller_line(DUALSENSE_BT, 'DualSense')) == 1,
      "the Bluetooth uhid DualSense, driven by hid-playstation, is a controller with productCategory 'DualSense'")
check(all('Left Handle' in c and 'Right Handle' in c and 'Handles' in c and 'Trigger' not in c for c in controllers),
      'each supports the handle localities (left, right, both) and no trigger locality')
check(first('gc', r'^CHECK createEngine\(withLocality: \.leftTrigger\) .* -> nil') is not None,
      'createEngine(withLocality: .leftTrigger) on a rumble pad returns nil')
connects = all_('gc', r'^CONNECTS ')
check(len(connects) == 5 and all(s.endswith(' 1') for _, s in connects),
      'each controller present at start was posted as GCControllerDidConnect once')

# --- 1b. GCController.current follows the pad the player touched last (input read from evdev, never grabbed) ---
print('-- GCController.current: uinput input on the pads -> GCControllerDidStopBeingCurrent / DidBecomeCurrent')
def current_notes(after=-1.0, before=1e18):
    return [(time, 'become' if 'DidBecome' in s_ else 'stop', re.search(r"'([^']*)'", s_).group(1))
            for time, s_ in all_('gc', r'^NOTE GCControllerDid(BecomeCurrent|StopBeingCurrent) ', after, before)]
start = first('gc', r'^CURRENT start ')
pressed_b = first('gc', r'^CURRENT B pressed current=')
repeats = first('gc', r'^CURRENT B pressed 3 times')
pressed_a = first('gc', r'^CURRENT A pressed ')
timed = first('gc', r'^CURRENT TIMED start')
timed_end = first('gc', r'^CURRENT TIMED end')
if start and pressed_b and repeats and pressed_a and timed and timed_end:
    initial = re.search(r"initial='([^']*)'", start[1]).group(1)
    got = [(k, n) for _, k, n in current_notes(start[0], pressed_b[0])]
    check(got == [('stop', initial), ('become', PAD_B)] and f"current='{PAD_B}'" in pressed_b[1],
          f'a press on pad B makes it current: one DidStopBeingCurrent ({initial}), one DidBecomeCurrent (pad B): {got}')
    got = current_notes(pressed_b[0], repeats[0])
    check(not got and f"current='{PAD_B}'" in repeats[1] and len(all_('pb', r'^INPUT press', before=repeats[0])) == 4
          and first('pa', r'^INPUT noise', before=repeats[0]) is not None,
          f'three more presses on pad B and stick jitter on pad A inside the dead zone post nothing ({len(got)} notifications)')
    got = [(k, n) for _, k, n in current_notes(repeats[0], pressed_a[0])]
    check(got == [('stop', PAD_B), ('become', PAD_A)], f'then a press on pad A: one each: {got}')
    notes_ = current_notes(timed[0], timed_end[0])
    latency = {'p': [], 's': []}
    ok = len(notes_) == 100
    for tag, pad, kind in (('pb', PAD_B, 'press'), ('pa', PAD_A, 'stick')):
        for _, s_ in all_(tag, rf'^INPUT {kind} ', timed[0], timed_end[0]):
            written = float(re.search(r'written=([0-9.]+)', s_).group(1))
            after = [t for t, k, n in notes_ if k == 'become' and n == pad and t > written]
            if after:
                latency[kind[0]].append(after[0] - written)
            else:
                ok = False
    both = latency['p'] + latency['s']
    check(ok and len(both) == 50, f'50 alternating changes (press on B, stick push on A): {len(notes_)} notifications, '
          f'each input followed by its DidBecomeCurrent ({len(both)} paired)')
    if both:
        figures['current'] = latency
    # Pad B, current again, unplugged: it stops being current, pad A (used most recently before it) becomes current;
    # the re-plugged pad B connects, and connecting counts as a use.
    before_unplug = first('gc', r'^CURRENT B pressed before the unplug')
    after_unplug = first('gc', r'^CURRENT after the unplug')
    disconnect = first('gc', rf"^NOTE GCControllerDidDisconnect '{PAD_B}'")
    if before_unplug and after_unplug and disconnect:
        got = [(k, n) for t, k, n in current_notes(before_unplug[0], after_unplug[0])]
        check(got == [('stop', PAD_B), ('become', PAD_A)] and f"current='{PAD_A}'" in after_unplug[1]
              and all(t > disconnect[0] for t, _, _ in current_notes(before_unplug[0], after_unplug[0])),
              f'pad B unplugged while current: after its DidDisconnect, DidStopBeingCurrent (pad B), DidBecomeCurrent (pad A): {got}')
    else:
        check(False, 'pad B was pressed before its unplug and the driver checked current after it')
    touch_start = first('gc', r'^TOUCHPAD start')
    touch_end = first('gc', r'^TOUCHPAD end')
    touch_span = (touch_start[0], touch_end[0]) if touch_start and touch_end else (1e18, 1e18)
    mapped_start, mapped_end = first('gc', r'^MAPPED start'), first('gc', r'^MAPPED end')
    # The stick plugged in and used in the mapped phase (1f) becomes current then, as it should: left out here.
    mapped_span = (mapped_start[0], mapped_end[0] if mapped_end else 1e18) if mapped_start else (1e18, 1e18)
    later = [(k, n) for t, k, n in current_notes(after_unplug[0] if after_unplug else 1e18)
             if not touch_span[0] < t < touch_span[1] and not mapped_span[0] < t < mapped_span[1]]
    check(later == [('stop', PAD_A), ('become', PAD_B)],
          f'afterwards only the re-plugged pad B becomes current, on connecting (no input, playing or DualSense unplug posts): {later}')
    touched = [(k, n) for _, k, n in current_notes(*touch_span)]
    check(touched == [('stop', PAD_B), ('become', DUALSENSE)],
          f"fingers on a DualSense's touchpad (its own evdev node) make it current, once: {touched}")
else:
    check(False, 'the current-controller phase ran')

# --- 1c. The same input reaches Apple's elements (issue 35): buttonA's pressedChangedHandler, the stick's axis ---
print('-- GCExtendedGamepad elements: uinput input -> buttonA.pressedChangedHandler, leftThumbstick.xAxis.valueChangedHandler')
if start and timed_end:
    presses = [t for t, _ in all_('pb', r'^INPUT press ', start[0], timed_end[0])]
    downs = [t for t, _ in all_('gc', r'^ELEMENT B buttonA pressed=true value=1.0', start[0], timed_end[0] + 0.5)]
    ups = all_('gc', r'^ELEMENT B buttonA pressed=false value=0.0', start[0], timed_end[0] + 0.5)
    check(len(presses) > 0 and len(downs) == len(presses) and len(ups) == len(presses),
          f'every press on pad B (BTN_SOUTH) is one pressed and one released call of buttonA: {len(presses)} presses, '
          f'{len(downs)} pressed, {len(ups)} released')
    pushes = all_('pa', r'^INPUT stick ', start[0], timed_end[0])
    values = [float(re.search(r'value=(-?[0-9.]+)', s_).group(1))
              for _, s_ in all_('gc', r'^ELEMENT A leftThumbstick.xAxis ', start[0], timed_end[0] + 0.5)]
    pushed = [v for v in values if abs(v - 30000 / 32767.5) < 0.01]
    check(len(pushes) > 0 and len(pushed) == len(pushes) and values and values[-1] == 0.0,
          f'every stick push on pad A (ABS_X 30000, then 0) reads {30000 / 32767.5:.4f} then 0 on leftThumbstick.xAxis: '
          f'{len(pushes)} pushes, {len(pushed)} at that value, last {values[-1] if values else None}')
    latency = []
    for written_line in all_('pb', r'^INPUT press ', timed[0] if timed else start[0], timed_end[0]):
        written = float(re.search(r'written=([0-9.]+)', written_line[1]).group(1))
        after = [t for t in downs if t > written]
        if after:
            latency.append(after[0] - written)
    if latency:
        figures['element'] = latency

# --- 1d. A DualSense's touchpad (issue 35): hid-playstation's touchpad node -> touchpadPrimary/Secondary/Button ---
print("-- DualSense touchpad: uhid input report (two touch points, touchpad pressed) -> hid-playstation's touchpad node -> handlers")
touch_start = first('gc', r'^TOUCHPAD start')
touch_end = first('gc', r'^TOUCHPAD end')
if touch_start and touch_end:
    seen = [s_[len('TOUCHPAD '):] for _, s_ in all_('gc', r'^TOUCHPAD DS\d ', touch_start[0], touch_end[0])]
    labels = sorted({line.split()[0] for line in seen})
    got = [line.split(' ', 1)[1] for line in seen]
    check(len(labels) == 1 and sorted(got[:3]) == ['button pressed=true', 'primary x=1.0 y=1.0', 'secondary x=-1.0 y=-1.0']
          and sorted(got[3:]) == ['button pressed=false', 'primary x=0.0 y=0.0', 'secondary x=0.0 y=0.0'],
          f'one DualSense reads finger 1 top right (1, 1), finger 2 bottom left (-1, -1), the click, then both lifted '
          f'(0, 0) and released: {labels} {got}')
    downs = all_('ds1', r'^TOUCH down ', touch_start[0], touch_end[0])
    primary = [t for t, s_ in all_('gc', r'^TOUCHPAD DS\d primary x=1\.0', touch_start[0], touch_end[0])]
    if downs and primary:
        written = float(re.search(r'written=([0-9.]+)', downs[0][1]).group(1))
        figures['touch'] = primary[0] - written
else:
    check(False, 'the touchpad phase ran')

# --- 1e. Light bar and player LEDs (issue 35): GCDeviceLight / playerIndex -> LED class -> hid-playstation -> report ---
print('-- DualSense light: light.color and playerIndex -> LED class (sysfs) -> hid-playstation output report -> dsemu')
light_start = first('gc', r'^LIGHT start')
light_end = first('gc', r'^LIGHT end')
if light_start and light_end:
    reports = [s_ for tag in ('ds1', 'ds2') for _, s_ in all_(tag, r'^OUTPUT ', light_start[0], light_end[0])]
    check(any('lightbar=255,128,0' in r for r in reports),
          f'light.color = (1, 0.5, 0) reaches the pad as light bar bytes 255,128,0: {len(reports)} reports, '
          f'light bars {sorted({re.search(r"lightbar=([0-9,]+)", r).group(1) for r in reports})}')
    check(any('player_leds=0x0a' in r for r in reports),
          f"playerIndex = .index2 lights player LEDs 2 and 4 (0x0a, hid-playstation's pattern): "
          f'{sorted({re.search(r"player_leds=(0x[0-9a-f]+)", r).group(1) for r in reports})}')
else:
    check(False, 'the light phase ran')

# --- 1g. Motion sensors and battery (issue 35, item 3): uhid report -> hid-playstation -> GCMotion, GCDeviceBattery ---
print("-- DualSense motion and battery: uhid input report (gyro, accelerometer, status byte) -> hid-playstation's motion "
      "node and power_supply -> GCMotion, GCDeviceBattery")
# What hid-playstation reports for dsemu's raw values: its calibration report 0x05 (dsemu's feature(): gyro biases 0,
# pitch/yaw/roll +/- 8862, 8866, 8874 at a speed of 540 + 540 deg/s; accelerometer +/- 8192 on each axis) gives,
# by dualsense_get_calibration_data, gyro = mult_frac(1080 * 1024, raw - 0, |plus| + |minus|) in 1/1024 deg/s
# (DS_GYRO_RES_PER_DEG_S) and accel = mult_frac(2 * 8192, raw - (plus - range / 2), range) in 1/8192 g
# (DS_ACC_RES_PER_G); the motion node's ABS_* resolutions are those two numbers.
GYRO_NUMER, GYRO_DENOM = 1080 * 1024, (2 * 8862, 2 * 8866, 2 * 8874)
ACC_NUMER, ACC_RANGE, ACC_BIAS = 2 * 8192, 2 * 8192, 8192 - 2 * 8192 // 2
MOTION_TOLERANCE = 1e-4  # g and rad/s: the driver prints six decimals; the arithmetic is the same double math


def c_div(a, b):
    """C's integer division (truncates towards zero), as the kernel's mult_frac does."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def mult_frac(x, n, d):
    """The kernel's mult_frac(x, n, d): x * n / d without overflow, as C computes it."""
    q, r = c_div(x, d), x - c_div(x, d) * d
    return q * n + c_div(r * n, d)


def apple_motion(gyro_raw, accel_raw):
    """What Apple's GCMotion of a DualSense gives for dsemu's raw values: (acceleration in g, rotationRate in rad/s).
    The kernel's axes are SDL's pad axes (x right, y up, z towards the player: SDL_sensor.h; SDL's Linux back-end reads
    hid-playstation's node as it is, reordering only Nintendo's). SDL's Apple back-end (SDL_mfijoystick.m) turns
    Apple's values into those axes as gyro = (rate.x, rate.z, -rate.y) and accel = -acceleration * g, so Apple's are
    rotationRate = (x, -z, y) and acceleration = -(x, y, z) of the kernel's, in g and rad/s."""
    k_gyro = [mult_frac(GYRO_NUMER, raw, GYRO_DENOM[i]) for i, raw in enumerate(gyro_raw)]
    k_acc = [mult_frac(ACC_NUMER, raw - ACC_BIAS, ACC_RANGE) for raw in accel_raw]
    rad = math.pi / 180 / 1024
    return tuple(-v / 8192 for v in k_acc), (k_gyro[0] * rad, -k_gyro[2] * rad, k_gyro[1] * rad)


def battery_of(status):
    """hid-playstation's decoding of the status byte (capacity %, power_supply status) as GCDeviceBattery gives it:
    (batteryLevel, batteryState raw value: 0 discharging, 1 charging, 2 full, -1 unknown)."""
    level, charging = status & 0x0f, status >> 4
    if charging in (0, 1):
        return min(level * 10 + 5, 100) / 100, charging
    if charging == 2:
        return 1.0, 2
    return 0.0, -1


def triple(s, name):
    m = re.search(rf'{name}=\((-?[0-9.]+), (-?[0-9.]+), (-?[0-9.]+)\)', s)
    return tuple(float(v) for v in m.groups()) if m else None


def near(a, b):
    return a is not None and all(abs(x - y) <= MOTION_TOLERANCE for x, y in zip(a, b))


def fmt(v):
    return '(' + ', '.join(f'{x + 0.0:+.4f}' for x in v) + ')' if v is not None else '-'


motion_start, motion_end = first('gc', r'^MOTION start'), first('gc', r'^MOTION end')
motion_off = first('gc', r'^MOTION off')
if motion_start and motion_end and motion_off:
    props = all_('gc', r'^MOTION DS\d requiresManualActivation=')
    check(len(props) == 2 and all('requiresManualActivation=true active=false hasRotationRate=true' in s_ and 'hasAttitude=false' in s_
                                  for _, s_ in props),
          "each USB DualSense has a GCMotion with a gyroscope, needing manual activation, inactive until asked: "
          + '; '.join(s_.split(' ', 2)[2] for _, s_ in props))
    # By write time: dsemu logs a pose after its write returns, which can be after the driver, woken by the pose's
    # handler, has gone on to the next step.
    sent = [s_ for _, s_ in all_('ds1', r'^MOTION pose=')
            if motion_start[0] < float(re.search(r'written=([0-9.]+)', s_).group(1)) < motion_off[0]]
    handled = all_('gc', r'^MOTION DS\d handler ', motion_start[0], motion_off[0])
    batteries = [s_ for _, s_ in all_('gc', r'^BATTERY DS\d ', motion_start[0], motion_off[0])]
    labels = sorted({s_.split()[1] for _, s_ in handled})
    check(len(sent) == 3 and len(handled) == 3 and len(batteries) == 3 and len(labels) == 1,
          f'three poses sent by the emulator, one motion handler call each, on one DualSense: {len(sent)} poses, '
          f'{len(handled)} calls on {labels}, {len(batteries)} battery reads')
    gravity = None
    motion_rows = []
    for pose_line, (handler_time, handler_line), battery_line in zip(sent, handled, batteries):
        pose = re.search(r'pose=(\w+)', pose_line).group(1)
        gyro_raw = [int(v) for v in re.search(r'gyro=(-?\d+),(-?\d+),(-?\d+)', pose_line).groups()]
        accel_raw = [int(v) for v in re.search(r'accel=(-?\d+),(-?\d+),(-?\d+)', pose_line).groups()]
        acceleration, rotation = apple_motion(gyro_raw, accel_raw)
        # OpenGameController's split (GCMotion's documentation): the first report after activation sets gravity, each
        # later one moves it 1/32 of the way to the acceleration; the user's acceleration is the rest. Each pose is one
        # report that moves the sensors.
        gravity = acceleration if gravity is None else tuple(g + (a - g) / 32 for g, a in zip(gravity, acceleration))
        user = tuple(a - g for a, g in zip(acceleration, gravity))
        read = {k: triple(handler_line, k) for k in ('acceleration', 'gravity', 'userAcceleration', 'rotationRate')}
        want = {'acceleration': acceleration, 'gravity': gravity, 'userAcceleration': user, 'rotationRate': rotation}
        check(all(near(read[k], want[k]) for k in want),
              f'{pose}: ' + '; '.join(f'{k} {fmt(read[k])} (Apple\'s: {fmt(want[k])})' for k in want)
              + f' within {MOTION_TOLERANCE} g, rad/s')
        status = int(re.search(r'status=(0x[0-9a-f]+)', pose_line).group(1), 16)
        want_level, want_state = battery_of(status)
        level = float(re.search(r'level=([0-9.]+)', battery_line).group(1))
        state = int(re.search(r'state=(-?\d)', battery_line).group(1))
        check(abs(level - want_level) < 1e-6 and state == want_state,
              f'{pose}: the status byte 0x{status:02x} reads batteryLevel {level}, batteryState {state} '
              f'(hid-playstation: {want_level}, {want_state})')
        written = float(re.search(r'written=([0-9.]+)', pose_line).group(1))
        motion_rows.append((pose, want, read, (want_level, want_state), (level, state), handler_time - written))
    figures['motion'] = motion_rows
    late = all_('gc', r'^MOTION DS\d handler ', motion_off[0], motion_end[0] + 1)
    flat_again = next(((t, s_) for t, s_ in all_('ds1', r'^MOTION pose=flat ')
                       if float(re.search(r'written=([0-9.]+)', s_).group(1)) > motion_off[0]), None)
    laid = flat_again is not None and float(re.search(r'written=([0-9.]+)', flat_again[1]).group(1)) < motion_end[0]
    check(laid, 'the pad was laid flat again before the phase ended (its sensors inactive)', timing=True)
    kept = [tuple(float(v) for v in m) for m in re.findall(r'\((-?[0-9.]+), (-?[0-9.]+), (-?[0-9.]+)\)', motion_end[1])]
    last = motion_rows[-1][1]['acceleration'] if motion_rows else None
    check(not late and 'calls=3 active=[false, false]' in motion_end[1] and any(near(k, last) for k in kept),
          f'with sensorsActive false no handler runs and the values stay the last pose\'s: {len(late)} late calls; '
          f'{motion_end[1]}')
else:
    check(False, 'the motion phase ran')

# --- 1f. A pad off the kernel's gamepad layout, through its SDL mapping line (issue 35, item 5) ---
print("-- SDL mapping: an arcade stick (BTN_TRIGGER … BTN_BASE6, 0 … 255 axes, a hat) -> its SDL_GAMECONTROLLERCONFIG line -> Apple's elements")
# The variable's line (MappedGamepadInputTests.line) maps each byte's event to an element and Apple's value: BTN_THUMB
# b1 -> a; ABS_Z a2 -> rightx; ABS_RZ a3~ -> righty inverted (0 is -1); hat up h0.1 -> dpup; BTN_BASE5 b10 -> -leftx;
# BTN_BASE b6 -> lefttrigger; ABS_Y a1 -> lefty (0 is up: +1). Capitals put each back (0, or an axis at rest: 128).
MAPPED = {'a': ('buttonA', 1.0), 'z': ('rightThumbstick.xAxis', 1.0), 'r': ('rightThumbstick.yAxis', -1.0),
          'u': ('dpad.up', 1.0), 'l': ('leftThumbstick.xAxis', -1.0), 't': ('leftTrigger', 1.0),
          'y': ('leftThumbstick.yAxis', 1.0)}
def stick_writes(after, before):
    """The stick's input writes whose write time (not the later time of padevice's log line) is in (after, before)."""
    return [(t, s_) for t, s_ in all_('st', r'^INPUT mapped ')
            if after < float(re.search(r'written=([0-9.]+)', s_).group(1)) < before]


bad = re.search(r'^GUEST: mapping file (\S+) line (\d+): (.+)$', text, re.M)
problem = re.search(r'game controllers: SDL_GAMECONTROLLERCONFIG_FILE=(\S+?):(\d+):(\d+): (.*)$', text, re.M)
if bad:
    where = f'{bad.group(1)}:{bad.group(2)}:{bad.group(3).index("b900") + 2}'  # the column of the button number
    check(problem is not None and f'{problem.group(1)}:{problem.group(2)}:{problem.group(3)}' == where
          and 'button number 900 is out of range' in problem.group(4),
          f"the mapping file's bad line is logged with its file, line and column ({where}): "
          + (problem.group(0) if problem else 'no such line'))
else:
    check(False, 'the guest wrote a mapping file with a bad line')
mapped_start, mapped_end = first('gc', r'^MAPPED start'), first('gc', r'^MAPPED end')
if mapped_start and mapped_end:
    created = first('st', r"^CREATED 'Acme Arcade Stick' 1234:5678 .*layout=joystick")
    found_ = first('gc', r"^MAPPED controller name='Acme Arcade Stick'")
    bad_st = all_('st', r'^FAIL')
    check(created is not None and found_ is not None and not bad_st,
          'the stick (no BTN_GAMEPAD code), plugged in after discovery, is a controller through its line: '
          + (found_[1] if found_ else 'not found') + (f'; st: {bad_st[0][1]}' if bad_st else ''))
    # Button A held as the stick was plugged in (padevice's HELD line, written before the library could open the node)
    # is pressed in the driver's GCControllerDidConnect observer: the node's present state is read at the open.
    held_ = first('st', r'^HELD a ')
    seen_ = first('gc', r'^MAPPED held at plug: ', mapped_start[0], mapped_end[0])
    check(held_ is not None and seen_ is not None and 'isPressed=true' in seen_[1],
          'a button held as the stick is plugged in reads pressed in the GCControllerDidConnect observer: '
          + (seen_[1] if seen_ else 'no such line') + ('' if held_ else '; padevice wrote no HELD press'))
    # The timed writes: after the held button's release.
    timed_ = first('gc', r'^MAPPED timed start', mapped_start[0], mapped_end[0])
    timed_at = timed_[0] if timed_ else mapped_end[0]
    handlers = [(t, s_.split()[2], float(s_.split('value=')[1]))
                for t, s_ in all_('gc', r'^MAPPED HANDLER ', timed_at, mapped_end[0])]
    inputs_ = stick_writes(timed_at, mapped_end[0])
    wrong, wrong_elements, latency_of, used = [], set(), {}, set()
    for _, s_ in inputs_:
        byte = s_.split()[2]
        element, value = MAPPED[byte.lower()]
        written = float(re.search(r'written=([0-9.]+)', s_).group(1))
        calls_ = [(i, t, v) for i, (t, e, v) in enumerate(handlers) if e == element and t > written and i not in used]
        if not calls_:
            wrong.append(f'{byte}: no {element} handler call')
            wrong_elements.add(element)
            continue
        i, t, v = calls_[0]
        used.add(i)
        if (v != value) if byte.islower() else (abs(v) >= 0.01):
            wrong.append(f'{byte}: {element} = {v}, want {value if byte.islower() else "0 (at rest)"}')
            wrong_elements.add(element)
        latency_of.setdefault(element, []).append(t - written)
    stray = [f'{e}={v}' for i, (_, e, v) in enumerate(handlers) if i not in used]
    sets = [s_ for _, s_ in inputs_ if s_.split()[2].islower()]
    verified = sorted(set(latency_of) - wrong_elements)
    check(inputs_ and not wrong and not stray and len(verified) == len(MAPPED) and len(sets) * 2 == len(inputs_),
          f'every stick input reached its element\'s valueChangedHandler once, with the mapped value: {len(verified)} of '
          f'{len(MAPPED)} elements verified, {len(inputs_)} writes ({len(sets)} set, {len(inputs_) - len(sets)} put back), '
          f'{len(handlers)} handler calls' + (f'; wrong: {wrong[:5]}' if wrong else '') + (f'; stray: {stray[:5]}' if stray else ''))
    if latency_of:
        figures['mapped'] = latency_of
        figures['mapped elements'] = len(verified)
else:
    check(False, 'the mapped stick phase ran (MAPPED start … end)')
# The SDL2 baseline: after our driver exits, libSDL2 opens the same stick through the same line, asks for the same
# inputs and waits for each in SDL_WaitEventTimeout (SDL_PumpEvents every millisecond).
sdl_start, sdl_end = first('sdl', r'^SDL timed start'), first('sdl', r'^SDL timed end')
if sdl_start and sdl_end:
    sdl_inputs = stick_writes(sdl_start[0], sdl_end[0])
    sdl_events = all_('sdl', r'^EVENT ', sdl_start[0], sdl_end[0])
    paired = list(zip(sdl_inputs, sdl_events))
    in_order = all(i[1].split()[2] == e[1].split()[1] and e[0] > float(re.search(r'written=([0-9.]+)', i[1]).group(1))
                   for i, e in paired)
    check(len(sdl_inputs) == len(sdl_events) > 0 and in_order and 'GUEST: sdlmapcheck exit 0' in text,
          f"SDL2 baseline: libSDL2's game controller API reads the same stick through the same line: "
          f"{len(sdl_events)} events for {len(sdl_inputs)} writes, in order")
    if in_order and sdl_events:
        figures['mapped sdl'] = [e[0] - float(re.search(r'written=([0-9.]+)', i[1]).group(1)) for i, e in paired]
else:
    bad_sdl = all_('sdl', r'FAIL')
    check(False, 'the SDL2 baseline ran (SDL timed start … end)' + (f': {bad_sdl[0][1]}' if bad_sdl else ''))

# --- 2. Per-motor routing and mixing on the uinput pads ---
# What the motors did comes from the pad's model of them (the playing effects summed, as ff-memless does); the
# uploads are counted too.
level = {}
for label, tag in (('A', 'pa'), ('B', 'pb')):
    print(f'-- pad {label} ({tag}): one engine per locality, then left + right at once')
    spans = {phase: window(label, phase) for phase in ('Left Handle', 'Right Handle', 'Handles', 'mix')}
    if not all(spans.values()):
        check(False, f'pad {label}: all phases ran')
        continue
    states = {phase: motor(tag, span) for phase, span in spans.items()}
    count = {phase: len(uploads(tag, span)) for phase, span in spans.items()}
    strong, _ = held(states['Left Handle'])
    check(strong > 0 and all(wk == 0 for _, wk, _, _ in states['Left Handle']),
          f"left-handle engine moves only the strong motor: strong {strong}, weak 0 throughout ({count['Left Handle']} uploads)")
    _, weak = held(states['Right Handle'])
    check(weak > 0 and all(st == 0 for st, _, _, _ in states['Right Handle']),
          f"right-handle engine moves only the weak motor: weak {weak}, strong 0 throughout ({count['Right Handle']} uploads)")
    both = held(states['Handles'])
    check(both[0] > 0 and both[1] > 0, f"handles engine (sharpness 0.5) moves both motors: strong {both[0]}, weak {both[1]} ({count['Handles']} uploads)")
    for what, got, want in (('left handle', strong, LEFT), ('right handle', weak, RIGHT), ('handles', both[0], HANDLES)):
        check(abs(got / 65535 - want) <= 0.03, f'{what}: intensity {want} plays {got / 65535:.3f} of full scale')
    mix = states['mix']
    together = sum(seconds for st, wk, n, seconds in mix if (st, wk) == (strong, weak) and n == 1)
    check(together > 0.1 and all(n <= 1 for _, _, n, _ in mix),
          f'left + right engines at once: one effect carries strong {strong} and weak {weak} together for {ms(together)}, '
          f"never two effects at once ({count['mix']} uploads)")
    ends = [states[phase][-1][:2] for phase in spans]
    check(all(e == (0, 0) for e in ends), f'the motors are off at the end of each phase: {ends}')
    on = onset(tag, spans['Left Handle'])
    if on is not None:
        print(f'        API start -> motor on at the pad: {ms(on - spans["Left Handle"][0])}')
        figures.setdefault('pad latency', []).append(on - spans['Left Handle'][0])
    level[label] = dict(left=strong, right=weak, handles=both[0])
slots = {tag: max([int(s.split()[1]) for _, s in all_(tag, r'^SLOTS')] or [0]) for tag in ('pa', 'pb')}
# One device output per pad: its writer's effect slot (plus a spare one armed for onsets, where the writer keeps one),
# never one per engine.
check(all(1 <= v <= 2 for v in slots.values()), f'the three engines of a pad share one writer: at most {max(slots.values())} effect slot(s) in use (slots never grow with the engines)')
span = window('AB', 'cross')
a, b = (motor('pa', span), motor('pb', span)) if span else ([], [])
check(held(a)[0] > 0 and all(wk == 0 for _, wk, _, _ in a) and held(b)[1] > 0 and all(st == 0 for st, _, _, _ in b),
      f"both pads at once: pad A's left handle moves only A's strong motor ({held(a)}), pad B's right handle only B's weak motor ({held(b)})")

# --- 3. Pad B unplugged mid-play, then plugged in again ---
print('-- pad B unplugged mid-play (UI_DEV_DESTROY), then created again')
unplug = first('ini', r'sent SIGUSR1')
destroyed = first('pb', r'^DESTROYED')
notes = all_('gc', rf"^NOTE GCControllerDidDisconnect '{PAD_B}'")
check(unplug is not None and len(notes) == 1,
      f'GCControllerDidDisconnect posted once for pad B ({len(notes)})' + (f', {ms(notes[0][0] - unplug[0])} after the unplug signal' if notes and unplug else ''))
same = first('gc', rf"^DISCONNECTS '{PAD_B}' 1 same-controller=true")
check(same is not None, "the notification's object is the GCController the game had for pad B")
handlers = {}
for key in ('B.Left Handle', 'B.Right Handle', 'B.Handles'):
    handlers[key] = all_('gc', rf'^HANDLER {re.escape(key)} stoppedHandler')
ok = all(len(h) == 1 and 'gameControllerDisconnect' in h[0][1] for h in handlers.values())
delays = [h[0][0] - unplug[0] for h in handlers.values() if h] if unplug else []
check(ok, 'each of pad B\'s three running engines got stoppedHandler(.gameControllerDisconnect) exactly once: '
      + ', '.join(f'{k.split(".")[1]} {len(h)}' for k, h in handlers.items())
      + (f' (after {", ".join(ms(d) for d in delays)})' if delays else ''))
at_unplug = first('pb', r'^UNPLUG with the motors at')
print('        pad B at the unplug: ' + (at_unplug[1].split('UNPLUG ')[1] if at_unplug else '-'))
check(at_unplug is not None and 'strong=65535 weak=52428' in at_unplug[1],
      'at the unplug pad B played both of its playing engines mixed (handles 0.8 + left handle 0.9: strong 65535, weak 52428)')
off = all_('pb', r'^MOTOR ', before=first('pb', r'^CREATED', after=unplug[0])[0] if unplug and first('pb', r'^CREATED', after=unplug[0]) else 1e18)
check(bool(off) and re.search(r'strong=0 weak=0 .*reason=unplugged', off[-1][1]) is not None,
      'pad B\'s motors are off after the unplug (last modelled state: ' + (off[-1][1] if off else '-') + ')')
check(not all_('gc', r'^HANDLER A\.'), 'no engine of pad A stopped')
# Uploads when a level changes, plays when a held level's replay bound is restarted.
a_after = all_('pa', r'^(UPLOAD|PLAY)', unplug[0], unplug[0] + 0.6) if unplug else []
check(len(a_after) > 5, f'pad A kept playing through pad B\'s unplug ({len(a_after)} uploads and plays in the next 0.6 s)')
check(first('gc', r'^CHECK old pad B createEngine after disconnect -> nil') is not None, 'the unplugged controller makes no new engine')
check(first('gc', r'^CHECK controllers\(\) after unplug: 4 controllers, old pad B listed=false') is not None,
      'GCController.controllers() drops the unplugged pad')
replug = first('ini', r'sent SIGUSR2')
cnotes = all_('gc', rf"^NOTE GCControllerDidConnect '{PAD_B}'")
check(replug is not None and len(cnotes) == 2 and cnotes[1][0] > replug[0],
      f'GCControllerDidConnect for the re-plugged pad B ({len(cnotes)} for pad B in all)' + (f', {ms(cnotes[1][0] - replug[0])} after the re-plug signal' if replug and len(cnotes) == 2 else ''))
check(first('gc', rf"^REPLUGGED '{PAD_B}' new-controller=true") is not None, 'it is a new GCController, listed by controllers()')
span = window('B2', 'leftHandle')
created = first('pb', r'^CREATED', after=unplug[0] if unplug else -1)
stale = [x for x in motor('pb', (created[0], span[0])) if x[0] or x[1]] if created and span else ['?']
check(not stale, f'nothing drove the re-plugged pad before its new engine played ({len(stale)} motor states)')
states = motor('pb', span) if span else []
check(held(states) == (level.get('A', {}).get('left', -1), 0) and all(wk == 0 for _, wk, _, _ in states),
      f'an engine on the new controller plays: left handle -> {held(states)} (strong, weak)')
check(first('gc', r'^OLDENGINE start\(\) after the disconnect throws') is not None and window('Bold', 'leftHandle') is None,
      "an engine of the unplugged controller cannot be started again (it would drive the pad now at the same node)")

# --- 4. The DualSenses: hid-playstation's output reports ---
print("-- DualSense over uhid: our engine -> evdev (ff-memless) -> hid-playstation -> output report 0x02 -> dsemu")
for tag in ('ds1', 'ds2'):
    got = all_(tag, r'^GET_REPORT')
    sizes = {re.search(r'rnum=(0x\w+)', s).group(1): re.search(r'(\d+) bytes', s).group(1) for _, s in got}
    check(sizes == {'0x09': '20', '0x20': '64', '0x05': '41'} and all('reply' in s for _, s in got),
          f'{tag}: hid-playstation read pairing (0x09), firmware (0x20) and calibration (0x05) info at probe: {sizes}')
check(len(re.findall(r'Registered DualSense controller', text)) >= 2, 'hid-playstation registered both DualSenses (dmesg)')
pad_a = level.get('A', dict(left=-256, right=-256, handles=-256))  # pad A's magnitudes (impossible bytes without them)
expect = {'Left Handle': (pad_a['left'] // 256, 0), 'Right Handle': (0, pad_a['right'] // 256),
          'Handles': (pad_a['handles'] // 256, pad_a['handles'] // 256)}
modes = {}
for label in ('DS1', 'DS2'):
    spans = {phase: window(label, phase) for phase in ('Left Handle', 'Right Handle', 'Handles', 'mix')}
    if not all(spans.values()):
        check(False, f'{label}: all phases ran')
        continue
    # Which emulated pad this controller is: the one whose motors moved in its phases.
    moved = {tag: [r for span in spans.values() for r in rumbles(tag, span) if r[1] or r[2]] for tag in ('ds1', 'ds2')}
    tags = [tag for tag, rs in moved.items() if rs]
    check(len(tags) == 1, f'{label}: exactly one DualSense moved during its phases ({tags or "none"})')
    if len(tags) != 1:
        continue
    tag = tags[0]
    modes[tag] = sorted({r[3] for r in moved[tag]})
    for phase in ('Left Handle', 'Right Handle', 'Handles'):
        rs = rumbles(tag, spans[phase])
        l_, r_ = steady([r[1] for r in rs]), steady([r[2] for r in rs])
        want = expect[phase]
        if phase == 'Left Handle':
            ok = all(r[2] == 0 for r in rs) and l_ == want[0]
        elif phase == 'Right Handle':
            ok = all(r[1] == 0 for r in rs) and r_ == want[1]
        else:
            ok = (l_, r_) == want
        check(bool(rs) and ok, f'{label} ({tag}) {phase}: motor_left {l_}, motor_right {r_} in {len(rs)} rumble reports '
              f'(expected {want[0]}, {want[1]}: the uinput pad\'s magnitudes / 256)')
        if phase == 'Left Handle' and rs:
            figures.setdefault('ds latency', []).append(rs[0][0] - spans[phase][0])
    rs = rumbles(tag, spans['mix'])
    both = [r for r in rs if (r[1], r[2]) == (expect['Left Handle'][0], expect['Right Handle'][1])]
    check(bool(both), f'{label} ({tag}) left + right engines at once: one output report carries motor_left '
          f'{expect["Left Handle"][0]} and motor_right {expect["Right Handle"][1]} ({len(both)} of {len(rs)} reports)')
    ends = [rumbles(tag, s) for s in spans.values()]
    check(all(e and (e[-1][1], e[-1][2]) == (0, 0) for e in ends), f'{label} ({tag}): the last rumble report of each phase turns both motors off')
check(modes.get('ds1') == ['v1'] and modes.get('ds2') == ['v2'],
      f'rumble encoding per firmware: update version 2.04 -> valid_flag0 COMPATIBLE_VIBRATION|HAPTICS_SELECT (v1), '
      f'6.30 -> HAPTICS_SELECT + valid_flag2 COMPATIBLE_VIBRATION2 (v2): {modes}')
flags = {tag: sorted({re.search(r'flag0=(0x\w+) .*flag2=(0x\w+)', s).groups() for _, s in all_(tag, r'^OUTPUT .*motor_right=[1-9]')}) for tag in ('ds1', 'ds2')}
print(f'        valid_flag0/valid_flag2 of reports with a motor on: {flags}')

# --- 4b. Adaptive triggers through hidraw (issue 25) ---
print('-- adaptive triggers: GCDualSenseAdaptiveTrigger -> hidraw (report 0x02 on USB, 0x31 on Bluetooth) -> dsemu')
OFF = [0x05] + [0] * 10


def expected_effect(words):
    """The 11 bytes of one call (`feedback 0.3 0.5`, …), encoded here from the documented layout and the zone and
    level rules of the DifferencesFromGameController article, independently of the Swift encoder."""
    unit = lambda x: min(max(float(x), 0.0), 1.0)
    zone = lambda x: math.floor(unit(x) * 9 + 0.5)
    level = lambda x: math.floor(unit(x) * 8 + 0.5)
    hertz = lambda x: 1 + math.floor(unit(x) * 254 + 0.5)

    def zoned(mode, levels, freq=0):
        mask = sum(1 << z for z, v in enumerate(levels) if v)
        packed = sum((v - 1) << (3 * z) for z, v in enumerate(levels) if v)
        if not mask:
            return OFF
        return [mode, mask & 0xFF, mask >> 8] + list(packed.to_bytes(4, 'little')) + [0, 0, freq, 0]

    kind, args = words[0], words[1:]
    if kind == 'off':
        return OFF
    if kind == 'feedback':
        z, lv = zone(args[0]), level(args[1])
        return zoned(0x21, [lv if i >= z else 0 for i in range(10)])
    if kind == 'weapon':
        start = min(max(zone(args[0]), 2), 7)
        end = min(max(zone(args[1]), start + 1), 8)
        lv = level(args[2])
        mask = (1 << start) | (1 << end)
        return OFF if lv == 0 else [0x25, mask & 0xFF, mask >> 8, lv - 1] + [0] * 7
    if kind == 'vibration':
        z, lv = zone(args[0]), level(args[1])
        return zoned(0x26, [lv if i >= z else 0 for i in range(10)], hertz(args[2]))
    if kind == 'slope':
        start = min(zone(args[0]), 8)
        end = min(max(zone(args[1]), start + 1), 9)
        a, b = max(level(args[2]), 1), max(level(args[3]), 1)
        levels = [0 if i < start else b if i >= end else math.floor(a + (b - a) * (i - start) / (end - start) + 0.5) for i in range(10)]
        return zoned(0x21, levels)
    if kind == 'strengths':
        return zoned(0x21, [level(x) for x in args])
    if kind == 'amplitudes':
        return zoned(0x26, [level(x) for x in args[:10]], hertz(args[10]))
    raise ValueError(kind)


def hex11(b):
    return ' '.join(f'{x:02x}' for x in b)


calls = all_('gc', r'^TRIGGER DS\d ')
done = first('gc', r'^MARK done')
trigger_latency = {'usb': [], 'bt': []}
for label, candidates in (('DS1', ('ds1', 'ds2')), ('DS3', ('ds3',))):
    mine = [(t, s.split()[2], s.split()[3:]) for t, s in calls if s.split()[1] == label]
    tags = [tag for tag in candidates if all_(tag, r'^TRIGGER ')]
    if len(mine) < 9 or len(tags) != 1:
        check(False, f'{label}: the trigger calls ran ({len(mine)}) and reached one emulated pad ({tags})')
        continue
    tag = tags[0]
    bus = 'bt' if label == 'DS3' else 'usb'
    ends = [t for t, _, _ in mine[1:]] + [done[0] if done else 1e18]
    wrong = []
    for (time, side, words), end in zip(mine, ends):
        got = first(tag, r'^TRIGGER ', after=time, before=end)
        want = hex11(expected_effect(words))
        if not got:
            wrong.append(f"{' '.join(words)}: no report")
            continue
        fields = dict(re.findall(r'(\w+)=((?:[0-9a-f]{2} ){10}[0-9a-f]{2}|\S+)', got[1]))
        other = 'left' if side == 'right' else 'right'
        if fields.get(side) != want or fields.get(other) != '-' or fields.get('bus') != bus:
            wrong.append(f"{' '.join(words)} ({side}): got {side}={fields.get(side)} {other}={fields.get(other)}, want {want}")
        trigger_latency[bus].append(got[0] - time)
    check(not wrong, f'{label} ({tag}, {bus}): each of {len(mine)} calls wrote exactly its trigger, with the bytes of its mode'
          + (f': {wrong}' if wrong else ''))
    # status and armPosition: read back from the emulator's input report (its model: the effect's lowest zone as the
    # stop location, status 1, the effect), mapped to Apple's values.
    statuses = all_('gc', rf'^TRIGGERSTATUS {label} ')
    apple = {'feedback': 1, 'strengths': 1, 'slope': 8, 'weapon': 3, 'vibration': 6, 'amplitudes': 6, 'off': -1}
    bad_status = []
    for (time, side, words), (_, line) in zip(mine, statuses):
        effect = expected_effect(words)
        mask = effect[1] | effect[2] << 8
        lowest = (mask & -mask).bit_length() - 1 if effect[0] != 0x05 and mask else 0
        want = f'{side} status={apple[words[0]]} arm={lowest / 9:.4f}'
        if not line.endswith(want):
            bad_status.append(f"{' '.join(words)}: {line.split(' ', 2)[2]}, want {want}")
    check(len(statuses) == len(mine) and not bad_status,
          f"{label}: status and armPosition read back from the pad's input reports ({len(statuses)})" + (f': {bad_status}' if bad_status else ''))
    sets = all_('gc', rf'^TRIGGERSET {label} ')
    check(sets and all(s.endswith('problem=-') for _, s in sets), f'{label}: no call reported a problem')
    reports = all_(tag, r'^TRIGGER ')
    only = all(re.search(r'flag0=0x0[48c] flag1=0x00 flag2=0x00', s) for _, s in reports)
    check(only, f'{label}: trigger reports flag only the triggers (valid_flag0 0x04/0x08; rumble, lightbar and LEDs untouched)')
    if bus == 'bt':
        seqs = [int(re.search(r'seq=(\d+)', s).group(1)) for _, s in reports]
        check(all((b - a) % 16 == 1 for a, b in zip(seqs, seqs[1:])) and all('crc=ok' in s for _, s in reports),
              f'{label}: Bluetooth reports 0x31 with a valid CRC-32 and a sequence counting up mod 16 ({len(seqs)} reports)')
        kernel = all_(tag, r'^OUTPUT id=0x31 .*crc=ok')
        check(bool(kernel) and not all_(tag, r'BADCRC'),
              f"{label}: the emulator's CRC check accepts hid-playstation's own reports too ({len(kernel)}), none rejected")
    if done and not (tag == 'ds2'):
        at_exit = first(tag, r'^TRIGGER ', after=done[0])
        check(at_exit is not None and f'right={hex11(OFF)} left=-' in at_exit[1],
              f'{label}: the right trigger left on is turned off when the process exits'
              + (f' ({ms(at_exit[0] - done[0])} after the last mark)' if at_exit else ''))
figures['trigger latency'] = trigger_latency

# --- 5. A DualSense unplugged mid-play ---
print('-- a DualSense unplugged mid-play (UHID_DESTROY)')
dsunplug = first('ini', r'sent SIGTERM')
dnotes = all_('gc', rf"^NOTE GCControllerDidDisconnect '{DUALSENSE}'")
check(dsunplug is not None and len(dnotes) == 1,
      f'GCControllerDidDisconnect posted once for a DualSense ({len(dnotes)})' + (f', {ms(dnotes[0][0] - dsunplug[0])} after UHID_DESTROY was asked for' if dnotes and dsunplug else ''))
stops = all_('gc', r'^STOPS DS\d\.')
gone = [s for _, s in stops if s.endswith('disconnected=true')]
kept = [s for _, s in stops if s.endswith('disconnected=false')]
check(len(gone) == 3 and all(' 1 [gameControllerDisconnect]' in s for s in gone),
      'each engine of the unplugged DualSense got stoppedHandler(.gameControllerDisconnect) exactly once')
check(len(kept) == 3 and all(' 0 []' in s for s in kept), "the other DualSense's engines kept running")
print('        ' + (first('ds2', r'^UNPLUG ')[1] if first('ds2', r'^UNPLUG ') else 'ds2: no UNPLUG line'))

# --- 6. Every engine stopped: the motors are off ---
print('-- every engine stopped (CHHapticEngine.stop())')
stop = first('gc', r'^API stop every engine')
if stop:
    # 150 s: the Bluetooth coil phase (70 s) lies between the pads' last play and the stop.
    last_pa, last_pb = motor_at_end('pa', (stop[0] - 150, 1e18)), motor_at_end('pb', (stop[0] - 150, 1e18))
    check(last_pa == (0, 0) and last_pb == (0, 0), f'both pads end with their motors off (pa {last_pa}, pb {last_pb})')
    erased = [first(tag, r'^ERASE', after=stop[0]) for tag in ('pa', 'pb')]
    check(all(erased), 'the effect slot is erased when the last engine on a pad stops')
    ds1_on = rumbles('ds1', (stop[0] - 2, stop[0]))
    ds1_off = rumbles('ds1', (stop[0], stop[0] + 1))
    check(bool(ds1_on) and ds1_on[-1][1] > 0 and bool(ds1_off) and (ds1_off[-1][1], ds1_off[-1][2]) == (0, 0),
          'the DualSense still playing gets a rumble report with both motors off when its engines stop'
          + (f' ({ms(ds1_off[-1][0] - stop[0])} after stop())' if ds1_off else ''))
else:
    check(False, 'the driver stopped its engines')
summary = first('gc', r'^SUMMARY ')
check(summary is not None and 'connects=6 disconnects=2 stopped-handlers=6' in summary[1],
      'notifications and handlers in all: ' + (summary[1].split(' ', 1)[1] if summary else '-') + ' (expected 6, 2, 6)')
for tag in ('pa', 'pb', 'ds1', 'ds2', 'ds3'):
    s = all_(tag, r'^SUMMARY ')
    print(f'        {tag} {s[-1][1] if s else "-"}')

print('== Bluetooth voice coils (report 0x32)')
coil_figures = check_coils(lines, check)
print('== figures')
clock = os.environ.get('QEMU_GUEST_CLOCK', 'wall')
print(f'  guest clock: {clock}' + (' (TCG -icount: 4 ns an instruction, idle time as on the wall)' if clock == 'instructions' else ''))
for line in coil_figures:
    print('  ' + line)
if 'pad latency' in figures:
    print(f"  API start -> motor on at a uinput pad (its model of the playing effects): {', '.join(ms(x) for x in figures['pad latency'])}")
if 'ds latency' in figures:
    print(f"  API start -> first DualSense rumble output report (through ff-memless and hid-playstation): {', '.join(ms(x) for x in figures['ds latency'])}")
for bus, values in figures.get('trigger latency', {}).items():
    if values:
        q = sorted(values)
        print(f"  API trigger mode change -> output report at the {bus} DualSense (hidraw): median {ms(statistics.median(q))}, "
              f"p90 {ms(q[min(len(q) - 1, int(0.9 * len(q)))])}, n={len(q)}")
if unplug and notes:
    print(f'  unplug -> GCControllerDidDisconnect: pad B {ms(notes[0][0] - unplug[0])}' + (f', DualSense {ms(dnotes[0][0] - dsunplug[0])}' if dnotes and dsunplug else ''))
if replug and len(cnotes) == 2:
    print(f'  re-plug -> GCControllerDidConnect: {ms(cnotes[1][0] - replug[0])}')
if 'A' in level:
    print(f"  magnitudes (pad A): left handle {level['A']['left']}, right handle {level['A']['right']}, handles {level['A']['handles']}; "
          f"DualSense bytes {expect['Left Handle'][0]}/{expect['Right Handle'][1]}/{expect['Handles'][0]}")
if 'current' in figures:
    for kind, what in (('p', 'button press on pad B'), ('s', 'stick push on pad A')):
        xs = sorted(figures['current'][kind])
        if xs:
            print(f'  uinput input written -> GCControllerDidBecomeCurrent posted, {what}: median {ms(statistics.median(xs))}, '
                  f'p90 {ms(xs[min(len(xs) - 1, int(0.9 * len(xs)))])}, max {ms(xs[-1])} (n={len(xs)})')
    xs = sorted(figures['current']['p'] + figures['current']['s'])
    print(f'  all {len(xs)}: median {ms(statistics.median(xs))}, p90 {ms(xs[min(len(xs) - 1, int(0.9 * len(xs)))])}')
if 'element' in figures:
    xs = sorted(figures['element'])
    print(f'  uinput input written -> buttonA.pressedChangedHandler called (handler queue), pad B: median {ms(statistics.median(xs))}, '
          f'p90 {ms(xs[min(len(xs) - 1, int(0.9 * len(xs)))])}, max {ms(xs[-1])} (n={len(xs)})')
if 'mapped' in figures:
    xs = sorted(x for v in figures['mapped'].values() for x in v)
    print(f"  uinput input written -> element valueChangedHandler called (handler queue), SDL-mapped stick, "
          f"{figures['mapped elements']} elements verified: median {ms(statistics.median(xs))}, "
          f"p90 {ms(xs[min(len(xs) - 1, int(0.9 * len(xs)))])}, max {ms(xs[-1])} (n={len(xs)})")
    print('    per element (median): ' + ', '.join(f'{e} {ms(statistics.median(v))}' for e, v in figures['mapped'].items()))
if 'mapped sdl' in figures:
    xs = sorted(figures['mapped sdl'])
    print(f"  the same inputs -> SDL2's SDL_WaitEventTimeout returning the mapped SDL_CONTROLLER* event (SDL2 baseline, "
          f"same run): median {ms(statistics.median(xs))}, p90 {ms(xs[min(len(xs) - 1, int(0.9 * len(xs)))])}, "
          f"max {ms(xs[-1])} (n={len(xs)})")
if 'touch' in figures:
    print(f"  uhid touch input written -> touchpadPrimary.valueChangedHandler called (handler queue): {ms(figures['touch'])}")
if 'motion' in figures:
    print("  DualSense motion and battery through hid-playstation (Apple's units and axes: g, rad/s; expected -> read):")
    for pose, want, read, want_battery, read_battery, latency in figures['motion']:
        print(f"    {pose}: acceleration {fmt(want['acceleration'])} -> {fmt(read['acceleration'])}, "
              f"gravity {fmt(want['gravity'])} -> {fmt(read['gravity'])}, "
              f"userAcceleration {fmt(want['userAcceleration'])} -> {fmt(read['userAcceleration'])}, "
              f"rotationRate {fmt(want['rotationRate'])} -> {fmt(read['rotationRate'])}; "
              f"battery level/state {want_battery[0]:.2f}/{want_battery[1]} -> {read_battery[0]:.2f}/{read_battery[1]}; "
              f"report written -> valueChangedHandler {ms(latency)}")
# Exit 2 when only timing checks failed: qemu-controllers.sh then runs the guest once more and that run decides. The
# Bluetooth coils' reports per second (85 ... 102) read 83 once with builds on the host (load ~3 on 2 cores); a real
# regression fails both runs, and every functional check still fails at once.
if failures:
    print('== qemu-controllers:', f'FAIL ({len(failures) + len(timing_failures)} checks)')
    sys.exit(1)
if timing_failures:
    print('== qemu-controllers:', f'FAIL ({len(timing_failures)} timing checks only)')
    sys.exit(2)
print('== qemu-controllers: PASS')
sys.exit(0)
