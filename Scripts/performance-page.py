#!/usr/bin/env python3
"""Writes docs/performance.md from one benchmark run: the machine, the date and every figure the README claims.

Usage: Scripts/performance-page.py RUN.txt [--qemu QEMU.log] [--out docs/performance.md]

RUN.txt is the text output of `swift package --package-path Benchmarks benchmark --no-progress` (every target);
Scripts/performance-page.sh runs it and then this script. QEMU.log, when given, is the output of
.ci/qemu-evdev.sh, whose lines comparing API call -> motor with SDL2 are copied as they are. A figure whose
benchmark is not in the run is written as "not measured in this run", never left out silently.
"""

import datetime
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "gates", os.path.join(os.path.dirname(os.path.abspath(__file__)), "benchmark-gates.py"))
gates = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gates)

MISSING = "not measured in this run"


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kb = int(f.readline().split()[1])
            memory = f", {kb / 1024 / 1024:.0f} GB memory"
    except (OSError, ValueError, IndexError):
        pass
    try:
        load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "unknown"
    swift = run(["swift", "--version"]).splitlines()
    commit = run(["git", "rev-parse", "--short", "HEAD"]).strip()
    return (f"{os.cpu_count()} × {cpu}{memory}; {platform.system()} {platform.release()}; "
            f"{swift[0] if swift else 'swift: unknown'}; load average when the page was written {load}; commit {commit or 'unknown'}")


