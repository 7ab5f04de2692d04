"""The Bluetooth DualSense's voice coils (issue 25 item 2) in the guest log of .ci/qemu-controllers.sh; used by
check.py. The driver (BluetoothCoilPhase.swift) logs COILREF (the pattern's offline render at 3 kHz, 8-bit, hex),
COILPLAY / COILTAP / COILLONG (API call times); the emulator (dscoil.h) logs at exit one COILRUN per run of reports
(start = its first report's arrival), COILPCM (a short run's PCM, left/right interleaved) and COILRATE (a long run's
reports per second), and COILSUMMARY."""
import re
import statistics

RATE = 3000.0
PERIOD = 32 / RATE


def _signed(hexes):
    return [b - 256 if b > 127 else b for b in bytes.fromhex(hexes)]


def _correlation(a, b, lag):
    ab = aa = bb = 0.0
    for i, x in enumerate(a):
        j = i + lag
        if 0 <= j < len(b):
            y = b[j]
            ab += x * y
            aa += x * x
            bb += y * y
    return ab / (aa * bb) ** 0.5 if aa > 0 and bb > 0 else 0.0


def _onsets(samples, threshold, gap):
    """Indices where |sample| first exceeds `threshold` after at least `gap` quiet samples."""
    out, quiet = [], gap
    for i, x in enumerate(samples):
        if abs(x) > threshold:
            if quiet >= gap:
                out.append(i)
            quiet = 0
        else:
            quiet += 1
    return out


