#!/usr/bin/env python3
"""make lint: every #include between sbx's folders points down.

src/ holds one folder per layer, and a layer may have folders of its own
(engine/js, engine/duktape): every folder, at any depth, is a node of the
table below. A file may include headers of its own folder and of the
folders its folder lists; anything else (a lower folder reaching up, two
folders needing each other, a parent and its subfolder in a cycle) fails
with the file, the line and the arrow, so a new cycle is caught when it is
written. The table is the architecture in one place: README's Development
section draws the same.

Two more rules a newcomer relies on:
- a private header (NAME_int.h) is included only from its own folder;
- no source file is over MAX_LINES lines (C, and the JavaScript, Python, R
  and Java sbx embeds): one job per file, readable in one sitting.
"""
import os
import re
import sys

MAX_LINES = 600
SOURCES = (".c", ".h", ".js", ".py", ".R", ".java")

# folder: the folders it may include (its own is always allowed).
ALLOWED = {
    "util": [],
    "core": ["util"],
    "sandbox": ["core", "util"],
    # The Duktape heap: the capped allocator, the child's report, its
    # strings on the way out. Below both the engine and the transpiler,
    # which each run code in such a heap.
    "engine/duktape": ["sandbox", "core", "util"],
    # The JavaScript scanner and the lowering of modern JS/TS to ES5.
    "engine/js": ["engine/duktape", "core", "util"],
    "engine": ["engine/js", "engine/duktape", "sandbox", "core", "util"],
    "state": ["core", "util"],
    "policy": ["engine/js", "core", "util"],  # engine/js: tokenize.h, the JavaScript scanner
    "render": ["core", "util"],
    # One backend per language: what the language does at each step, over
    # the engine's kits (spawn_kit.h, kernel_kit.h). The layers below call
    # it only through core's lang_ops(), which src/lang installs at start-up.
    "lang": ["engine", "engine/js", "policy", "sandbox", "core", "util"],
    "run": ["lang", "render", "policy", "engine", "engine/js", "state", "sandbox", "core", "util"],
    "batch": ["run", "lang", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "mcp": ["session", "run", "lang", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    # Other clients' APIs as mappings onto sbx's own: pure JSON in and out.
    "serve/compat": ["engine", "core", "util"],
    "serve": ["serve/compat", "batch", "session", "run", "lang", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    "session": ["run", "lang", "render", "policy", "engine", "state", "sandbox", "core", "util"],
    # Not engine/js: what the CLI needs of the lowering goes through run/.
    "cli": ["batch", "mcp", "serve", "session", "run", "lang", "render", "policy", "engine", "state", "sandbox", "core", "util"],
}
# Folders under a layer that hold no C (embedded scripts, generated input):
# their files count for the size rule only.
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def acyclic(table):
    state = {}

    def visit(n, path):
        if state.get(n) == 1:
            sys.exit("check-layers: the table has a cycle: " + " -> ".join(path + [n]))
        if state.get(n) == 2:
            return
        state[n] = 1
        for m in table[n]:
            if m not in table:
                sys.exit(f"check-layers: {n} lists {m}, which is not in the table")
            visit(m, path + [n])
        state[n] = 2

    for n in table:
        visit(n, [])


def has_c(dirpath):
    return any(f.endswith((".c", ".h")) for f in os.listdir(dirpath))


def included_node(root, folder, inc):
    """The node (a folder of the table) of the file an #include "inc" in
    folder names, resolved as the compiler does: beside the including
    file first ("js/lower.h", "../run/x.h"), then from src/ (-Isrc). A
    folder without C belongs to the nearest folder above it that is in the
    table. None: not a file of src/ (a library's or a generated header)."""
    for cand in (os.path.join(folder, inc), inc):
        rel = os.path.normpath(cand)
        if rel.startswith("..") or os.path.isabs(rel):
            continue
        if os.path.isfile(os.path.join(root, rel)):
            node = os.path.dirname(rel)
            while node and node not in ALLOWED:
                node = os.path.dirname(node)
            return node or None
    return None


def check_file(root, path, folder, bad):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    if len(lines) > MAX_LINES:
        bad.append(f"{path}: {len(lines)} lines, over {MAX_LINES}: split it by job")
    if not path.endswith((".c", ".h")):
        return
    here = os.path.relpath(os.path.dirname(path), root)
    for n, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        to = included_node(root, here, m.group(1))
        if to is None or to == folder:
            continue
        name = os.path.basename(m.group(1))
        if name.endswith("_int.h"):
            bad.append(f"{path}:{n}: {name} is private to {to}/ ({line.strip()})")
        elif to not in ALLOWED[folder]:
            bad.append(f"{path}:{n}: {folder} may not include {to} ({line.strip()})")


def levels():
    """The table drawn as rows, the highest first: a folder's row is one
    above the highest row it may include, so every arrow points to a lower
    row. README's Development section shows this drawing (test_layers
    compares them)."""
    depth = {}

    def of(n):
        if n not in depth:
            depth[n] = 1 + max((of(m) for m in ALLOWED[n]), default=0)
        return depth[n]

    for n in ALLOWED:
        of(n)
    rows = []
    for lvl in sorted(set(depth.values()), reverse=True):
        names = sorted((n for n in ALLOWED if depth[n] == lvl), key=lambda n: (n.count("/"), n))
        rows.append(f"{lvl:3}  " + "   ".join(names))
    return "\n".join(rows)


def main():
    if sys.argv[1:2] == ["--levels"]:
        acyclic(ALLOWED)
        print(levels())
        return 0
    root = sys.argv[1] if len(sys.argv) > 1 else "src"
    acyclic(ALLOWED)
    bad = []
    for name in sorted(os.listdir(root)):
        top = os.path.join(root, name)
        if not os.path.isdir(top):
            if name.endswith((".c", ".h")):
                bad.append(f"{top}: every source file lives in a layer's folder")
            continue
        for dirpath, dirs, files in os.walk(top):
            dirs.sort()
            folder = os.path.relpath(dirpath, root)
            # A folder of embedded scripts belongs to the nearest folder
            # with C above it; a folder with C is a node of its own.
            node = folder
            while node not in ALLOWED and not has_c(os.path.join(root, node)) and "/" in node:
                node = os.path.dirname(node)
            if node not in ALLOWED:
                bad.append(f"check-layers: {os.path.join(root, node)}: not a layer "
                           "(add it to ALLOWED in build-aux/check-layers.py)")
                dirs[:] = []
                continue
            for f in sorted(files):
                if f.endswith(SOURCES):
                    check_file(root, os.path.join(dirpath, f), node, bad)
    for line in bad:
        print(line)
    if bad:
        print(f"check-layers: {len(bad)} problem(s) against the layers (build-aux/check-layers.py)")
        return 1
    print("check-layers: every include points down, no file over the size")
    return 0


if __name__ == "__main__":
    sys.exit(main())
