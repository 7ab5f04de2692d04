#!/usr/bin/env python3
"""Checks the guest log of .ci/qemu-evdev.sh and prints the figures. Exit 0 iff every assertion holds.

Tags: swf = our Swift driver, dev = the uinput device it drives, sdl = the SDL2 baseline, sdv = its device,
ini = the guest's /init (signals). Times are guest CLOCK_MONOTONIC seconds."""
import os, re, statistics, sys

lines = []
for raw in open(sys.argv[1], errors='replace'):
    m = re.search(r'\[(swf|dev|sdl|sdv|ini) +([0-9]+\.[0-9]+)\] (.*)$', raw.rstrip())
    if m:
        lines.append((m.group(1), float(m.group(2)), m.group(3)))
text = open(sys.argv[1], errors='replace').read()
failures = []
timing_failures = []  # the comparisons with SDL2's latency: measurements, which a busy host can tip (see the end)
def check(ok, what, timing=False):
    print(('  ok    ' if ok else '  FAIL  ') + what)
    if not ok: (timing_failures if timing else failures).append(what)
def first(tag, pattern, after=-1.0, before=1e18):
    for t, time, s in lines:
        if t == tag and after < time < before and re.search(pattern, s): return time, s
    return None
def all_(tag, pattern, after=-1.0, before=1e18):
    return [(time, s) for t, time, s in lines if t == tag and after < time < before and re.search(pattern, s)]
def ms(x): return f'{x * 1e6:.0f} us' if abs(x) < 0.001 else f'{x * 1000:.1f} ms'
def pct90(xs):
    xs = sorted(xs); return xs[int(0.9 * (len(xs) - 1))]
def off_time(entry):
    """When the motor stopped: the device's model time (`at=`), not when its logger woke up."""
    m = re.search(r'at=([0-9.]+)', entry[1])
    return float(m.group(1)) if m else entry[0]

print('== qemu-evdev: guest log checks')
check('QEMU-EVDEV GUEST FINISHED' in text, 'the guest ran to the end')
fails = all_('swf', r'^FAIL')
check(not fails, 'the Swift driver reported no failure' + (f': {fails[0][1]}' if fails else ''))
found = first('swf', r'^DISCOVERY found evdev:')
check(found is not None, 'DeviceDiscovery found the uinput device: ' + (found[1] if found else '-'))

def session(dev, api, until_pattern):
    """Uploads and update intervals of the pattern phase."""
    a = first(api[0], api[1])
    if a is None: return None
    end = first(api[0], until_pattern, after=a[0])
    end_t = end[0] if end else a[0] + 0.8
    ups = [t for t, s in all_(dev, r'^UPLOAD', after=a[0], before=end_t)]
    ramp = [t for t in ups if t < (ups[0] + 0.30 if ups else 0)]
    gaps = [b - a_ for a_, b in zip(ramp, ramp[1:])]
    return dict(start=a[0], uploads=len(ups), gaps=gaps, plays=len(all_(dev, r'^PLAY', after=a[0], before=end_t)))

def played_levels(dev):
    """What the device plays over time, from its log: [(time, level)] after each change, the level being the playing
    effect's magnitude (a rumble effect's strong magnitude, or a periodic effect's magnitude) times the device gain
    (FF_GAIN / 65535; 65535 until one is written), 0 after its STOP. The playing effect is the one last started
    (PLAY); an upload to another slot (an armed one) changes nothing until it is started."""
    magnitudes, live, gain, out = {}, None, 65535, []
    for t, time, s in lines:
        if t != dev: continue
        up = re.match(r'UPLOAD id=(-?\d+) .*?(strong|magnitude)=(-?\d+)', s)
        play = re.match(r'PLAY id=(\d+)', s)
        g = re.match(r'GAIN (\d+)', s)
        stop = re.match(r'STOP id=(\d+)', s)
        if stop and live == int(stop.group(1)):
            out.append((time, 0)); live = None
            continue
        if up: magnitudes[int(up.group(1))] = abs(int(up.group(3)))
        elif play: live = int(play.group(1))
        elif g: gain = int(g.group(1))
        else: continue
        if live is not None and (not up or int(up.group(1)) == live):
            out.append((time, magnitudes.get(live, 0) * gain / 65535))
    return out

