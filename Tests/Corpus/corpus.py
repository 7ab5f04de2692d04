#!/usr/bin/env python3
"""The compatibility corpus gate (issue 34): Apple's code in the wild compiles and plays unchanged.

For each file of the Swift corpus ($OPENCOREHAPTICS_SWIFT_CORPUS, else the sibling `swift` folder of
$OPENCOREHAPTICS_CORPUS, else ../shared/corpus/swift beside the package) this:
  1. copies it into a temporary folder with only its Apple imports replaced (CoreHaptics -> OpenCoreHaptics;
     UIKit, AppKit/Cocoa, WatchKit, SwiftUI -> OpenHapticFeedback plus a stub of their non-haptic part;
     GameController -> OpenGameController) and its `#if os(...)`/`#if canImport(...)` conditions evaluated as on the
     Apple platform it was written for (Tests/Corpus/corpus.tsv), so its haptics code is compiled, not skipped;
  2. compiles it with `swiftc` against the project's already-built modules (`swift build` output), the framework
     stubs of Tests/Corpus/Stubs (unrelated frameworks: Combine, views, WatchConnectivity, AudioToolbox, Expo) and
     the app stubs of Tests/Corpus/Apps (the app's own types the file uses) - never a stub of a haptics call;
  3. runs the files that have a driver (Tests/Corpus/Drivers: a main that calls the file's haptics entry points)
     with HAPTIC_DEVICE=wav:<temp>/... and checks that the recorded drive channel is not silent;
  4. prints a table (file, APIs used, compiles, plays) and exits 1 when fewer files compile than --minimum, when a
     driven file's recording is silent, or when a file said to need what Linux lacks (or not to compile against
     Apple's SDK either) fails for another reason.

The corpus files are read at run time and copied only into the temporary folder; nothing of them is committed.

Usage: Tests/Corpus/corpus.py [--minimum N] [--build-path PATH] [--keep] [--only NAME] [--also-import MODULE] [--present]
"""

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Apple's imports and what replaces them (the framework's haptics part is the project's; the rest is a stub).
REPLACED = {
    "CoreHaptics": ["OpenCoreHaptics"],
    "UIKit": ["OpenHapticFeedback", "UIKitStub"],
    "AppKit": ["OpenHapticFeedback", "AppKitStub"],
    "Cocoa": ["OpenHapticFeedback", "AppKitStub"],
    "WatchKit": ["OpenHapticFeedback", "WatchKitStub"],
    "SwiftUI": ["OpenHapticFeedback", "SwiftUIStub"],
    "GameController": ["OpenGameController"],
}
APPLE_OSES = ("iOS", "macOS", "watchOS", "tvOS", "visionOS", "macCatalyst")
# Modules that exist on every Apple platform, for `#if canImport(...)`.
APPLE_ONLY_MODULES = ("Darwin", "ObjectiveC", "CoreFoundation")
# The framework stubs, in build order, with the stub modules each imports (Tests/Corpus/Stubs/<name>).
FRAMEWORK_STUBS = [
    ("Combine", []),
    ("UIKitStub", []),
    ("AppKitStub", []),
    ("WatchKitStub", ["UIKitStub"]),
    ("WatchConnectivity", []),
    ("WebKit", ["UIKitStub"]),
    ("SwiftUIStub", ["AppKitStub", "Combine", "UIKitStub", "WatchKitStub"]),
    ("ExpoModulesCore", ["UIKitStub"]),
]
# The project's modules a corpus file may import (their closure is linked into each driver).
FACADES = ["OpenCoreHaptics", "OpenHapticFeedback", "OpenGameController"]
# Identifiers that name the haptics APIs a file uses, for the table.
API_WORDS = [
    "CHHapticEngine", "CHHapticPattern", "CHHapticEventParameter", "CHHapticEvent", "CHHapticDynamicParameter",
    "CHHapticParameterCurve", "makePlayer", "makeAdvancedPlayer", "playPattern", "capabilitiesForHardware",
    "resetHandler", "stoppedHandler", "UIImpactFeedbackGenerator", "UISelectionFeedbackGenerator",
    "UINotificationFeedbackGenerator", "UIImpactFeedbackStyle", "UINotificationFeedbackType", "NSHapticFeedbackManager",
    "NSHapticFeedbackPerformer", "WKInterfaceDevice", "SensoryFeedback", "sensoryFeedback", "GCController",
    "createEngine", "GCHapticsLocality",
]
DRIVER_DEADLINE = 60  # seconds a driver may take to be heard, on a machine whose cores are busy


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def read_table(path):
    rows = []
    header = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if header is None:
                header = fields
                continue
            row = dict(zip(header, fields))
            rows.append({key: ("" if value == "-" else value) for key, value in row.items()})
    return rows


