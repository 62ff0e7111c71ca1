#!/usr/bin/env python3
"""make lint: every #include between sbx's layers points down.

src/ holds one folder per layer. A file may include headers of its own
folder and of the folders its layer lists below; anything else (a lower
layer reaching up, two layers needing each other) fails with the file, the
line and the arrow, so a new cycle is caught when it is written. The table
is the architecture in one place: README's Layout section draws the same.
"""
import os
import re
import sys

# layer: the layers it may include (its own folder is always allowed).
ALLOWED = {
    "util": [],
    "core": ["util"],
    "sandbox": ["core", "util"],
    "engine": ["sandbox", "core", "util"],
    "state": ["core", "util"],
    "policy": ["engine", "core", "util"],  # engine: js/tokenize.h, the JavaScript scanner
    "render": ["core", "util"],
    "run": ["render", "policy", "engine", "state", "sandbox", "core", "util"],
    "batch": ["run", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "mcp": ["run", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "serve": ["batch", "session", "run", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "session": ["run", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "cli": ["batch", "mcp", "serve", "session", "run", "render", "policy", "engine", "state", "sandbox", "core", "util"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/[^"]+"')


def acyclic(table):
    state = {}

    def visit(n, path):
        if state.get(n) == 1:
            sys.exit("check-layers: the table has a cycle: " + " -> ".join(path + [n]))
        if state.get(n) == 2:
            return
        state[n] = 1
        for m in table[n]:
            visit(m, path + [n])
        state[n] = 2

    for n in table:
        visit(n, [])


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "src"
    acyclic(ALLOWED)
    bad = 0
    for layer in sorted(os.listdir(root)):
        top = os.path.join(root, layer)
        if not os.path.isdir(top):
            if layer.endswith((".c", ".h")):
                print(f"check-layers: {top}: every source file lives in a layer's folder")
                bad += 1
            continue
        if layer not in ALLOWED:
            print(f"check-layers: {top}: not a layer (add it to ALLOWED in build-aux/check-layers.py)")
            bad += 1
            continue
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m or m.group(1) not in ALLOWED:
                            continue
                        to = m.group(1)
                        if to != layer and to not in ALLOWED[layer]:
                            print(f"{path}:{n}: {layer} may not include {to} ({line.strip()})")
                            bad += 1
    if bad:
        print(f"check-layers: {bad} include(s) against the layers (build-aux/check-layers.py)")
        return 1
    print("check-layers: every include points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
