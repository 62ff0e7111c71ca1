// tests/compat/e2b/client.mjs — drives sbx serve --compat e2b with E2B's
// unmodified SDK (@e2b/code-interpreter, pinned by package-lock.json).
// Configured by the environment only, as a user would:
//
//   E2B_API_URL=http://HOST:PORT/e2b E2B_API_KEY=TOKEN \
//   E2B_SANDBOX_URL=http://HOST:PORT/t/TOKEN/e2b node client.mjs [--pandas] [--bash]
//
// --pandas: python3 has pandas (the script as written); without
// it the same data is summed with the csv module. --bash: sessions run
// other languages and bash (the workspace): commands.run and runCode in
// R, JavaScript, TypeScript and Java are checked; without it, that commands.run
// is refused with sbx's message.
//
// Prints "PASS what" or "FAIL what: detail" per check and exits 1 when any
// failed (tests/cli/test_compat_e2b.sh counts them).
import { NotFoundError, Sandbox, SandboxError } from "@e2b/code-interpreter";

const pandas = process.argv.includes("--pandas");
const bash = process.argv.includes("--bash");
let failed = 0;
function check(what, ok, detail) {
  if (ok) console.log(`PASS ${what}`);
  else {
    failed++;
    console.log(`FAIL ${what}: ${String(JSON.stringify(detail, Object.getOwnPropertyNames(detail ?? {}))).slice(0, 800)}`);
  }
}
async function attempt(fn) {
  try {
    return { value: await fn() };
  } catch (err) {
    return { err };
  }
}

// The script.
const sbx = await Sandbox.create();
check("Sandbox.create gives a session's id", /^s[0-9a-f]{23}$/.test(sbx.sandboxId), sbx.sandboxId);

const info = await sbx.files.write("/home/user/data.csv", "a,b\n1,2\n");
check("files.write answers the written file", info?.path === "/home/user/data.csv" && info?.name === "data.csv", info);

const sum = pandas
  ? 'import pandas as pd; pd.read_csv("data.csv").a.sum()'
  : 'import csv\nsum(int(r["a"]) for r in csv.DictReader(open("data.csv")))';
let ex = await sbx.runCode(sum);
check("runCode reads the written file: ex.text === '1'", ex.text === "1" && !ex.error, ex);
check("runCode counts the session's executions", ex.executionCount === 1, ex.executionCount);

// stdout and stderr stream to the callbacks, in order.
const out = [], err = [];
ex = await sbx.runCode('import sys\nprint("one")\nprint("two", file=sys.stderr)\nprint("three")\n"done"', {
  onStdout: (m) => out.push(m.line),
  onStderr: (m) => err.push(m.line),
});
check("onStdout gets the lines printed", out.join("") === "one\nthree\n", out);
check("onStderr gets stderr", err.join("") === "two\n", err);
check("logs keep both", ex.logs.stdout.join("") === "one\nthree\n" && ex.logs.stderr.join("") === "two\n", ex.logs);
check("a string result is Python's repr", ex.text === "'done'", ex.text);

// Rich results: an object's notebook forms are one Result (html, png,
// text); the last expression's is the main one, as in Jupyter.
const shown = [];
ex = await sbx.runCode(
  'class T:\n    def _repr_html_(self): return "<b>hi</b>"\n' +
  '    def _repr_png_(self): return b"\\x89PNG\\r\\n\\x1a\\n"\n' +
  '    def __repr__(self): return "T()"\ndisplay(T())\nT()',
  { onResult: (r) => shown.push(r) });
check("display() and the last value are two Results", ex.results.length === 2 && shown.length === 2, ex.results);
check("a Result carries every form: html, png (base64), text",
  ex.results[0]?.html === "<b>hi</b>" && ex.results[0]?.png === "iVBORw0KGgo=" && ex.results[0]?.text === "T()" &&
  !ex.results[0]?.isMainResult, ex.results[0]);
check("the last value's Result is the main one: ex.text", ex.results[1]?.isMainResult && ex.text === "T()" &&
  ex.results[1]?.formats().includes("html"), ex.results[1]);

// The session keeps its state between executions.
await sbx.runCode("x = 20");
ex = await sbx.runCode("x * 2 + 2");
check("state persists between runCode calls", ex.text === "42", ex);

// An error is an ExecutionError with name, value and traceback.
ex = await sbx.runCode('def f():\n    raise ValueError("bad input")\nf()');
check("an exception is ex.error (name, value)", ex.error?.name === "ValueError" && ex.error?.value === "bad input", ex.error);
check("the traceback names the failing function", /in f/.test(ex.error?.traceback ?? ""), ex.error?.traceback);
let onError = null;
await sbx.runCode("1/0", { onError: (e) => (onError = e) });
check("onError gets it too", onError?.name === "ZeroDivisionError", onError);