def _pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def check_coils(lines, check):
    """Asserts through `check(ok, what, timing=...)` (timing: a real-time figure a busy host can tip, measured once
    more by qemu-controllers.sh); returns the figures' lines."""
    figures = []
    gc = [(t, s) for tag, t, s in lines if tag == 'gc']
    ds = [(t, s) for tag, t, s in lines if tag == 'ds3']
    ref = next((s for _, s in gc if s.startswith('COILREF ')), None)
    play = next((s for _, s in gc if s.startswith('COILPLAY ')), None)
    taps = [float(re.search(r'api=([0-9.]+)', s).group(1)) for _, s in gc if s.startswith('COILTAP ')]
    long_start = next((float(re.search(r'api=([0-9.]+)', s).group(1)) for _, s in gc if s.startswith('COILLONG ')), None)
    summary = next((s for _, s in ds if s.startswith('COILSUMMARY ')), None)
    check(ref is not None and play is not None and len(taps) == 9 and long_start is not None,
          'the driver played the coil phase (COILREF, COILPLAY, 9 COILTAP, COILLONG)')
    check(summary is not None and ' bad=0 ' in summary,
          'the Bluetooth DualSense took 0x32 coil reports, every one well formed with a good CRC: ' + (summary or '-'))
    if ref is None or play is None or summary is None or long_start is None:
        return figures
    runs, rate = {}, None
    for _, s in ds:
        m = re.match(r'COILRUN (\d+) start=([0-9.]+) reports=(\d+) underruns=(\d+) maxgap=([0-9.]+)ms maxqueue=([0-9.]+)ms', s)
        if m:
            runs.setdefault(int(m.group(1)), {}).update(
                start=float(m.group(2)), reports=int(m.group(3)), underruns=int(m.group(4)), maxgap=float(m.group(5)),
                maxqueue=float(m.group(6)))
        m = re.match(r'COILPCM run=(\d+) start=[0-9.]+ hex=([0-9a-f]*)', s)
        if m:
            runs.setdefault(int(m.group(1)), {})['pcm'] = _signed(m.group(2))
        m = re.match(r'COILRATE start=([0-9.]+) counts=([0-9,]+)', s)
        if m:
            rate = (float(m.group(1)), [int(x) for x in m.group(2).split(',')])
    # 1. The pattern: the runs before the first tap. Content: each event of the render (its non-silent stretch) against
    #    the reports' PCM in stream order, at the best lag. Timing: the runs placed on the pad's timeline (a run's
    #    reports play back to back from its first one's arrival), onsets after 80 ms of silence.
    api = float(re.search(r'api=([0-9.]+)', play).group(1))
    reference = _signed(re.search(r'hex=([0-9a-f]*)', ref).group(1))
    pattern_runs = [r for _, r in sorted(runs.items()) if 'pcm' in r and api < r.get('start', 0) < taps[0]]
    peak = max(abs(x) for x in reference)
    ref_onsets = _onsets(reference, 0.1 * peak, 240)
    segments = []
    for onset in ref_onsets:
        # The event's stretch, to its last sample above 5 % of the peak before 80 ms of quiet (its quiet tail is not
        # sent as reports: two silent ones follow the signal).
        end = last = onset
        while end < len(reference) and end - last < 240:
            if abs(reference[end]) >= 0.05 * peak:
                last = end
            end += 1
        segments.append(reference[max(0, onset - 10):last + 10])
    for side in (0, 1):
        name = ('left', 'right')[side]
        stream = [x for r in pattern_runs for x in r['pcm'][side::2]]
        scores = []
        for segment in segments:
            best = max((_correlation(segment, stream, lag) for lag in range(-len(segment) // 2, len(stream))), default=0.0)
            scores.append(best)
        check(len(segments) == 2 and bool(scores) and min(scores) >= 0.9,
              f'{name} coil PCM against the offline render, each event at its best lag: '
              + ', '.join(f'{x:.3f}' for x in scores) + f' ({len(pattern_runs)} runs of reports)')
        timeline = [0] * (round((taps[0] - api) * RATE) + 600)
        for r in pattern_runs:
            base = round((r['start'] - api) * RATE)
            for k, x in enumerate(r['pcm'][side::2]):
                if 0 <= base + k < len(timeline):
                    timeline[base + k] = x
        rec_onsets = _onsets(timeline, 0.1 * max(max(abs(x) for x in timeline), 1), 240)
        if len(rec_onsets) >= 2 and len(ref_onsets) >= 2:
            spacing = (rec_onsets[1] - rec_onsets[0] - (ref_onsets[1] - ref_onsets[0])) / RATE * 1000
            absolute = (rec_onsets[0] - ref_onsets[0]) / RATE * 1000
        else:
            spacing = absolute = float('nan')
        check(len(rec_onsets) == len(ref_onsets) == 2 and abs(spacing) <= 40,
              f'{name} coil: the continuous event onset after the transient one, against the render: {spacing:+.1f} ms '
              f'(onsets {len(rec_onsets)}, render {len(ref_onsets)}; at most 40 ms on a TCG guest)', timing=True)
        if side == 0:
            figures.append(f'Bluetooth coils, pattern vs offline render: correlation per event {", ".join(f"{x:.3f}" for x in scores)} (left); '
                           f'onset error of the 2nd event relative to the 1st {spacing:+.1f} ms; '
                           f'1st onset on the pad vs API + its time in the pattern {absolute:+.1f} ms')
    # 2. API -> first report of each tap's run.
    latencies = []
    for i, t in enumerate(taps):
        end = taps[i + 1] if i + 1 < len(taps) else long_start
        starts = [r['start'] for r in runs.values() if 'start' in r and t < r['start'] < end]
        if starts:
            latencies.append(min(starts) - t)
    check(len(latencies) == 9, f'each of the 9 transients started a run of coil reports ({len(latencies)})')
    if latencies:
        figures.append(f'Bluetooth coils, API transient -> first 0x32 report: median {statistics.median(latencies) * 1000:.1f} ms, '
                       f'p90 {_pct(latencies, 0.9) * 1000:.1f} ms, n={len(latencies)}')
    # 3. The 60 s event: every report of it (the stream drops no frames: 60 s is 5625 reports and two silent ones),
    #    93.75 a second, and the pad's underruns (late reports within a run, and breaks between runs).
    window = [r for r in runs.values() if long_start < r.get('start', 0) < long_start + 62]
    total = sum(r['reports'] for r in window)
    underruns = sum(r['underruns'] for r in window) + max(0, len(window) - 1)
    check(5_600 <= total <= 5_650, f'the 60 s event arrived whole: {total} reports (5627 expected) in {len(window)} runs',
          timing=True)
    if rate:
        first_second = int(long_start - rate[0]) + 2
        counts = rate[1][first_second:first_second + 57]
        check(len(counts) == 57 and all(85 <= c <= 102 for c in counts),
              f'reports per second over the 60 s event within 85 … 102 (the pad takes 93.75): '
              f'min {min(counts, default=0)}, max {max(counts, default=0)}', timing=True)
        if counts:
            figures.append(f'Bluetooth coils, 60 s event: {total} reports, per second median {statistics.median(counts)} '
                           f'(min {min(counts)}, max {max(counts)}; 93.75 expected), underruns {underruns} '
                           f'({len(window)} runs), max gap {max(r["maxgap"] for r in window):.1f} ms, '
                           f'max queue {max(r["maxqueue"] for r in window):.1f} ms')
    return figures
