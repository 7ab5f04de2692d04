#!/usr/bin/env python3
"""Ratio gates over one package-benchmark run (issue 26).

Absolute times move about 2x with the load of the machine, so each gate compares two benchmarks measured in the
same run, by their medians (p50 of wall-clock time), and fails beyond a stated margin:

  reader   JSONSerialization / AHAPReader on the same large AHAP file   >= 12x   (issue 26's goal was 20x, met on
           the machine it was measured on; the ratio depends on the CPU: the same commit, 455696e, measured 22.2x
           there and 14.6x on the CI machine of 2026-11-29 (an "Intel Xeon Processor" VM), where main read
           15.3-15.5x. 12x fails a reader 20 % slower than today's on that machine). Each round of
           AHAPReader_vs_JSONSerialization_large reads with both, alternating, three times each, and takes each
           side's best thread CPU time (the best of three keeps a read that ran beside another process's build from
           deciding a round); the gate takes the median of the rounds. The reader before issue 26's parser fixes
           (line counting, exact word scans, inline single spaces) fails it.
  feedback engine impactOccurred() prepared / offline prepared, wall    <= 10x   (the engine's call holds the app's
           thread while the real-time render thread, woken onto the caller's CPU, renders this feedback's first block
           and hands it to the device. Keeping the render thread off the caller's CPU lowered this ratio but cost
           start -> first sample its p99, and was not adopted: see docs/performance.md)
  call-cpu engine impactOccurred() prepared / offline prepared, the      <= 2.5x  (the call's own work: thread CPU
           time, which leaves out the time the thread stood preempted. Issue 26's goal, 20 us p50 on an idle machine,
           is on this work: call_cpu_us of Feedback.engine.impactOccurred.prepared. Each round of
           Feedback_engine_vs_offline_prepared measures 11 calls offline, 11 on the engine and 11 offline again, and
           records the engine's median over the 22 offline calls' median; the gate takes the median of 15 rounds:
           two separate benchmarks moved too far with the load from one run to the next. 30 us of extra CPU work in
           EngineFeedbackOutput.play fails it while the wall gate still passes)
  cabi     C ABI start+stop of a player / the same Swift calls           <= 1.35x (the handle lookup and checks of
           libCoreHapticsWrapper's entry points. CABI_vs_Swift_startAndStop interleaves the two sides in chunks of
           200 calls, in thread CPU time, median of 15 rounds: as two separate benchmarks the ratio moved with the
           load between them. Eight extra handle lookups per call fail it. CABI/Swift.makePlayerAndStart are
           reported, not gated)

The figures measured are not kept here, where they would age: docs/performance.md has the latest run's (written by
Scripts/performance-page.sh), and each gate's commit message has the figures it was set on.

Usage:
  Scripts/benchmark-gates.py RUN.txt            check the gates on a run's text output; exit 1 when one fails
  Scripts/benchmark-gates.py --table RUN.txt    print every benchmark's p50 figures (used by Scripts/performance-page.py)

RUN.txt is what `swift package --package-path Benchmarks benchmark ...` prints (its default text format). A gate
whose benchmarks are missing from the run fails (so a renamed benchmark or a changed output format cannot pass
silently).
"""

import re
import sys

# name, numerator benchmark, denominator benchmark, comparison, limit, what it means, required
GATES = [
    ("reader", "AHAPReader_vs_JSONSerialization_large", "JSONSerialization_over_reader_x100", ">=", 12.0,
     "JSONSerialization / AHAPReader (large file, CPU time, best of three a round): the reader stays >= 12x faster", True),
    ("feedback", "Feedback.engine.impactOccurred.prepared", "Feedback.offline.impactOccurred.prepared", "<=", 10.0,
     "engine / offline impactOccurred() after prepare(), wall clock (the engine's includes rendering the feedback)", True),
    ("call-cpu", "Feedback_engine_vs_offline_prepared", "engine_over_offline_cpu_x100", "<=", 2.5,
     "engine / offline impactOccurred() after prepare(), the call's thread CPU time (interleaved): the engine path's own work", True),
    ("cabi", "CABI_vs_Swift_startAndStop", "CABI_over_Swift_x100", "<=", 1.35,
     "C ABI / Swift player start+stop (CPU time, interleaved): the C ABI adds at most 35 %", True),
]

