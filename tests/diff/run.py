#!/usr/bin/python3
"""Differential test: every program in tests/diff/<lang>/ runs under its
native interpreter and under `sbx run FILE`; stdout, stderr and the exit
status must be the same bytes (SPEC "Fidelity").

  /usr/bin/python3 tests/diff/run.py --sbx bin/sbx [--build build] [-v]
        [--jobs N] [--lang js,py] [--engine duktape|node] [PATTERN...]

--engine node runs the JavaScript and TypeScript programs with `sbx run
--engine node` (the real node under sbx's sandbox) and waives by
KNOWN-node.tsv and PENDING-node.tsv instead (Duktape's waivers do not apply
to node); without it, `sbx run` picks its default engine (Duktape).

Native references (run in a fresh directory holding only the program, with
the environment sbx gives its interpreters: PATH=/usr/bin:/bin, LANG=C.UTF-8,
HOME and TMPDIR in that directory):
  js    node PROG.js
  ts    node on the output of TypeScript's transpileModule (target ES2022,
        CommonJS), TypeScript from build/npm/node_modules (the pinned one the
        build installs) when present, else Debian's /usr/share/nodejs/typescript
  py    /usr/bin/python3 PROG.py        (the python sbx runs)
  r     Rscript PROG.R
  sh    bash PROG.sh (sessions: each execution is a fresh bash in the
        session's working directory)
  c     gcc -O2 -std=gnu17 -pipe -o PROG PROG.c -lm && ./PROG (the flags sbx
        compiles with; likewise cpp: g++ -O2 -std=c++17, go: go build,
        GOPATH mode, no cgo); no sessions
  java  javac Main.java && java Main; a file without a `static void
        main(` is a bare snippet: the reference wraps it in
        `public class Main { public static void main(String[] args) throws
        Exception { ... } }` on the same lines, so line numbers agree.
sbx runs `sbx run -t 60 --no-history --state-dir BUILD/difftest-state FILE`
in its own fresh directory (the long timeout only keeps the sanitizer build
from timing out; the state directory keeps the lowering and javac caches).
The native Java classes are kept too, in build/difftest-native-java, by the
SHA-256 of javac's version and the source.

Normalisation, the only one: the directory a program ran in is replaced by
$DIR in both outputs (native: the temporary directory; sbx: its per-run
working directory, /tmp/sbx-USER-work/run-ID-XXXXXX, however it appears).

A program whose native run writes to both streams is run a second time under
both with stdout and stderr into one file (2>&1), and that file is compared
too ("merged"): the interleaving must be the interpreter's.

--session runs every program through a session instead of `sbx run`:
one `sbx session create -l LANG -m 2G` per language, then `sbx session
exec ID -t 60 FILE` of each program, with the same stdin, compared with
the same native run byte for byte (SPEC "Sessions": an execution prints
what a one-shot run prints). The programs of one language share the
session, one after the other in file order, as a user's executions do;
what cannot be the same in a session by design (a program that needs a
fresh process, or that a previous program's state changes) is waived in
KNOWN-session.tsv, bugs in PENDING-session.tsv (KNOWN.tsv's and
PENDING.tsv's waivers apply too; an entry of KNOWN-session.tsv that no
longer differs is a note, not a failure: with a subset of the programs,
the ones whose state it depends on may not have run). The session's
working directory is normalised to $DIR like a run's.

JavaScript programs are PROG.js, PROG.mjs (an ES module, as node has it)
or PROG.cjs (CommonJS); each keeps its name on both sides.

A program PROG with a directory PROG.files beside it is a program of
several files: every file under it is copied next to the program on both
sides (subdirectories kept), and sbx gets each with -f (--file).

A program PROG with a file PROG.stdin beside it gets that file as its
stdin (native: redirected; sbx: --stdin FILE); the others get /dev/null.

tests/diff/KNOWN.tsv lists inherent differences; tests/diff/PENDING.tsv lists
bugs being fixed (temporary: to be emptied). Each line: PROGRAM<TAB>WHAT<TAB>WHY,
PROGRAM a glob like js/err_*.js, WHAT a comma list of stdout, stderr, exit,
merged (or reference: the TypeScript reference did not transpile): only those comparisons are waived, the others still count. WHAT
"trace" waives less: stderr (and the merged file) are still compared, with
JavaScript stack traces taken out of both sides (node's source excerpt above
the error, the "    at ..." frames, its hint and "Node.js vN" trailer):
the error's own lines must still agree. Anything else that differs is a
mismatch and fails.
"""
import argparse
import concurrent.futures
import difflib
import fnmatch
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIFF = os.path.join(ROOT, "tests", "diff")
LANGS = [("js", (".js", ".mjs", ".cjs")), ("ts", ".ts"), ("py", ".py"), ("r", ".R"), ("java", ".java"),
         ("sh", ".sh"), ("c", ".c"), ("cpp", ".cpp"), ("go", ".go")]