def levels_during(timeline, t0, t1):
    """The levels played between t0 and t1: the one in effect at t0 and every change until t1."""
    at_start = [v for u, v in timeline if u <= t0][-1:]
    return at_start + [v for u, v in timeline if t0 < u < t1]

def level_latencies(api_tag, dev):
    """API level call -> the moment the device plays within 15 % of full scale of the new level (an upload of that
    magnitude, or a gain write that scales the playing effect to it). The new level is the call's value times the
    level played at 1.0 (the largest the phase set)."""
    start = first(api_tag, r'^API level start'); stop = first(api_tag, r'^API level stop')
    if not start or not stop: return []
    timeline = played_levels(dev)
    full = max((v for u, v in timeline if start[0] < u < stop[0] + 0.05), default=0)
    out = []
    for logged, s in all_(api_tag, r'^API level \d+ value=', after=start[0], before=stop[0]):
        t = call_time(api_tag, 'level', re.search(r'level (\d+)', s).group(1), logged)
        value = float(re.search(r'value=([0-9.]+)', s).group(1))
        target = value * full
        reached = next((u for u, v in timeline if u > t and abs(v - target) <= 0.15 * full), None)
        if reached is not None and reached - t < 0.15: out.append(reached - t)
    return out

def call_time(api_tag, kind, index, logged):
    """When the API call itself was made: the driver's `AT <kind> <i> <time>` line (the clock read just before the
    call, logged after it, so the cost of writing a log line is not counted), else the `API` line's own time."""
    at = first(api_tag, rf'^AT {kind} {index} ')
    return float(at[1].split()[-1]) if at else logged

def latencies(api_tag, dev):
    out = []
    for logged, s in all_(api_tag, r'^API transient \d+'):
        t = call_time(api_tag, 'transient', re.search(r'transient (\d+)', s).group(1), logged)
        p = first(dev, r'^PLAY', after=t)
        u = first(dev, r'^UPLOAD', after=t)
        if p and p[0] - t < 0.15: out.append((p[0] - t, (u[0] - t) if u else None))
    return out

# --- our driver ---
print('-- Swift driver (CHHapticEngine on the evdev back-end)')
caps = first('swf', r'^CAPS ')
check(caps is not None and 'supportsHaptics=true' in caps[1], 'capabilitiesForHardware().supportsHaptics: ' + (caps[1] if caps else '-'))
started = first('swf', r'^START ')
check(started is not None, 'CHHapticEngine started on the discovered device: ' + (started[1] if started else '-'))
sw = session('dev', ('swf', r'^API pattern'), r'^API transient 0')
check(sw is not None and sw['uploads'] > 0, f"pattern played: {sw['uploads'] if sw else 0} uploads, {sw['plays'] if sw else 0} plays")
if sw and sw['gaps']:
    g = sorted(sw['gaps'])
    p50, p90, mx, mean = statistics.median(g), g[int(0.9 * (len(g) - 1))], g[-1], statistics.mean(g)
    print(f'        update period during the ramp: mean {ms(mean)}, median {ms(p50)}, p90 {ms(p90)}, max {ms(mx)} ({len(g)} intervals)')
    # "<= 10 ms typical": the median. The mean is printed; a starved TCG guest (loaded host) inflates it.
    check(p50 <= 0.010, 'update period (median over the ramp) <= 10 ms')
    # Typically <= 10 ms; the bound that matters is the replay length (the motor never runs out between updates).
    # Gaps are measured on the guest device's own log, which a starved TCG guest delays by up to tens of ms.
    check(mx <= 0.045, 'no gap near the replay length (45 of 50 ms) while the level changes')
    check(p90 <= 0.020, 'update period (p90) <= 20 ms (TCG emulation jitter)')
lens = sorted({int(m.group(1)) for _, s in all_('dev', r'^UPLOAD') for m in [re.search(r'len=(\d+)', s)] if m})
check(bool(lens) and max(lens) <= 100 and min(lens) > 0, f'every upload has a bounded replay length: {lens} ms')
slots = [int(s.split()[1]) for _, s in all_('dev', r'^SLOTS')]
check(bool(slots) and max(slots) <= 2, f'effect slots in use never above 2, the live one and the armed one (max {max(slots) if slots else "-"})')
gains = all_('dev', r'^GAIN')
check(bool(gains), f'FF_GAIN written at start ({gains[0][1] if gains else "-"})')
sl = latencies('swf', 'dev')
if sl:
    print(f'        transient latency API -> EV_FF PLAY: median {ms(statistics.median([x for x, _ in sl]))}, '
          f'p90 {ms(pct90([x for x, _ in sl]))}, max {ms(max(x for x, _ in sl))} (n={len(sl)}); '
          f'API -> upload median {ms(statistics.median([u for _, u in sl if u is not None]))}')
