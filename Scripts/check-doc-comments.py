#!/usr/bin/env python3
"""Fails when a public or open declaration in Sources/ has no `///` doc comment.

Attributes (@inlinable, @_noLocks, …) and blank lines between the comment and the declaration are allowed.
Extensions are exempt (their members are checked), as are `public import`s and enum-case lists continued from a
documented line. Usage: Scripts/check-doc-comments.py [Sources]
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Sources")
decl = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|final|override|static|class|mutating|nonmutating|indirect|convenience|required|@preconcurrency)\s+)*(public|open)\s+(?!import\b|extension\b)")
missing = []
for path in sorted(root.rglob("*.swift")):
    if any(part.startswith("GENERATED-") for part in path.parts):
        continue
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if not decl.match(line):
            continue
        j = index - 1
        while j >= 0:
            stripped = lines[j].strip()
            if stripped.startswith("@") or stripped == "" or stripped.startswith("#if") or stripped.startswith("#endif"):
                j -= 1
                continue
            # The end of an attribute written over several lines (swift-format wraps long @available): skip to its start.
            if stripped == ")":
                start = next((k for k in range(j - 1, max(-1, j - 12), -1) if lines[k].strip().startswith("@") and "(" in lines[k]), None)
                if start is not None:
                    j = start - 1
                    continue
            break
        if j >= 0 and lines[j].strip().startswith("///"):
            continue
        if j >= 0 and lines[j].strip().endswith("*/") and "/**" in "\n".join(lines[max(0, j - 40):j + 1]):
            continue
        missing.append(f"{path}:{index + 1}: public declaration without a doc comment: {line.strip()[:100]}")
for item in missing:
    print(item)
print(f"doc comments: {len(missing)} public declaration(s) undocumented")
sys.exit(1 if missing else 0)