def rewrite(text, platform):
    """Only the Apple imports change, and the platform conditions are evaluated as on `platform`."""
    counts = {"imports": 0, "conditions": 0}

    def replace_import(match):
        indent, attributes, module = match.group(1), match.group(2) or "", match.group(3)
        counts["imports"] += 1
        return "; ".join(f"{indent if i == 0 else ''}{attributes}import {name}" for i, name in enumerate(REPLACED[module]))

    text = re.sub(r"^([ \t]*)((?:@\w+[ \t]+)*)import[ \t]+(" + "|".join(REPLACED) + r")[ \t]*$", replace_import, text,
                  flags=re.M)

    def replace_condition_line(match):
        line = match.group(0)

        def os_condition(found):
            counts["conditions"] += 1
            return "true" if found.group(1) == platform else "false"

        def can_import(found):
            module = found.group(1)
            if module in REPLACED:
                counts["conditions"] += 1
                return f"canImport({REPLACED[module][0]})"
            if module in APPLE_ONLY_MODULES:
                counts["conditions"] += 1
                return "true"
            return found.group(0)

        line = re.sub(r"\bos\((" + "|".join(APPLE_OSES) + r")\)", os_condition, line)
        return re.sub(r"\bcanImport\((\w+)\)", can_import, line)

    text = re.sub(r"^[ \t]*#(?:if|elseif)\b.*$", replace_condition_line, text, flags=re.M)
    return text, counts


def apis_used(text):
    found = []
    for word in API_WORDS:
        if re.search(r"\b" + word + r"\b", text) and not any(word != other and word in other and other in found
                                                             for other in API_WORDS):
            found.append(word)
    return found


class Project:
    """The project's built modules: where they are, the objects to link, the flags to import them."""

    def __init__(self, build_path):
        self.bin = build_path
        package = json.loads(run(["swift", "package", "--package-path", ROOT, "dump-package"], check=True).stdout)
        targets = {t["name"]: t for t in package["targets"]}
        closure, stack = [], list(FACADES)
        while stack:
            name = stack.pop()
            if name in closure:
                continue
            closure.append(name)
            for dependency in targets.get(name, {}).get("dependencies", []):
                for kind in ("byName", "target", "product"):
                    if kind in dependency:
                        stack.append(dependency[kind][0])
        self.objects, self.flags = [], ["-I", os.path.join(self.bin, "Modules")]
        for name in sorted(closure):
            folder = os.path.join(self.bin, name + ".build")
            if not os.path.isdir(folder):
                raise SystemExit(f"corpus: {folder} is missing: build the project first (swift build)")
            self.objects += module_objects(folder)
            module_map = os.path.join(folder, "module.modulemap")
            if os.path.exists(module_map):
                self.flags += ["-Xcc", f"-fmodule-map-file={module_map}"]
                include = os.path.join(ROOT, "Sources", name, "include")
                if os.path.isdir(include):
                    self.flags += ["-Xcc", "-I" + include]


def module_objects(folder):
    """The objects of a built module: those its output file map names (the sources of its latest build, so an object
    left behind by a deleted source is not linked), else every object in the folder (C targets)."""
    file_map = os.path.join(folder, "output-file-map.json")
    if os.path.exists(file_map):
        with open(file_map, encoding="utf-8") as handle:
            entries = json.load(handle).values()
        named = (os.path.join(folder, os.path.basename(entry["object"])) for entry in entries if "object" in entry)
        return sorted(path for path in named if os.path.exists(path))
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".o"))