n_tr = len(all_('swf', r'^API transient \d+'))
check(n_tr >= 30 and len(sl) == n_tr, f'all {n_tr} transients reached the device ({len(sl)})')
armed = all_('swf', r'^SEEN transient \d+: armed slot')
by_app = all_('swf', r"^SEEN transient \d+: armed slot started by the app's thread")
print(f'        transients started from the armed slot (no upload on the path): {len(armed)} of {n_tr}, '
      f"of them by the app's own thread (no thread switch either): {len(by_app)}")
sp = level_latencies('swf', 'dev')
if sp:
    print(f'        level change API -> the new level at the device: median {ms(statistics.median(sp))}, p90 {ms(pct90(sp))}, max {ms(max(sp))} (n={len(sp)})')
threads = first('swf', r'^THREADS ')
if threads: print('        ' + threads[1])
service = first('swf', r'^SERVICE ')
if service: print('        ' + service[1])
n_lv = len(all_('swf', r'^API level \d+ value='))
by_gain = all_('swf', r"^SEEN level \d+: FF_GAIN from the app's thread")
print(f"        level changes written as FF_GAIN by the app's own thread: {len(by_gain)} of {n_lv}")
# The engine's own part of a level change: from the call to the moment its FF_GAIN write begins (the rest is the
# kernel's and the device process's, the same road SDL2's EVIOCSFF takes).
own = [int(re.search(r'write began (-?\d+) us', s).group(1)) for _, s in by_gain if 'write began' in s]
if own:
    print(f"        of that, the engine's own path (call -> FF_GAIN write begins): median {statistics.median(own):.0f} us, "
          f"p90 {pct90(own)} us (n={len(own)})")
check(n_lv >= 120 and len(sp) == n_lv, f'every level change reached the device ({len(sp)} of {n_lv})')
# Live parameters: intensity 0.3 lowers the magnitude, 1.0 raises it.
def strong_after(t0, t1):
    vals = levels_during(played_levels('dev'), t0, t1)
    return round(max(vals)) if vals else None
p03 = first('swf', r'intensity=0\.3'); p10 = first('swf', r'intensity=1\.0'); stop = first('swf', r'^API stop')
if p03 and p10 and stop:
    # The second half of each 200-250 ms window: a TCG guest on a loaded host can take tens of ms to deliver a change.
    before = strong_after(p03[0] - 0.15, p03[0]); low = strong_after(p03[0] + 0.12, p10[0]); high = strong_after(p10[0] + 0.10, stop[0])
    print(f'        live intensity (strong magnitude x gain): before {before}, after 0.3 -> {low}, after 1.0 -> {high}')
    check(before and low and high and low < 0.5 * before and high > 2 * low, 'live intensity changes reach the motor')
    s1 = first('dev', r'^STOP', after=stop[0])
    # Typically a few ms; bounded by the replay length (a TCG guest on a loaded host can stall for tens of ms).
    check(s1 is not None and s1[0] - stop[0] <= 0.050, f'stop reached the device in {ms(s1[0] - stop[0]) if s1 else "-"} (<= 50 ms)')
    nxt = first('swf', r'^API continuous 5', after=stop[0])
    idle = all_('dev', r'^(UPLOAD|PLAY|STOP)', after=s1[0] if s1 else stop[0], before=nxt[0] if nxt else stop[0] + 0.3)
    check(not idle, f'nothing written while idle after the stop ({len(idle)} writes)')
else:
    check(False, 'live-parameter markers present')
# Unplug / replug.
destroyed = first('ini', r'sent SIGUSR1'); removed = first('swf', r'^HANDLER stoppedHandler\(\.gameControllerDisconnect\)')
readded = first('swf', r'^HANDLER resetHandler', after=removed[0] if removed else -1); resumed = first('swf', r'^RESUMED')
check(destroyed is not None and removed is not None, 'device destroyed mid-play -> stoppedHandler(.gameControllerDisconnect)' +
      (f' {ms(removed[0] - destroyed[0])} after the unplug signal' if destroyed and removed else ''))