// sbx's limits apply (5 s of wall time by default): a TimeoutError, and
// the session keeps its state.
ex = await sbx.runCode("while True: pass");
check("an endless loop ends as TimeoutError at sbx's limit", ex.error?.name === "TimeoutError" &&
  /limit/.test(ex.error?.value ?? ""), ex.error);
ex = await sbx.runCode("x");
check("the session keeps its state after a timeout", ex.text === "20", ex);

// Contexts: a language in the session.
const ctx = await sbx.createCodeContext({ language: "python" });
check("createCodeContext answers a context", ctx?.id === "python" && ctx?.language === "python", ctx);
ex = await sbx.runCode("x", { context: ctx });
check("runCode in the python context shares the session", ex.text === "20", ex);
const contexts = await sbx.listCodeContexts();
check("listCodeContexts", Array.isArray(contexts) && contexts.some((c) => c.id === "python"), contexts);
let r = await attempt(() => sbx.createCodeContext({ language: "cobol" }));
// (the SDK shows a 400's body only in CI diagnostics: its status then)
check("a language sbx does not run is the SDK's error", r.err instanceof SandboxError && /400/.test(r.err.message), r.err ?? r.value);

// Files: list, read, remove.
await sbx.files.write("/home/user/sub/notes.txt", "hello\n");
const list = await sbx.files.list("/home/user");
const names = list.map((e) => `${e.name}:${e.type}`).sort();
check("files.list shows files and directories", names.includes("data.csv:file") && names.includes("sub:dir"), list);
check("files.list gives sizes and paths", list.find((e) => e.name === "data.csv")?.size === 8 &&
  list.find((e) => e.name === "data.csv")?.path === "/home/user/data.csv", list);