class Gate:
    def __init__(self, args):
        self.args = args
        self.work = tempfile.mkdtemp(prefix="och-corpus-")
        self.modules = os.path.join(self.work, "Modules")
        self.stub_objects = {}
        self.cache = os.path.join(self.work, "module-cache")
        os.makedirs(self.modules)
        self.project = Project(args.build_path)

    def swiftc(self, extra, swift_version="5"):
        return (["swiftc", "-swift-version", swift_version, "-Onone", "-module-cache-path", self.cache,
                 "-I", self.modules, "-I", os.path.join(HERE, "Stubs", "AudioToolbox")]
                + self.project.flags + extra)

    def build_module(self, name, sources, imports=(), swift_version="5"):
        """A library module (a framework stub or an app's other module) into the temporary folder."""
        obj = os.path.join(self.work, name + ".o")
        command = self.swiftc(["-parse-as-library", "-module-name", name, "-wmo", "-emit-module", "-emit-module-path",
                               os.path.join(self.modules, name + ".swiftmodule"), "-c", "-o", obj] + sources,
                              swift_version)
        result = run(command)
        if result.returncode != 0:
            raise SystemExit(f"corpus: the stub module {name} does not build:\n{result.stderr}")
        self.stub_objects[name] = (obj, list(imports))

    def link_objects(self, names):
        """The objects of the stub modules `names` and of the stubs they import."""
        seen, stack = [], list(names)
        while stack:
            name = stack.pop()
            if name in seen or name not in self.stub_objects:
                continue
            seen.append(name)
            stack += self.stub_objects[name][1]
        return [self.stub_objects[name][0] for name in seen]

    def build_stubs(self):
        for name, imports in FRAMEWORK_STUBS:
            folder = os.path.join(HERE, "Stubs", name)
            sources = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swift"))
            self.build_module(name, sources, imports)

    def check(self, corpus, row):
        key = row["file"]
        folder = os.path.join(self.work, "files", re.sub(r"\W", "_", key))
        os.makedirs(folder)
        text = open(os.path.join(corpus, "files", key), encoding="utf-8").read()
        source, edits = rewrite(text, row["platform"])
        sources = [os.path.join(folder, key)]
        with open(sources[0], "w", encoding="utf-8") as handle:
            handle.write(source)
        for item in filter(None, row["with"].split(",")):
            kind, name = item.split(":", 1)
            original = os.path.join(corpus, "companions" if kind == "companion" else "files", name)
            copied, more = rewrite(open(original, encoding="utf-8").read(), row["platform"])
            sources.append(os.path.join(folder, name))
            with open(sources[-1], "w", encoding="utf-8") as handle:
                handle.write(copied)
        app_modules = []
        for item in filter(None, row["modules"].split(",")):
            module, origin = item.split("=", 1)
            if origin == "empty":
                module_sources = [os.path.join(folder, module + ".swift")]
                open(module_sources[0], "w").close()
            else:
                kind, name = origin.split(":", 1)
                if kind == "companion":
                    copied, _ = rewrite(open(os.path.join(corpus, "companions", name), encoding="utf-8").read(),
                                        row["platform"])
                    module_sources = [os.path.join(folder, name)]
                    with open(module_sources[0], "w", encoding="utf-8") as handle:
                        handle.write(copied)
                else:
                    module_sources = [os.path.join(HERE, "Apps", name)]
            self.build_module(module, module_sources, swift_version=row["swift"])
            app_modules.append(module)
        if row["app"]:
            sources.append(os.path.join(HERE, "Apps", row["app"]))
        implicit = []
        for module in list(filter(None, row["implicit"].split(","))) + self.args.also_import:
            implicit += ["-Xfrontend", "-import-module", "-Xfrontend", module]
        result = {"file": key, "apis": apis_used(text), "edits": edits, "needs": row["needs"], "driver": row["driver"]}
        stubs = [name for name, _ in FRAMEWORK_STUBS] + app_modules
        alone = self.swiftc(["-parse-as-library", "-module-name", "CorpusApp", "-wmo", "-c", "-o",
                             os.path.join(folder, "app.o")] + implicit + sources, row["swift"])
        executable = None
        started = time.monotonic()
        if row["driver"]:
            # One compile builds the file and its driver; only when it fails for the driver's sake alone is the file
            # compiled again by itself, so a driver's mistake is never counted as the file's.
            main = os.path.join(folder, "main.swift")
            shutil.copy(os.path.join(HERE, "Drivers", row["driver"]), main)
            support = os.path.join(HERE, "Drivers", "Support", "CorpusRecording.swift")
            executable = os.path.join(folder, "driver")
            compiled = run(self.swiftc(["-module-name", "CorpusApp", "-o", executable] + implicit + sources
                                       + [main, support] + self.link_objects(stubs) + self.project.objects, row["swift"]))
            errors = [line for line in compiled.stderr.splitlines() if ": error: " in line]
            if compiled.returncode != 0 and errors and all(line.startswith((main, support)) for line in errors):
                result["driver_errors"] = errors
                executable = None
                compiled = run(alone)
        else:
            compiled = run(alone)
        result["compile_seconds"] = time.monotonic() - started
        result["compiles"] = compiled.returncode == 0
        result["errors"] = [line for line in compiled.stderr.splitlines() if ": error: " in line]
        if row["needs"] and not result["compiles"]:
            result["reason_confirmed"] = re.search(row["expect"], compiled.stderr) is not None if row["expect"] else True
        result["plays"] = None
        if executable and result["compiles"]:
            result["plays"], result["peak"], result["run_output"] = self.play(executable, folder)
        return result

    def play(self, executable, folder):
        recordings = os.path.join(folder, "recordings")
        os.makedirs(recordings)
        environment = dict(os.environ, HAPTIC_DEVICE="wav:" + os.path.join(recordings, "out.wav"))
        try:
            done = run([executable], cwd=folder, env=environment, timeout=DRIVER_DEADLINE + 30)
            output = (done.stdout + done.stderr).strip().splitlines()[-3:]
        except subprocess.TimeoutExpired:
            output = ["the driver did not exit"]
        peak = 0.0
        for name in sorted(os.listdir(recordings)):
            if name.endswith(".wav"):
                peak = max(peak, drive_peak(os.path.join(recordings, name)))
        return peak > 0.01, peak, output