stops = all_('swf', r'^HANDLER stoppedHandler')
check(len(stops) == 1, f'stoppedHandler called exactly once ({len(stops)})')
resets = all_('swf', r'^HANDLER resetHandler')
check(readded is not None and len(resets) == 1 and resumed is not None,
      'the engine saw the re-created device: resetHandler once' + (f', {ms(readded[0] - destroyed[0])} after the unplug signal' if readded and destroyed else '') + '; playback restarted')
old = first('swf', r'^OLD player -> invalidPatternPlayer')
check(old is not None, 'players made before the reset throw invalidPatternPlayer')
if resumed:
    # Uploads when the level changes, plays when a held level's replay bound is restarted.
    ups = all_('dev', r'^(UPLOAD|PLAY)', after=resumed[0], before=resumed[0] + 1.0)
    check(len(ups) > 5, f'playback resumed on the re-created device ({len(ups)} uploads and plays)')
# kill -9 mid-play.
kill = first('ini', r'sent SIGKILL')
if kill:
    on = all_('dev', r'^MOTOR ON', before=kill[0])
    off = first('dev', r'^MOTOR OFF', after=kill[0] - 0.0005)
    check(bool(on) and off is not None and off_time(off) - kill[0] <= 0.100,
          f'motor stopped {ms(off_time(off) - kill[0]) if off else "never"} after kill -9 ({off[1] if off else "-"})')
else:
    check(False, 'kill -9 was sent')
# Stall (SIGSTOP): the replay bound alone must stop the motor.
stall = first('ini', r'sent SIGSTOP')
if stall:
    off = first('dev', r'^MOTOR OFF', after=stall[0] - 0.05)
    # The last write the device saw (an upload in flight when SIGSTOP landed still completes).
    last_write = [t for t, _ in all_('dev', r'^(PLAY|UPLOAD)', before=off_time(off))] if off else []
    if off and last_write:
        print(f'        stalled process: motor off {ms(off_time(off) - stall[0])} after SIGSTOP, {ms(off_time(off) - last_write[-1])} after the last write ({off[1]})')
    # The replay length is 50 ms; the device model (a user-space process in the same starved TCG guest) logs and
    # times expiry with up to ~20 ms of scheduling delay on a loaded host, hence 70 ms. SDL2's motor runs 5 s.
    check(off is not None and 'expired' in off[1] and bool(last_write) and off_time(off) - last_write[-1] <= 0.070
          and off_time(off) - stall[0] <= 0.070,
          'a stalled process stops the motor within the replay bound (50 ms after its last write, +20 ms guest jitter)')
sum_dev = all_('dev', r'^SUMMARY'); print('        device summary:', sum_dev[-1][1] if sum_dev else '-')

# --- SDL2 baseline ---
print('-- SDL2 baseline (libSDL2 2.26, SDL_HapticRumblePlay)')
sd = session('sdv', ('sdl', r'^API pattern'), r'^API transient 0')
ok = sd is not None and sd['uploads'] > 0
check(ok, f"SDL2 played the pattern: {sd['uploads'] if sd else 0} uploads, {sd['plays'] if sd else 0} plays")
ll = latencies('sdl', 'sdv')
if ll:
    print(f'        transient latency API -> EV_FF PLAY: median {ms(statistics.median([x for x, _ in ll]))}, p90 {ms(pct90([x for x, _ in ll]))}, max {ms(max(x for x, _ in ll))} (n={len(ll)})')
sstall = first('ini', r'sent SIGSTOP', after=stall[0] + 0.5 if stall else -1)
if sstall:
    off = first('sdv', r'^MOTOR OFF', after=sstall[0])
    print(f'        stalled SDL process: motor off {ms(off_time(off) - sstall[0]) if off else "never"} after SIGSTOP ({off[1] if off else "-"}; SDL uploaded replay.length=5000 ms)')
lp = level_latencies('sdl', 'sdv')
if lp:
    print(f'        level change API -> the new level at the device: median {ms(statistics.median(lp))}, p90 {ms(pct90(lp))}, max {ms(max(lp))} (n={len(lp)})')
ours_start, theirs_start = first('swf', r'^API level start'), first('sdl', r'^API level start')
check(ours_start is not None and theirs_start is not None and 0 <= theirs_start[0] - ours_start[0] <= 1.0,
      "SDL2's level phase ran beside ours (started " +
      (f"{ms(theirs_start[0] - ours_start[0])} after ours)" if ours_start and theirs_start else "- never)"))
