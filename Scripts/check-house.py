#!/usr/bin/env python3
"""The house rules that grep can check (issue 22), run by .ci/run.

- Each library target imports exactly what Package.swift lists, and HapticEngine only what the runtime may
  (Scripts/module-graph.py --check).
- No hand-written Swift file over 500 lines (generated files are named GENERATED-*).
- The platform floor is the only place that opens a library (`dlopen(`), creates a thread (`pthread_create(`), imports
  the C library under `#if canImport(Glibc)`, or reaches eventfd.
- The platform floor is the only place that calls the C library by its module's name (`Glibc.write(`, `Musl.`,
  `Darwin.`) or calls a function of the C shim's system-call header, CHapticSupport.h (`CHapticSupport_eventfdDrain(`):
  everything else goes through HapticSystem's `Posix` (one function per system call, one way to retry an interrupted
  call). The shim's constants and types (`CHapticSupport_EVIOCSFF`, `CHapticSupport_SoundFileInfo`) stay usable, and
  so does CHapticSupportPipeWire.h (PipeWire's macro-only method calls: a library's interface, no system call).
- The layers under the facades never import Foundation (STYLE 5.9: the renderer and synthesis modules must not link
  it; only the Apple-named facades re-export it, as Apple's frameworks do, and the file and tool layers use it).
- No `Synchronization.Mutex`: ThreadSanitizer cannot see it on Linux; LockedState is the lock (.ci/sanitizers.sh
  refuses it too, but only after minutes of CI).
- Nothing sleeps to wait for a condition: every `usleep`, `Thread.sleep`, `Task.sleep`, `nanosleep` left in Sources and
  Examples paces time and says so on its line or the line above with a comment containing "pacing:".

Usage: Scripts/check-house.py        (exit 1 and one line per problem when a rule is broken)
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOOR = os.path.join("Sources", "HapticSystem") + os.sep
LINE_LIMIT = 500
C_LIBRARY = re.compile(r"\b(Glibc|Musl|Darwin)\.\w")
SHIM_HEADER = os.path.join(ROOT, "Sources", "CHapticSupport", "include", "CHapticSupport.h")


def shim_functions():
    """The functions CHapticSupport.h declares (`int CHapticSupport_eventfdDrain(int fd);`)."""
    with open(SHIM_HEADER, encoding="utf-8") as handle:
        text = handle.read()
    return sorted(set(re.findall(r"^[A-Za-z_][\w \t*]*?\b(CHapticSupport_\w+)\s*\(", text, re.MULTILINE)))


SHIM_CALL = re.compile(r"\b(" + "|".join(shim_functions()) + r")\s*\(")
MUTEX = re.compile(r"\bMutex *(<|\()")
SLEEP = re.compile(r"\b(usleep|Thread\.sleep|Task\.sleep|nanosleep)\s*\(")
# The modules that stay free of Foundation: the model, the platform floor, the DSP, the devices and the runtime.
FOUNDATION_FREE = ("HapticPattern", "HapticSystem", "HapticRender", "HapticAnalysis", "HapticDevices", "HapticEngine",
                   "HapticLinux", "HapticPlot")
FOUNDATION_IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:\w+\s+)?(Foundation|FoundationEssentials)\b")


def swift_files(*folders):
    for folder in folders:
        for directory, subdirs, files in os.walk(os.path.join(ROOT, folder)):
            subdirs[:] = [d for d in subdirs if not d.startswith(".build")]
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    yield os.path.relpath(path, ROOT), path


def main():
    problems = []
    graph = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "module-graph.py"), "--check"])
    if graph.returncode != 0:
        problems.append("module graph: see the module-graph lines above")

    for relative, path in swift_files("Sources", "Tests", "Examples", "Fuzz", os.path.join("Benchmarks", "Benchmarks")):
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        count = len(lines) - (1 if lines and lines[-1] == "" else 0)
        if count > LINE_LIMIT and not os.path.basename(relative).startswith("GENERATED-"):
            problems.append(f"{relative}: {count} lines, over the limit of {LINE_LIMIT}")
        for number, line in enumerate(lines, 1):
            if MUTEX.search(line.split("//", 1)[0]):
                problems.append(f"{relative}:{number}: Synchronization.Mutex, which ThreadSanitizer cannot see "
                                "(use HapticSystem's LockedState)")
        if not relative.startswith("Sources") and not relative.startswith("Examples"):
            continue
        in_floor = relative.startswith(FLOOR)
        module = relative.split(os.sep)[1] if relative.startswith("Sources" + os.sep) else None
        for number, line in enumerate(lines, 1):
            code = line.split("//", 1)[0]
            if not in_floor:
                for needle, what in (("dlopen(", "opens a library"), ("pthread_create(", "creates a thread"),
                                     ("eventfd(", "makes an eventfd")):
                    if needle in code:
                        problems.append(f"{relative}:{number}: {what} outside HapticSystem")
                if C_LIBRARY.search(code):
                    problems.append(f"{relative}:{number}: calls the C library itself (use HapticSystem's Posix)")
                if SHIM_CALL.search(code):
                    problems.append(f"{relative}:{number}: calls the C shim itself (use HapticSystem's Posix)")
                following = lines[number] if number < len(lines) else ""
                if re.match(r"\s*#if canImport\(Glibc\)", line) and re.match(r"\s*(@\w+\s+)*import Glibc", following):
                    problems.append(f"{relative}:{number}: imports the C library itself (import HapticSystem instead)")
            if module in FOUNDATION_FREE and FOUNDATION_IMPORT.match(code):
                problems.append(f"{relative}:{number}: {module} imports Foundation (it stays Foundation-free; STYLE 5.9)")
            if SLEEP.search(code):
                context = line + (lines[number - 2] if number >= 2 else "")
                if "pacing:" not in context:
                    problems.append(f"{relative}:{number}: a sleep without a 'pacing:' comment (wait on a signal instead)")

    for line in problems:
        print(f"check-house: {line}", file=sys.stderr)
    print(f"check-house: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