UNIT_NS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
SCALE = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}


def parse(text):
    """{benchmark name: {metric: {"p0": v, "p50": v, ...}}}, times in ns, counts as plain numbers."""
    results = {}
    name = None
    columns = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0] not in "│╒╞├╘=" and not line.startswith("Host ") and "│" not in line:
            name = line  # the line before a table names the benchmark
            continue
        if not line.startswith("│") or name is None:
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0] == "Metric":
            columns = cells[1:]
            continue
        label = cells[0].rstrip(" *").strip()
        match = re.match(r"^(.*?)\s*(?:\((ns|μs|us|ms|s)\))?\s*(?:\(([KMG]?)\))?\s*(?:\(#\))?$", label)
        metric = match.group(1) if match else label
        factor = 1.0
        if match and match.group(2):
            factor = UNIT_NS[match.group(2)]
        elif match and match.group(3):
            factor = SCALE[match.group(3)]
        values = {}
        for column, cell in zip(columns, cells[1:]):
            try:
                values[column] = float(cell.replace(",", "")) * (1.0 if column == "Samples" else factor)
            except ValueError:
                pass
        results.setdefault(name, {})[metric] = values
    return results


def median(results, name):
    """The p50 of a benchmark's wall clock, in ns, or of the metric after "#" in its name (as printed)."""
    name, _, metric = name.partition("#")
    if metric:
        for label, values in results.get(name, {}).items():
            if label == metric:
                return values.get("p50")
        return None
    wall = results.get(name, {}).get("Time (wall clock)", {})
    return wall.get("p50")


def duration(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    return f"{ns / 1e3:.1f} us"


def ratio_metric(results, name, metric):
    """The p50 of a benchmark's own ratio metric (recorded x100) as a ratio, or None when it was not measured."""
    for label, values in results.get(name, {}).items():
        if label.startswith(metric) and "p50" in values:
            return values["p50"] / 100
    return None


def check(results):
    failed = False
    for key, numerator, denominator, comparison, limit, meaning, required in GATES:
        if denominator.endswith("_x100"):  # a benchmark that measures both sides itself, round by round
            ratio = ratio_metric(results, numerator, denominator)
            if ratio is None:
                print(f"FAIL {key}: {numerator} ({denominator}) not measured in this run ({meaning})")
                failed = True
                continue
            ok = ratio >= limit if comparison == ">=" else ratio <= limit
            failed = failed or not ok
            print(f"{'pass' if ok else 'FAIL'} {key}: {ratio:.2f}x (limit {comparison} {limit:g}x; median of the rounds of "
                  f"{numerator}) — {meaning}")
            continue
        top, bottom = median(results, numerator), median(results, denominator)
        if top is None or bottom is None or bottom <= 0:
            if required:
                print(f"FAIL {key}: {numerator} or {denominator} not measured in this run ({meaning})")
                failed = True
            else:
                print(f"skip {key}: {meaning}")
            continue
        ratio = top / bottom
        ok = ratio >= limit if comparison == ">=" else ratio <= limit
        failed = failed or not ok
        print(f"{'pass' if ok else 'FAIL'} {key}: {ratio:.2f}x (limit {comparison} {limit:g}x; p50 {duration(top)} / "
              f"{duration(bottom)}) — {meaning}")
    return not failed


def main(argv):
    table = "--table" in argv
    paths = [a for a in argv if not a.startswith("--")]
    if len(paths) != 1:
        print(__doc__)
        return 2
    with open(paths[0], encoding="utf-8") as f:
        results = parse(f.read())
    if table:
        for name, metrics in results.items():
            for metric, values in metrics.items():
                print(f"{name}\t{metric}\t" + "\t".join(f"{k}={v:g}" for k, v in values.items()))
        return 0
    return 0 if check(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