def run(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def value(results, name, metric, percentile="p50"):
    return results.get(name, {}).get(metric, {}).get(percentile)


def time_of(results, name, percentile="p50"):
    return value(results, name, "Time (wall clock)", percentile)


def duration(ns):
    return MISSING if ns is None else gates.duration(ns)


def figures(results):
    rows = []

    def row(what, figure, source):
        rows.append(f"| {what} | {figure} | `{source}` |")

    reader, json = time_of(results, "AHAPReader_read_large"), time_of(results, "JSONSerialization_baseline_large")
    row("AHAP reader, large file (20 000 entries, 9 MB), p50", duration(reader), "PatternBenchmarks/AHAPReader_read_large")
    row("Foundation's JSONSerialization on the same bytes, p50", duration(json), "PatternBenchmarks/JSONSerialization_baseline_large")
    row("reader ratio of those two medians (JSONSerialization / reader)",
        f"{json / reader:.1f}×" if reader and json else MISSING, "ratio, same run")
    rounds = gates.ratio_metric(results, "AHAPReader_vs_JSONSerialization_large", "JSONSerialization_over_reader_x100")
    limit = {gate[0]: gate[4] for gate in gates.GATES}
    row(f"**reader ratio**, both read three times in each round, each side's best (thread CPU time), median of the rounds (goal ≥ 20×, CI gate ≥ {limit['reader']:g}×)",
        f"**{rounds:.1f}×**" if rounds else MISSING, "PatternBenchmarks/AHAPReader_vs_JSONSerialization_large")

    engine, offline = (time_of(results, "Feedback.engine.impactOccurred.prepared"),
                       time_of(results, "Feedback.offline.impactOccurred.prepared"))
    engine_cpu, offline_cpu = (gates.median(results, "Feedback.engine.impactOccurred.prepared#call_cpu_us"),
                               gates.median(results, "Feedback.offline.impactOccurred.prepared#call_cpu_us"))
    row("**`impactOccurred()` after `prepare()`, engine path: the call's own work** (thread CPU time), p50 "
        "(goal ≤ 20 µs on an idle machine)", f"**{engine_cpu:g} us**" if engine_cpu is not None else MISSING,
        "FeedbackBenchmarks/Feedback.engine.impactOccurred.prepared (call_cpu_us)")
    row("the same call's wall clock, p50 (it includes the render thread delivering this feedback on the caller's CPU; "
        "see below)", duration(engine), "FeedbackBenchmarks/Feedback.engine.impactOccurred.prepared")
    row("`impactOccurred()` after `prepare()`, offline path, thread CPU / wall clock, p50",
        f"{offline_cpu:g} us / {duration(offline)}" if offline_cpu is not None else duration(offline),
        "FeedbackBenchmarks/Feedback.offline.impactOccurred.prepared")
    cpu_ratio = gates.ratio_metric(results, "Feedback_engine_vs_offline_prepared", "engine_over_offline_cpu_x100")
    row(f"**feedback ratios**, engine / offline: own work (gate ≤ {limit['call-cpu']:g}×) / wall clock "
        f"(gate ≤ {limit['feedback']:g}×)",
        f"**{cpu_ratio:.2f}×** / {engine / offline:.1f}×" if engine and offline and cpu_ratio else MISSING,
        "FeedbackBenchmarks/Feedback_engine_vs_offline_prepared (interleaved) / ratio of the wall clocks above")
    row("`impactOccurred()` on a stopped engine (cold start), p50", duration(time_of(results, "Feedback.engine.impactOccurred.cold")),
        "FeedbackBenchmarks/Feedback.engine.impactOccurred.cold")

    c_start, swift_start = time_of(results, "CABI.startAndStop"), time_of(results, "Swift.startAndStop")
    row("a player's start + stop through the C ABI (libCoreHapticsWrapper), p50", duration(c_start), "CABIBenchmarks/CABI.startAndStop")
    row("the same start + stop in Swift, p50", duration(swift_start), "CABIBenchmarks/Swift.startAndStop")
    interleaved = gates.ratio_metric(results, "CABI_vs_Swift_startAndStop", "CABI_over_Swift_x100")
    row(f"**C ABI ratio**, start + stop interleaved in CPU time, median of the rounds (gate ≤ {limit['cabi']:g}×)",
        f"**{interleaved:.2f}×**" if interleaved else MISSING, "CABIBenchmarks/CABI_vs_Swift_startAndStop")
    row("`MakePlayer` + `Start` + `Stop` + `Destroy` from AHAP text through the C ABI, p50",
        duration(time_of(results, "CABI.makePlayerAndStart")), "CABIBenchmarks/CABI.makePlayerAndStart")
    row("the same in Swift from an AHAP file (`CHHapticPattern(contentsOf:)`), p50",
        duration(time_of(results, "Swift.makePlayerAndStart")), "CABIBenchmarks/Swift.makePlayerAndStart")

    first = "start_to_first_sample_latency"
    latency = results.get(first, {}).get("engine_latency_us", {})
    p50 = latency["p50"] * 1e3 if "p50" in latency else None
    p99 = latency["p99"] * 1e3 if "p99" in latency else None
    row("player start → first rendered sample, p50 / p99 (gate 150 µs / 500 µs)",
        f"{duration(p50)} / {duration(p99)}" if p50 is not None else MISSING, f"EngineBenchmarks/{first}")

    for name, label in [("render_block_steady_state_with_commands", "mixer block with commands"),
                        ("render_while_players_start_and_stop", "engine render thread while players start and stop")]:
        mallocs = value(results, name, "Malloc (total)", "p90")
        row(f"allocations per {label}, p90 (gate 0)", MISSING if mallocs is None else f"{mallocs:g}",
            f"{'RenderBenchmarks' if name.startswith('render_block') else 'EngineBenchmarks'}/{name}")
    mallocs = value(results, "makePlayer_compiled_pattern", "Malloc (total)", "p90")
    row("allocations per `makePlayer`, p90 (gate 2 per player)", MISSING if mallocs is None else f"{mallocs:g}",
        "EngineBenchmarks/makePlayer_compiled_pattern")

    for rate in ("8kHz", "48kHz"):
        name = f"voices_1024_continuous_{rate}_block256"
        t = time_of(results, name)
        if t:
            sample_rate = 8_000 if rate == "8kHz" else 48_000
            block_ns = 256 / sample_rate * 1e9
            figure = f"{t / (1024 * 256):.2f} ns per voice-sample; about {1024 * block_ns / t:,.0f} voices on one core in real time"
        else:
            figure = MISSING
        row(f"1 024 continuous voices, {rate}, 256-frame blocks, p50", figure, f"RenderBenchmarks/{name}")

    for name, label in [("idle_engine_cpu_permille", "idle engine CPU (‰ of a core; gate < 10)"),
                        ("playing_engine_cpu_permille", "playing engine CPU (‰ of a core)")]:
        metrics = results.get(name, {})
        figure = next((f"{v['p50']:g}" for m, v in metrics.items() if "Time" not in m and "Malloc" not in m and "p50" in v), MISSING)
        row(label, figure, f"EngineBenchmarks/{name}")

    ten = time_of(results, "analysis_ten_minutes_48kHz_stereo")
    row("from-audio: ten minutes of 48 kHz stereo analyzed, p50",
        f"{duration(ten)} ({600e9 / ten:,.0f}× real time)" if ten else MISSING,
        "AnalysisBenchmarks/analysis_ten_minutes_48kHz_stereo")
    mallocs = value(results, "analysis_one_second_48kHz_stereo", "Malloc (total)", "p90")
    row("from-audio: allocations for one second of audio (gate 193: set-up and pattern, none per frame)",
        MISSING if mallocs is None else f"{mallocs:g}", "AnalysisBenchmarks/analysis_one_second_48kHz_stereo")
    return rows


def qemu_lines(path):
    if not path:
        return ["Not measured in this run: the latency against SDL2 needs a QEMU guest. Run `bash .ci/qemu-evdev.sh > qemu.log`",
                "and pass `--qemu qemu.log`; the DocC article *Engine threads and timing* holds the figures of the last runs."]
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line.rstrip() for line in f if "SDL2" in line or "sdl2" in line.lower()]
    return ["```"] + (lines or ["(no line of the log mentions SDL2)"]) + ["```"]


