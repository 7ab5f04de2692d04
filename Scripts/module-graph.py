#!/usr/bin/env python3
"""The package's module graph, from Package.swift, and a check that it tells the truth.

Usage:
  Scripts/module-graph.py            print the library modules and what each depends on (Markdown), lowest first
  Scripts/module-graph.py --check    exit 1 when a library target's sources import a module its Package.swift entry
                                     does not list, or list one they never import; and when HapticEngine imports more
                                     than the runtime may (issue 22: the pattern, the renderer, the device protocol and
                                     the platform floor); and when the `haptic` tool reaches the studio's server or the
                                     web stack (issue 32: `swift run haptic play` must not build SwiftNIO and Hummingbird;
                                     the server is the haptic-studio program)

The graph comes from `swift package dump-package` (the manifest as SwiftPM reads it); imports are read from the
targets' Swift files (`import X`, `@_exported import X`, `package import X`, `@preconcurrency import X`).
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)
# Modules of the toolchain and the OS: importing them needs no entry in Package.swift.
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "XCTest",
          "Testing", "_Concurrency", "Observation", "os", "Android"}
# What the runtime may import (issue 22, item 3); Logging is swift-log.
ENGINE_ALLOWED = {"HapticPattern", "HapticRender", "HapticDevices", "HapticSystem", "Logging"}
# What the `haptic` tool must never build (issue 32): the studio's server and the packages of the web stack.
TOOL = "haptic"
TOOL_FORBIDDEN_TARGETS = {"HapticStudio"}
TOOL_FORBIDDEN_PACKAGES = {"hummingbird", "hummingbird-websocket", "swift-nio", "swift-http-types"}
# The studio without its server (FuzzStudioMessage's only studio module): it must not reach the web stack either.
STUDIO_CORE = "HapticStudioCore"


def manifest():
    out = subprocess.run(["swift", "package", "--package-path", ROOT, "dump-package"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def dependency_names(target):
    names = []
    for dep in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.append(dep[kind][0])
    return names


def closure(package, name):
    """Every target of this package `name` builds, and the (package, product) pairs it reaches from other packages."""
    by_name = {t["name"]: t for t in package["targets"]}
    targets, products, pending = set(), set(), [name]
    while pending:
        current = pending.pop()
        if current in targets or current not in by_name:
            continue
        targets.add(current)
        for dep in by_name[current]["dependencies"]:
            if "product" in dep:
                products.add((dep["product"][1], dep["product"][0]))
            for kind in ("byName", "target"):
                if kind in dep:
                    pending.append(dep[kind][0])
    return targets, products


def library_targets(package):
    return [t for t in package["targets"] if t["type"] == "regular" and not (t.get("path") or "").startswith("Tests")]


def target_imports(target):
    folder = os.path.join(ROOT, target.get("path") or os.path.join("Sources", target["name"]))
    found = set()
    for directory, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    found.update(IMPORT.findall(handle.read()))
    return found - SYSTEM


def layers(targets):
    """Targets in dependency order, lowest first (a target after everything it depends on)."""
    by_name = {t["name"]: t for t in targets}
    ordered, seen = [], set()

    def visit(name):
        if name in seen or name not in by_name:
            return
        seen.add(name)
        for dep in dependency_names(by_name[name]):
            visit(dep)
        ordered.append(name)

    for name in sorted(by_name):
        visit(name)
    return [by_name[n] for n in ordered]


def main(argv):
    package = manifest()
    targets = layers(library_targets(package))
    ours = {t["name"] for t in targets}
    products = {p["name"] for p in package["products"] if "library" in p["type"]}
    if "--check" not in argv:
        print("| Module | Product | Depends on (this package) | Other dependencies |")
        print("|---|---|---|---|")
        for t in targets:
            deps = dependency_names(t)
            mine = [d for d in deps if d in ours]
            other = [d for d in deps if d not in ours]
            print(f"| {t['name']} | {'yes' if t['name'] in products else ''} | {', '.join(mine) or '—'} | {', '.join(other) or ''} |")
        return 0
    problems = []
    for t in targets:
        declared = set(dependency_names(t))
        imported = target_imports(t)
        for name in sorted(imported - declared):
            problems.append(f"{t['name']}: imports {name}, which Package.swift does not list")
        for name in sorted(declared - imported):
            problems.append(f"{t['name']}: Package.swift lists {name}, which no file imports")
        if t["name"] == "HapticEngine":
            for name in sorted(imported - ENGINE_ALLOWED):
                problems.append(f"HapticEngine: imports {name}; the runtime may import only {sorted(ENGINE_ALLOWED)}")
    tool_targets, tool_products = closure(package, TOOL)
    for name in sorted(tool_targets & TOOL_FORBIDDEN_TARGETS):
        problems.append(f"{TOOL}: builds {name}; the studio's server belongs to the haptic-studio program only")
    for package_name, product in sorted(tool_products):
        if package_name in TOOL_FORBIDDEN_PACKAGES:
            problems.append(f"{TOOL}: builds {product} ({package_name}); the web stack belongs to haptic-studio only")
    _, core_products = closure(package, STUDIO_CORE)
    for package_name, product in sorted(core_products):
        if package_name in TOOL_FORBIDDEN_PACKAGES:
            problems.append(f"{STUDIO_CORE}: builds {product} ({package_name}); the web stack belongs to HapticStudio")
    for line in problems:
        print(f"module-graph: {line}", file=sys.stderr)
    print(f"module-graph: {len(targets)} library targets, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