n_sl = len(all_('sdl', r'^API level \d+ value='))
check(n_sl >= 120 and len(lp) == n_sl, f'every SDL2 level change reached the device ({len(lp)} of {n_sl})')
sdl_slots = [int(s.split()[1]) for _, s in all_('sdv', r'^SLOTS')]
print('        SDL effect slots max:', max(sdl_slots) if sdl_slots else '-')

print('== figures')
if sw and sd:
    print(f"  pattern uploads: OpenCoreHaptics {sw['uploads']}, SDL2 {sd['uploads']}")
def versus_sdl(what, ours, theirs, margin_median, margin_p90):
    """Prints ours against SDL2's and whether it is at or below (issue 12's bar), and gates on staying within
    `margin_median` / `margin_p90` seconds of SDL2 in the same run (0: at or below)."""
    m, p = statistics.median(ours) - statistics.median(theirs), pct90(ours) - pct90(theirs)
    print(f"  {what} (median / p90): OpenCoreHaptics {ms(statistics.median(ours))} / {ms(pct90(ours))}, "
          f"SDL2 {ms(statistics.median(theirs))} / {ms(pct90(theirs))}")
    print(f"        at or below SDL2: {'met' if m <= 0 and p <= 0 else 'not met'} "
          f"(median {m * 1e6:+.0f} us, p90 {p * 1e6:+.0f} us)")
    bar = 'at or below SDL2' if margin_median == 0 and margin_p90 == 0 else \
        f'within {ms(margin_median)} (median) and {ms(margin_p90)} (p90) of SDL2'
    check(m <= margin_median and p <= margin_p90, f'{what}: {bar}, same run', timing=True)

# Transients start from the app's own thread (one play write of the armed slot): ahead of SDL2's upload + play by
# 0.2-0.4 ms in every run so far, so the gate is the bar itself.
if sl and ll:
    versus_sdl('API->EV_FF latency', [x for x, _ in sl], [x for x, _ in ll], 0, 0)
# A level change is one FF_GAIN write from the app's thread against SDL2's one EVIOCSFF. Both sides change levels at
# the same time (sdlcheck's levels mode), 120 changes each (the p90 is the 12th slowest). What is compared is the two
# calls' paths: ours, the user-space part of sendParameters up to its FF_GAIN write (printed above as "the engine's
# own path": a parameter object converted, the engine's lock, the player's state, the hint), then the kernel's and
# the device process's road, which SDL2's EVIOCSFF takes too.
# - On the guest's instruction clock (TCG, the default here: see .ci/qemu-evdev.sh) the figures are the paths' work:
#   SDL2 27 / 27 us (median / p90), ours 29 / 33 us, the engine's own path 5 us, the same on an idle host and with
#   both host cores busy. The bar: within 5 us (median) and 10 us (p90) of SDL2 — about 1 250 and 2 500 guest
#   instructions; an own path twice as long as today's fails it.
# - On the wall clock (a KVM guest) the bar is 0.1 / 0.2 ms, as it was for TCG's wall clock, where it could not hold:
#   a busy host decided the p90 (CI failed it twice with +0.24 and +0.32 ms), and each code page an API call touched
#   after a context switch cost the emulator microseconds, so a path of about 1 us natively took 0.07-0.1 ms.
clock = os.environ.get('QEMU_GUEST_CLOCK', 'wall')
level_bar = (0.000005, 0.00001) if clock == 'instructions' else (0.0001, 0.0002)
print(f'        guest clock: {clock}' + (' (TCG -icount: 4 ns an instruction, idle time as on the wall)' if clock == 'instructions' else ''))
if sp and lp:
    versus_sdl('sendParameters->level latency', sp, lp, *level_bar)
# Exit 2 when only the comparisons with SDL2 failed: qemu-evdev.sh then measures once more (a new guest, both sides),
# and the gate passes only if that run passes whole: on the wall clock (KVM) the host's load can tip a comparison;
# on the instruction clock it should not, and a real regression fails both runs.
if failures:
    print('== qemu-evdev:', f'FAIL ({len(failures) + len(timing_failures)} checks)')
    sys.exit(1)
if timing_failures:
    print('== qemu-evdev:', f'FAIL ({len(timing_failures)} comparisons with SDL2 only)')
    sys.exit(2)
print('== qemu-evdev: PASS')
sys.exit(0)