def drive_peak(path):
    """The largest |sample| of the first channel (the drive) of a 32-bit float WAV file."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return 0.0
    offset, channels, peak = 12, 1, 0.0
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if chunk == b"fmt ":
            channels = struct.unpack("<H", body[2:4])[0]
        elif chunk == b"data":
            count = len(body) // 4
            samples = struct.unpack(f"<{count}f", body[:count * 4])
            peak = max((abs(s) for s in samples[::channels]), default=0.0)
        offset += 8 + size + (size & 1)
    return peak


def short(name):
    return name[:-len(".swift")] if name.endswith(".swift") else name


def table(results):
    lines = ["| file | APIs used | compiles (imports replaced) | plays |", "|---|---|---|---|"]
    for r in results:
        if r["compiles"]:
            compiles = "yes"
        elif r["needs"].startswith("apple:"):
            compiles = "no, nor on Apple's SDK:" + r["needs"][len("apple:"):]
        elif r["needs"]:
            compiles = f"no: needs {r['needs']}"
        else:
            compiles = "no: " + (r["errors"][0].split(": error: ", 1)[1] if r["errors"] else "see log")
        if r.get("driver_errors"):
            plays = "driver does not build"
        elif r["plays"] is None:
            plays = "no driver" if not r["driver"] else "-"
        else:
            plays = f"yes (peak {r['peak']:.2f})" if r["plays"] else f"no (peak {r['peak']:.3f})"
        lines.append(f"| {short(r['file'])} | {', '.join(r['apis'])} | {compiles} | {plays} |")
    return "\n".join(lines)


def corpus_folder():
    """Where the Swift corpus is: $OPENCOREHAPTICS_SWIFT_CORPUS, else the sibling `swift` folder of
    $OPENCOREHAPTICS_CORPUS (the AHAP corpus, which .ci/run sets), else ../shared/corpus/swift beside the package."""
    corpus = os.environ.get("OPENCOREHAPTICS_SWIFT_CORPUS")
    if not corpus and os.environ.get("OPENCOREHAPTICS_CORPUS"):
        corpus = os.path.join(os.path.dirname(os.environ["OPENCOREHAPTICS_CORPUS"].rstrip("/")), "swift")
    return corpus or os.path.join(os.path.dirname(ROOT), "shared", "corpus", "swift")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minimum", type=int, default=0, help="fail when fewer files compile")
    parser.add_argument("--build-path", help="the project's build folder (default: swift build --show-bin-path)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--only", help="check only the files whose name contains this")
    parser.add_argument("--also-import", action="append", default=[], metavar="MODULE",
                        help="import MODULE into every file too (for experiments, never in CI)")
    parser.add_argument("--present", action="store_true",
                        help="only say whether the corpus is there: exit 0 if so, else 3 with the reason it is skipped")
    args = parser.parse_args()
    corpus = corpus_folder()
    if not os.path.isdir(os.path.join(corpus, "files")):
        print(f"corpus: skipped: no Swift corpus at {corpus} (set OPENCOREHAPTICS_SWIFT_CORPUS)")
        return 3 if args.present else 0
    if args.present:
        print(f"corpus: {corpus}")
        return 0
    if not args.build_path:
        args.build_path = run(["swift", "build", "--package-path", ROOT, "--show-bin-path"], check=True).stdout.strip()
    rows = read_table(os.path.join(HERE, "corpus.tsv"))
    listed = {row["file"] for row in rows}
    unlisted = sorted(set(os.listdir(os.path.join(corpus, "files"))) - listed)
    started = time.monotonic()
    gate = Gate(args)
    try:
        gate.build_stubs()
        results = []
        for row in rows:
            if args.only and args.only not in row["file"]:
                continue
            if not os.path.exists(os.path.join(corpus, "files", row["file"])):
                print(f"corpus: {row['file']} is listed in corpus.tsv but not in the corpus")
                continue
            results.append(gate.check(corpus, row))
            r = results[-1]
            print(f"corpus: {short(r['file'])}: compiles {'yes' if r['compiles'] else 'no'} "
                  f"({r['compile_seconds']:.1f} s), plays {r['plays']}", flush=True)
    finally:
        if args.keep:
            print(f"corpus: kept {gate.work}")
        else:
            shutil.rmtree(gate.work, ignore_errors=True)
    print()
    print(table(results))
    print()
    compiling = sum(r["compiles"] for r in results)
    lacking = [r for r in results if r["needs"] and not r["needs"].startswith("apple:")]
    apple = [r for r in results if r["needs"].startswith("apple:")]
    print(f"corpus: {compiling} of {len(results)} files compile with only their Apple imports replaced; "
          f"{len(lacking)} need what Linux lacks and {len(apple)} do not compile against Apple's SDK either "
          f"({sum(not r['compiles'] for r in lacking + apple)} of these {len(lacking) + len(apple)} do not compile); "
          f"{sum(bool(r['plays']) for r in results)} of {sum(bool(r['driver']) for r in results)} driven files play; "
          f"{time.monotonic() - started:.0f} s")
    problems = []
    for r in results:
        if not r["compiles"]:
            print(f"\n{short(r['file'])}: {len(r['errors'])} error(s)" + (f" (needs {r['needs']})" if r["needs"] else ""))
            for line in r["errors"][:6]:
                print("   " + line.split("/files/", 1)[-1])
        if r.get("driver_errors"):
            problems.append(f"{short(r['file'])}: its driver does not build: {r['driver_errors'][0]}")
        elif r["driver"] and r["compiles"] and not r["plays"]:
            problems.append(f"{short(r['file'])}: the recording is silent ({'; '.join(r.get('run_output', []))})")
        if r["needs"] and not r["compiles"] and not r.get("reason_confirmed", True):
            problems.append(f"{short(r['file'])}: does not compile, but not for the reason corpus.tsv gives ({r['needs']})")
    if unlisted:
        problems.append(f"corpus files missing from Tests/Corpus/corpus.tsv: {', '.join(unlisted)}")
    if compiling < args.minimum:
        problems.append(f"{compiling} files compile; the committed minimum is {args.minimum}")
    for problem in problems:
        print(f"corpus: FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