def main(argv):
    if not argv or argv[0].startswith("--"):
        print(__doc__)
        return 2
    run_path = argv[0]
    qemu = argv[argv.index("--qemu") + 1] if "--qemu" in argv else None
    out = argv[argv.index("--out") + 1] if "--out" in argv else "docs/performance.md"
    with open(run_path, encoding="utf-8") as f:
        results = gates.parse(f.read())
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    gate_lines = run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "benchmark-gates.py"), run_path])
    page = [
        "# Performance",
        "",
        "<!-- GENERATED by Scripts/performance-page.sh from one benchmark run; do not edit by hand. -->",
        "",
        f"Measured {date} on {machine()}.",
        "",
        "Regenerate on your machine with `bash Scripts/performance-page.sh` (builds the benchmark package in release, runs",
        "every benchmark once, about 10 minutes on 2 cores) and compare. Absolute times move about 2× with the load",
        "of the machine; the ratios compare two benchmarks of the same run and are what CI gates (`.ci/benchmarks.sh`",
        "with `Scripts/benchmark-gates.py`).",
        "",
        "| What | Figure | Benchmark |",
        "|---|---|---|",
        *figures(results),
        "",
        "The reader ratio depends on the CPU as well as on the code: the same commit measured 22× on an AMD EPYC machine",
        "and 13–15× on an Intel Xeon VM (the machine CI ran on). The CI gate is therefore 12×, which still fails a reader",
        "20 % slower than today's on the slower machine; 20× stays a goal.",
        "",
        "## Why the engine's `impactOccurred()` holds the thread longer than it works",
        "",
        "The call ends by waking the engine's render thread, which runs with real-time priority. Linux keeps a woken",
        "real-time thread on the CPU it last ran on, and the render thread is created by, and so runs beside, the thread",
        "that starts the engine. So it preempts the app's call at once: it renders the tap's first block and hands it to",
        "the device, then sleeps, and the call returns. The wall clock of the call therefore includes delivering the",
        "feedback (start → first sample above); its own work is the thread CPU time. Keeping the render thread off the",
        "caller's CPU was measured (issue 26): the call then took 26-35 µs instead of 74-87 µs, but each wake became a",
        "wake of another, idle CPU, and start → first sample went from 23 µs to 38 µs at p50, 67-76 µs to 148-271 µs at",
        "p99 and up to 2.3 ms at worst; it was not adopted.",
        "",
        "## Gates on this run",
        "",
        "```",
        *(gate_lines.strip().splitlines() or ["(the gate script printed nothing)"]),
        "```",
        "",
        "## Latency against SDL2 (evdev, real kernel)",
        "",
        "API call → the uinput device's read, ours and SDL2's side by side in one QEMU guest (`.ci/qemu-evdev.sh`). In",
        "TCG the guest's clock counts instructions (4 ns each), so these are the work of each path, the same on an idle",
        "and on a busy host; on real hardware a path costs its work plus cache misses, and the device's own latency",
        "(USB, Bluetooth) adds milliseconds to both.",
        "",
        *qemu_lines(qemu),
        "",
    ]
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(page))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