ASPECTS = ("stdout", "stderr", "exit", "merged", "trace", "reference")
NATIVE_TIMEOUT = 60
SBX_WORKDIR = re.compile(r"(?:/[^/\s'\"]+)*/sbx-[^/\s'\"]+-work/run-[0-9A-Za-z]+-[0-9A-Za-z]+(?:/work)?")
SBX_SESSIONDIR = re.compile(r"(?:/[^/\s'\"]+)*/sbx-[^/\s'\"]+-sessions/s[0-9a-f]+(?:/work)?")
SESSION_LANG = {"js": "javascript", "ts": "typescript", "py": "python", "r": "r", "java": "java",
                "sh": "bash"}
JAVA_MAIN = re.compile(r"\bstatic\s+(?:public\s+)?void\s+main\s*\(")


NODE_HEADER = re.compile(r"\A\n?(?:(?:\$DIR/)?[^\n]*\.[jt]s|node:[\w/]+):\d+\n[^\n]*\n *\^+\n\n?")


def strip_trace(data):
    """stderr without JavaScript stack traces (see the "trace" waiver)."""
    s = data.decode("utf-8", "surrogateescape")
    out = []
    rest = s
    while rest:
        m = NODE_HEADER.match(rest)
        if m:
            rest = rest[m.end():]
            continue
        line, nl, rest = rest.partition("\n")
        if re.match(r"^\s+at .*", line) or re.match(r"^\s+\.\.\. \d+ lines matching cause stack trace \.\.\.$", line):
            if line.endswith(" {") and out:
                out[-1] += " {"  # node prints an error's own properties after its frames
            continue
        if line.startswith("(Use `node --trace-uncaught") or re.match(r"^Node\.js v\d", line):
            if out and out[-1] == "":
                out.pop()
            continue
        out.append(line)
    return "\n".join(out).encode("utf-8", "surrogateescape")


def clean_env(d):
    """The environment sbx gives its interpreters, rooted in directory d."""
    os.makedirs(os.path.join(d, ".tmp"), exist_ok=True)
    return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": d, "TMPDIR": os.path.join(d, ".tmp")}


def wrap_java(src):
    """A bare Java snippet as the class a person would write around it:
    leading imports stay, the wrapper opens on the first statement's line."""
    lines = src.split("\n")
    i = 0
    while i < len(lines) and (lines[i].strip() == "" or lines[i].lstrip().startswith(("import ", "//"))):
        i += 1
    head = "public class Main { public static void main(String[] args) throws Exception { "
    if i < len(lines):
        lines[i] = head + lines[i]
    else:
        lines.append(head)
    body = "\n".join(lines).rstrip("\n")
    return body + "\n}}\n"