check("files.read", (await sbx.files.read("/home/user/sub/notes.txt")) === "hello\n", null);
check("files.exists", (await sbx.files.exists("/home/user/data.csv")) === true, null);
await sbx.files.remove("/home/user/data.csv");
check("files.remove, then exists is false", (await sbx.files.exists("/home/user/data.csv")) === false, null);
r = await attempt(() => sbx.files.read("/home/user/data.csv"));
check("reading a removed file is NotFoundError", r.err instanceof NotFoundError && /no file/.test(r.err.message), r.err ?? r.value);
r = await attempt(() => sbx.files.read("/etc/passwd"));
check("a path outside /home/user is refused", r.err && /outside the sandbox's files/.test(r.err.message), r.err ?? r.value);
ex = await sbx.runCode('open("made.txt", "w").write("by code"); 0');
check("a file the code made is readable with files.read", (await sbx.files.read("made.txt")) === "by code", null);

// The code runs in sbx's sandbox, and the files routes stay in the
// workspace: no way out through the E2B routes.
ex = await sbx.runCode('open("/etc/shadow").read()');
check("the code cannot read /etc/shadow", ["PermissionError", "FileNotFoundError"].includes(ex.error?.name), ex.error ?? ex.text);
ex = await sbx.runCode('import socket\nsocket.create_connection(("1.1.1.1", 53), timeout=2)');
check("the code has no network", ex.error && /OSError|PermissionError|ConnectionError|timeout|gaierror/.test(ex.error.name), ex.error ?? ex.text);
r = await attempt(() => sbx.files.read("/home/user/../../etc/passwd"));
check("files.read with .. is refused", r.err && !/root:/.test(String(r.value)), r.err ?? r.value);
await sbx.runCode('import os\nos.symlink("/etc/passwd", "link")');
r = await attempt(() => sbx.files.read("/home/user/link"));
check("files.read of a link the code made is refused", r.err && !/root:/.test(String(r.value)), r.err ?? r.value);
r = await attempt(() => sbx.files.write("/home/user/link", "x"));
check("files.write through that link is refused", !!r.err, r.err ?? r.value);

// Commands: a bash execution in the session's work dir.
r = await attempt(() => sbx.commands.run("ls -la"));
if (bash) {
  check("commands.run('ls -la') lists the workspace", r.value?.exitCode === 0 && /made\.txt/.test(r.value?.stdout ?? ""), r.err ?? r.value);
  r = await attempt(() => sbx.commands.run("echo out; echo err >&2; exit 3"));
  check("a failing command is CommandExitError with its exit code and streams",
    r.err?.exitCode === 3 && r.err?.stdout === "out\n" && r.err?.stderr === "err\n", r.err ?? r.value);
  r = await attempt(() => sbx.commands.run("pwd; ls", { cwd: "/home/user/sub" }));
  check("commands.run in a cwd under /home/user", /notes\.txt/.test(r.value?.stdout ?? ""), r.err ?? r.value);
  // E2B's commands keep nothing of each other (sbx's own shell sessions
  // keep their cd and exports): the next one starts in the work dir.
  await attempt(() => sbx.commands.run("export E2B_KEPT=1; cd sub"));
  r = await attempt(() => sbx.commands.run('pwd; echo "[${E2B_KEPT-}]"'));
  check("commands.run keeps no cwd or export of the one before",
        !/\/sub\n/.test(r.value?.stdout ?? "") && /\[\]\n$/.test(r.value?.stdout ?? ""), r.err ?? r.value);
  const lines = [];
  await sbx.commands.run("echo one; echo two", { onStdout: (l) => lines.push(l) });
  check("commands.run streams stdout to onStdout", lines.join("") === "one\ntwo\n", lines);
  // The other languages of a session (the workspace): a context each,
  // sharing the session's files.
  ex = await sbx.runCode("x <- 2; x * 21", { language: "r" });
  check("runCode in R", /42/.test(ex.text ?? ""), ex);
  ex = await sbx.runCode("[1, 2, 3].map((v) => v * 2)", { language: "js" });
  check("runCode in JavaScript", ex.text === "[2,4,6]", ex);
  const rctx = await sbx.createCodeContext({ language: "r" });
  ex = await sbx.runCode('readLines("made.txt")', { context: rctx });
  check("an R context reads the file Python made", /by code/.test(ex.text ?? ""), ex);
  ex = await sbx.runCode("const n: number = 6; n * 7", { language: "ts" });
  check("runCode in TypeScript", ex.text === "42", ex);
  ex = await sbx.runCode('int y = 6; System.out.println("java"); y * 7', { language: "java" });
  check("runCode in Java (its kernel keeps y)", ex.text === "42" && ex.logs.stdout.join("") === "java\n" &&
    (await sbx.runCode("y + 1", { language: "java" })).text === "7", ex);
} else {
  check("commands.run without the bash language is refused with sbx's message", r.err && r.err.message.length > 0, r.err ?? r.value);
  console.error(`commands.run: ${r.err?.name}: ${r.err?.message}`);
}

// What is not mapped answers with the SDK's own error and says so.
// setTimeout is the session's TTL from now on (sbx session ttl).
const before = Date.now();
r = await attempt(() => sbx.setTimeout(7_200_000));
const timed = await sbx.getInfo();
check("setTimeout: the sandbox ends 2 h from now (its endAt)", !r.err &&
  timed.endAt.getTime() >= before + 7_200_000 - 2_000 && timed.endAt.getTime() < before + 7_200_000 + 600_000,
  r.err ?? timed);
r = await attempt(() => sbx.setTimeout(30 * 86_400_000));
check("setTimeout past the server's sessions.max_ttl is refused and says so", r.err && /max_ttl/.test(r.err.message), r.err ?? r.value);
r = await attempt(() => Sandbox.create("my-custom-template"));
check("a custom template is refused", r.err && /no custom templates/.test(r.err.message), r.err ?? r.value);
r = await attempt(() => Sandbox.create({ allowInternetAccess: true }));
check("internet access is refused", r.err && /no network/.test(r.err.message), r.err ?? r.value);

// The control plane: list, getInfo, isRunning, kill.
const other = await Sandbox.create();
const paginator = Sandbox.list();
const listed = await paginator.nextItems();
const ids = listed.map((s) => s.sandboxId);
check("Sandbox.list shows both sandboxes", ids.includes(sbx.sandboxId) && ids.includes(other.sandboxId), listed);
const again = await Sandbox.connect(sbx.sandboxId);
check("Sandbox.connect reaches the same session", (await again.runCode("x")).text === "20", null);
const got = await sbx.getInfo();
check("getInfo", got.sandboxId === sbx.sandboxId && got.state === "running", got);
check("isRunning", (await sbx.isRunning()) === true, null);
await other.kill();
await sbx.kill();
const after = (await Sandbox.list().nextItems()).map((s) => s.sandboxId);
check("kill removes them from the list", !after.includes(sbx.sandboxId) && !after.includes(other.sandboxId), after);
r = await attempt(() => sbx.runCode("1"));
check("runCode on a killed sandbox is NotFoundError", r.err instanceof NotFoundError, r.err ?? r.value);

process.exit(failed ? 1 : 0);