def load_list(name):
    """KNOWN.tsv / PENDING.tsv: [(glob, {aspects}, why)]."""
    entries = []
    path = os.path.join(DIFF, name)
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            what = set(p.strip() for p in parts[1].split(",")) if len(parts) > 1 else set()
            if len(parts) < 3 or not parts[2].strip() or not what or not what <= set(ASPECTS):
                sys.exit(f"{name}:{n}: want PROGRAM<TAB>{'|'.join(ASPECTS)}[,...]<TAB>WHY, got: {line!r}")
            entries.append((parts[0].strip(), what, parts[2].strip()))
    return entries


def waived(entries, prog):
    what = set()
    for glob, w, _ in entries:
        if fnmatch.fnmatchcase(prog, glob):
            what |= w
    return what


def transpile_ts(programs, outdir, build):
    """All TypeScript programs through transpileModule in one node process."""
    # build/npm is where `make` installs the pinned TypeScript 5 (shared by
    # build/ and build-san/); $DIFFTEST_TYPESCRIPT overrides.
    cands = [os.environ.get("DIFFTEST_TYPESCRIPT", ""), os.path.join(ROOT, "build", "npm", "node_modules", "typescript"),
             "/usr/share/nodejs/typescript"]
    ts = next((c for c in cands if os.path.exists(os.path.join(c, "package.json"))), None)
    if ts is None:
        sys.exit("difftest: no TypeScript compiler: run `make` (it installs build/npm) or apt-get install node-typescript")
    script = r"""
const ts = require(process.argv[1]); const fs = require('fs'); const path = require('path');
const out = process.argv[2];
for (const f of process.argv.slice(3)) {
  const r = ts.transpileModule(fs.readFileSync(f, 'utf8'), { fileName: path.basename(f), reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS } });
  const errs = (r.diagnostics || []).map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  fs.writeFileSync(path.join(out, path.basename(f).replace(/\.ts$/, '.js')), r.outputText);
  if (errs.length) fs.writeFileSync(path.join(out, path.basename(f) + '.err'), errs.join('\n') + '\n');
}
console.log(ts.version);
"""
    r = subprocess.run(["node", "-e", script, ts, outdir] + programs, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("difftest: transpiling the TypeScript references failed:\n" + r.stderr)
    return ts, r.stdout.strip()


def run(cmd, cwd, env, merged, stdin=None):
    out = os.path.join(cwd, ".out")
    err = os.path.join(cwd, ".err")
    with open(out, "wb") as o, open(err if not merged else out, "ab" if merged else "wb") as e, \
            open(stdin or os.devnull, "rb") as i:
        try:
            p = subprocess.run(cmd, cwd=cwd, env=env, stdin=i, stdout=o,
                               stderr=e if not merged else subprocess.STDOUT, timeout=NATIVE_TIMEOUT * 2)
            rc = p.returncode if p.returncode >= 0 else 128 - p.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    with open(out, "rb") as f:
        so = f.read()
    se = b""
    if not merged:
        with open(err, "rb") as f:
            se = f.read()
    os.unlink(out)
    if os.path.exists(err):
        os.unlink(err)
    return so, se, rc


def normalise(data, d):
    s = data.decode("utf-8", "surrogateescape")
    s = s.replace(d, "$DIR")
    s = SBX_WORKDIR.sub("$DIR", s)
    s = SBX_SESSIONDIR.sub("$DIR", s)
    return s.encode("utf-8", "surrogateescape")


class Job:
    def __init__(self, lang, path):
        self.lang = lang
        self.path = path
        self.name = f"{lang}/{os.path.basename(path)}"
        self.diffs = {}  # aspect -> (native, sbx)


def native_cmd(job, d, ctx):
    base = os.path.basename(job.path)
    if job.lang == "js":
        shutil.copy(job.path, os.path.join(d, base))
        copy_files(job, d)
        return ["node", base]
    if job.lang == "ts":
        js = base[:-3] + ".js"
        shutil.copy(os.path.join(ctx["tsout"], js), os.path.join(d, js))
        return ["node", js]
    if job.lang == "py":
        shutil.copy(job.path, os.path.join(d, base))
        return ["/usr/bin/python3", base]
    if job.lang == "r":
        shutil.copy(job.path, os.path.join(d, base))
        return ["Rscript", base]
    if job.lang == "sh":
        shutil.copy(job.path, os.path.join(d, base))
        return ["bash", base]
    if job.lang in ("c", "cpp", "go"):
        # The toolchain as sbx runs it (its flags), then ./PROG, in one
        # shell as a user would type it.
        shutil.copy(job.path, os.path.join(d, base))
        prog = base.rsplit(".", 1)[0]
        build = {"c": f"gcc -O2 -std=gnu17 -pipe -o {prog} {base} -lm",
                 "cpp": f"g++ -O2 -std=c++17 -pipe -o {prog} {base}",
                 "go": f"GO111MODULE=off CGO_ENABLED=0 GOCACHE=$PWD/.tmp/gocache GOPATH=$PWD/.tmp/gopath "
                       f"go build -o {prog} {base}"}[job.lang]
        return ["sh", "-c", f"{build} && rm -rf .tmp/gocache .tmp/gopath && exec ./{prog}"]
    with open(job.path, encoding="utf-8") as f:
        src = f.read()
    if not JAVA_MAIN.search(src):
        src = wrap_java(src)
    with open(os.path.join(d, "Main.java"), "w", encoding="utf-8") as f:
        f.write(src)
    # javac then java, as sbx does (the single-file launcher would take the
    # file's first class as the main class). javac costs a JVM start and
    # more, so its classes (and whatever it printed) are kept by the hash of
    # source and javac version, as sbx keeps its own.
    key = hashlib.sha256((ctx["javac"] + "\0" + src).encode()).hexdigest()
    cache = os.path.join(ctx["native_cache"], key)
    if not os.path.exists(os.path.join(cache, "rc")):
        tmp = cache + f".tmp{os.getpid()}.{threading.get_ident()}"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        with open(os.path.join(tmp, "javac.err"), "wb") as e:
            rc = subprocess.run(["javac", "-d", tmp, "Main.java"], cwd=d, env=clean_env(d),
                                stdout=e, stderr=subprocess.STDOUT).returncode
        with open(os.path.join(tmp, "rc"), "w") as f:
            f.write(str(rc))
        shutil.rmtree(cache, ignore_errors=True)
        os.rename(tmp, cache)
    with open(os.path.join(cache, "rc")) as f:
        rc = int(f.read())
    tail = f"exit {rc}" if rc else f"exec java -cp '{cache}' Main"
    return ["sh", "-c", f"cat '{cache}/javac.err' >&2; {tail}"]


def files_of(job):
    """A multi-file program's other files: PROG.files/ beside it, as
    (path, name) with name relative to that directory."""
    top = job.path + ".files"
    out = []
    for root, dirs, names in os.walk(top):
        dirs.sort()
        for n in sorted(names):
            p = os.path.join(root, n)
            out.append((p, os.path.relpath(p, top)))
    return out


def copy_files(job, d):
    for p, n in files_of(job):
        os.makedirs(os.path.dirname(os.path.join(d, n)), exist_ok=True)
        shutil.copy(p, os.path.join(d, n))


def stdin_of(job):
    """The program's stdin: PROG.stdin beside it, else None (/dev/null)."""
    f = job.path + ".stdin"
    return f if os.path.exists(f) else None


def sbx_cmd(job, d, ctx):
    # Java: the file is Main.java, as for javac; everything else keeps its name.
    base = "Main.java" if job.lang == "java" else os.path.basename(job.path)
    shutil.copy(job.path, os.path.join(d, base))
    engine = ["--engine", ctx["engine"]] if ctx["engine"] and job.lang in ("js", "ts") else []
    stdin = ["--stdin", stdin_of(job)] if stdin_of(job) else []
    copy_files(job, d)
    stdin += [a for _, n in files_of(job) for a in ("-f", f"{n}:{n}")]
    if ctx.get("sessions"):
        return [ctx["sbx"], "session", "exec", ctx["sessions"][job.lang], "-t", "60", "--no-history",
                "--state-dir", ctx["state"]] + stdin + [base]
    return [ctx["sbx"], "run", "-t", "60", "--no-history", "--state-dir", ctx["state"]] + engine + stdin + [base]


def create_sessions(langs, ctx, env):
    """One session per language (-m 2G: it holds every program's imports)."""
    ids = {}
    for lang in langs:
        cmd = [ctx["sbx"], "session", "create", "-l", SESSION_LANG[lang], "-m", "2G", "--ttl", "2h",
               "--state-dir", ctx["state"]]
        if ctx["engine"] and lang in ("js", "ts"):
            cmd += ["--engine", ctx["engine"]]
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if r.returncode != 0:
            sys.exit(f"difftest: cannot create a {lang} session: {r.stderr.strip()}")
        ids[lang] = r.stdout.strip()
    return ids


def delete_sessions(ids, ctx, env):
    for sid in ids.values():
        subprocess.run([ctx["sbx"], "session", "delete", sid, "--state-dir", ctx["state"]],
                       capture_output=True, env=env)


def fresh(tmp, job, side):
    d = os.path.join(tmp, job.lang, os.path.basename(job.path), side)
    os.makedirs(d)
    return d


def do_job(job, ctx):
    tmp = ctx["tmp"]
    nd, sd = fresh(tmp, job, "native"), fresh(tmp, job, "sbx")
    ncmd, scmd = native_cmd(job, nd, ctx), sbx_cmd(job, sd, ctx)
    nenv = clean_env(nd)
    senv = dict(os.environ)
    senv.pop("SBX_CONFIG", None)
    senv["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
    t0 = time.monotonic()
    stdin = stdin_of(job)
    n = run(ncmd, nd, nenv, False, stdin)
    t1 = time.monotonic()
    s = run(scmd, sd, senv, False)
    job.secs = [t1 - t0, time.monotonic() - t1, 0.0]
    n = (normalise(n[0], nd), normalise(n[1], nd), n[2])
    s = (normalise(s[0], sd), normalise(s[1], sd), s[2])
    for i, a in enumerate(("stdout", "stderr", "exit")):
        if n[i] != s[i]:
            job.diffs[a] = (n[i], s[i])
    if n[0] and n[1]:
        job.merged = True
        t2 = time.monotonic()
        nm = run(ncmd, nd, nenv, True, stdin)[0]
        sm = run(scmd, sd, senv, True)[0]
        job.secs[2] = time.monotonic() - t2
        nm, sm = normalise(nm, nd), normalise(sm, sd)
        if nm != sm:
            job.diffs["merged"] = (nm, sm)
    shutil.rmtree(os.path.dirname(nd), ignore_errors=True)
    return job


def show(a, n, s):
    if a == "exit":
        return f"    exit: native {n}, sbx {s}\n"
    nl = n.decode("utf-8", "replace").splitlines(True)
    sl = s.decode("utf-8", "replace").splitlines(True)
    d = list(difflib.unified_diff(nl, sl, "native", "sbx", n=1))
    txt = "".join(l if l.endswith("\n") else l + "\\ no newline\n" for l in d[:40])
    more = f"    ... {len(d) - 40} more diff lines\n" if len(d) > 40 else ""
    return f"    {a}:\n" + "".join("      " + l + "\n" for l in txt.splitlines()) + more


def main():
    ap = argparse.ArgumentParser(description="sbx differential test")
    ap.add_argument("--sbx", default=os.path.join(ROOT, "bin", "sbx"))
    ap.add_argument("--build", default="build")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 2))
    ap.add_argument("--lang", default="")
    ap.add_argument("--engine", default="", choices=["", "duktape", "node"],
                    help="JavaScript's and TypeScript's engine in sbx (node: KNOWN-node.tsv waives)")
    ap.add_argument("--session", action="store_true",
                    help="through one session per language (sbx session exec) instead of sbx run")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the diff of waived differences too")
    ap.add_argument("patterns", nargs="*", help="globs on lang/file, e.g. 'py/pandas_*'")
    args = ap.parse_args()
    t0 = time.monotonic()
    langs = [l for l in LANGS if not args.lang or l[0] in args.lang.split(",")]
    if args.session:  # a language without a session kernel has no session share
        langs = [l for l in langs if l[0] in SESSION_LANG]
    jobs = []
    for lang, ext in langs:
        d = os.path.join(DIFF, lang)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if f.endswith(ext) and (not args.patterns or any(fnmatch.fnmatchcase(f"{lang}/{f}", p) for p in args.patterns)):
                jobs.append(Job(lang, os.path.join(d, f)))
    sfx = "-node" if args.engine == "node" else ""
    known, pending = load_list(f"KNOWN{sfx}.tsv"), load_list(f"PENDING{sfx}.tsv")
    # Which lists a stale entry is looked for in: a session's own, in --session.
    checked = [(f"KNOWN{sfx}.tsv", known), (f"PENDING{sfx}.tsv", pending)]
    if args.session:
        ks, ps = load_list("KNOWN-session.tsv"), load_list("PENDING-session.tsv")
        checked = [("KNOWN-session.tsv", ks), ("PENDING-session.tsv", ps)]
        known, pending = known + ks, pending + ps
    state = os.path.join(ROOT, args.build, "difftest-state")
    os.makedirs(state, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="sbx-difftest.")
    ctx = {"sbx": os.path.abspath(args.sbx), "state": state, "tmp": tmp, "engine": args.engine,
           "native_cache": os.path.join(ROOT, "build", "difftest-native-java")}
    os.makedirs(ctx["native_cache"], exist_ok=True)
    if any(j.lang == "java" for j in jobs):
        ctx["javac"] = subprocess.run(["javac", "-version"], capture_output=True, text=True).stdout.strip()
    senv = dict(os.environ)
    senv.pop("SBX_CONFIG", None)
    senv["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
    try:
        if args.session:
            ctx["sessions"] = {}
            ctx["sessions"] = create_sessions(sorted({j.lang for j in jobs}), ctx, senv)
        ts_progs = [j.path for j in jobs if j.lang == "ts"]
        if ts_progs:
            ctx["tsout"] = os.path.join(tmp, "ts-out")
            os.makedirs(ctx["tsout"])
            where, ver = transpile_ts(ts_progs, ctx["tsout"], args.build)
            print(f"difftest: TypeScript {ver} from {where} for the native references")
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            if args.session:
                # A language's programs one after the other, in file order,
                # in its session (as a user's executions); languages at once.
                by_lang = [[j for j in jobs if j.lang == l] for l, _ in langs]
                ran = ex.map(lambda js: [do_job(j, ctx) for j in js], [b for b in by_lang if b])
                done = sorted((j for js in ran for j in js), key=jobs.index)
            else:
                done = list(ex.map(lambda j: do_job(j, ctx), jobs))
        ts_bad = {os.path.basename(f)[:-4] for f in os.listdir(ctx["tsout"]) if f.endswith(".err")} if ts_progs else set()
    finally:
        if ctx.get("sessions"):
            delete_sessions(ctx["sessions"], ctx, senv)
        shutil.rmtree(tmp, ignore_errors=True)

    table = {l: {"programs": 0, "identical": 0, "known": 0, "pending": 0, "mismatch": 0, "merged": 0,
                 "secs": [0.0, 0.0, 0.0]} for l, _ in langs}
    passed = failed = 0
    report = []
    for j in done:
        row = table[j.lang]
        row["programs"] += 1
        row["secs"] = [a + b for a, b in zip(row["secs"], j.secs)]
        row["merged"] += 1 if getattr(j, "merged", False) else 0
        k, p = waived(known, j.name), waived(pending, j.name)
        unexplained, kn, pe = set(), set(), set()
        for a, (nv, sv) in j.diffs.items():
            traced = a in ("stderr", "merged") and strip_trace(nv) == strip_trace(sv)
            if a in k or (traced and "trace" in k):
                kn.add(a if a in k else "trace")
            elif a in p or (traced and "trace" in p):
                pe.add(a if a in p else "trace")
            else:
                unexplained.add(a)
        if j.lang == "ts" and os.path.basename(j.path) in ts_bad:
            # The native reference did not even transpile (an old TypeScript).
            j.diffs["reference"] = (b"", b"")
            if "reference" in k:
                kn.add("reference")
            elif "reference" in p:
                pe.add("reference")
            else:
                unexplained.add("reference")
        j.waived = kn | pe
        if unexplained:
            row["mismatch"] += 1
            failed += 1
            txt = f"MISMATCH {j.name}: {', '.join(sorted(unexplained))}\n"
            txt += "".join(show(a, *j.diffs[a]) for a in ("stdout", "stderr", "exit", "merged") if a in unexplained)
            report.append(txt)
        elif pe:
            row["pending"] += 1
            passed += 1
            if args.verbose:
                report.append(f"pending {j.name}: {', '.join(sorted(j.diffs))}\n" +
                              "".join(show(a, *j.diffs[a]) for a in ASPECTS if a in j.diffs))
        elif kn:
            row["known"] += 1
            passed += 1
        else:
            row["identical"] += 1
            passed += 1
    # An inherent difference that no longer shows is a stale claim: fail.
    # A pending entry that now matches only needs removing: say so.
    names = [j.name for j in done]
    # "trace" covers a stderr difference, whatever else explains it.
    diffs = {j.name: set(j.diffs) | ({"trace"} if {"stderr", "merged"} & set(j.diffs) else set()) for j in done}
    for label, entries in checked:
        for glob, what, _ in entries:
            hit = [n for n in names if fnmatch.fnmatchcase(n, glob)]
            if not hit:
                continue
            if not any(diffs[n] & what for n in hit):
                # In a session, a program that shares state with the ones
                # before it differs only when they ran: a subset may not.
                if label.startswith("KNOWN") and not args.session:
                    failed += 1
                    report.append(f"STALE {label}: {glob} ({','.join(sorted(what))}) no longer differs: remove the entry\n")
                else:
                    report.append(f"note: {label}: {glob} now matches: remove the entry\n")
    sys.stdout.write("".join(report))
    print()
    print(f"{'language':<10}{'programs':>9}{'identical':>10}{'known':>7}{'pending':>9}{'mismatch':>10}{'2>&1 runs':>11}"
          f"{'native s':>10}{'sbx s':>8}{'2>&1 s':>8}")
    tot = {k: 0 for k in ("programs", "identical", "known", "pending", "mismatch", "merged")}
    for l, _ in langs:
        r = table[l]
        if not r["programs"]:
            continue
        for k in tot:
            tot[k] += r[k]
        print(f"{l:<10}{r['programs']:>9}{r['identical']:>10}{r['known']:>7}{r['pending']:>9}{r['mismatch']:>10}{r['merged']:>11}"
              + "".join(f"{x:>{w}.0f}" for x, w in zip(r["secs"], (10, 8, 8))))
    print(f"{'total':<10}{tot['programs']:>9}{tot['identical']:>10}{tot['known']:>7}{tot['pending']:>9}{tot['mismatch']:>10}{tot['merged']:>11}")
    slow = sorted(done, key=lambda j: -sum(j.secs[1:]))[:5]
    print("difftest: slowest under sbx: " + ", ".join(f"{j.name} {sum(j.secs[1:]):.1f} s" for j in slow))
    print(f"difftest: time {time.monotonic() - t0:.0f} s with {args.jobs} jobs"
          + (" (through sessions)" if args.session else ""))
    print(f"difftest: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
