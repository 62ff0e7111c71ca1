// tests/mcp/client.mjs — drives `sbx mcp` with the official MCP TypeScript
// SDK client (tests/mcp/package-lock.json pins it) over the stdio transport.
//
//   node client.mjs SBX STATE_DIR HAVE_SESSIONS(0|1)
//
// Prints "PASS what" or "FAIL what: detail" per check (tests/cli/test_mcp.sh
// counts them) and exits 1 when any failed. No sleeps: waits are on events
// (a progress notification, a response).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";

const [sbx, stateDir, haveSessions] = process.argv.slice(2);
let failed = 0;

function check(what, ok, detail) {
  if (ok) console.log(`PASS ${what}`);
  else {
    failed++;
    console.log(`FAIL ${what}: ${detail === undefined ? "" : JSON.stringify(detail).slice(0, 800)}`);
  }
}

async function connect(extra = []) {
  const transport = new StdioClientTransport({
    command: sbx,
    args: ["mcp", "--state-dir", stateDir, ...extra],
    stderr: "inherit",
  });
  const client = new Client({ name: "sbx-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

// The SDK's default per-request timeout is 60 s; a loaded machine gets more.
const slow = { timeout: 600000 };

async function call(client, name, args, opts = {}) {
  return client.callTool({ name, arguments: args }, undefined, { ...slow, ...opts });
}

const text = (r) => (r.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

async function main() {
  const client = await connect();
  check("server identifies as sbx", client.getServerVersion()?.name === "sbx", client.getServerVersion());
  check("tools capability declared", !!client.getServerCapabilities()?.tools, client.getServerCapabilities());
  await client.ping();
  check("ping answered", true);

  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  const want = ["code_execute", "create_session", "delete_session", "deploy_code", "exec_deployment",
    "exec_in_session", "get_session", "list_deployments", "list_sessions", "prepare_code", "run_code",
    "session_files_list", "session_files_read", "session_files_write", "stop_session"];
  check("tools/list names every tool", JSON.stringify(names) === JSON.stringify(want), names);
  check("every tool has input and output schemas",
    tools.every((t) => t.inputSchema?.type === "object" && t.outputSchema?.type === "object"), tools);
  const run = tools.find((t) => t.name === "run_code");
  check("run_code takes the keys of a batch line",
    ["language", "code", "inputs", "timeout", "memory", "files", "stdin", "args", "env", "labels"]
      .every((k) => k in run.inputSchema.properties) && run.inputSchema.required.includes("code"),
    run.inputSchema);

  // A run that works: the record is the structured result.
  let dep = await call(client, "deploy_code", { name: "mcp-deployed", language: "python",
    code: "print(inputs.get('n', 1) * 3)" });
  check("deploy_code stores a deployment", !dep.isError && dep.structuredContent?.name === "mcp-deployed" &&
    dep.structuredContent?.version === 1, dep.structuredContent);
  dep = await call(client, "exec_deployment", { deployment: "mcp-deployed", inputs: { n: 14 } });
  check("exec_deployment runs what deploy_code stored", dep.structuredContent?.stdout === "42\n", dep.structuredContent);
  dep = await call(client, "deploy_code", { name: "bad-one", language: "python", code: "def (" });
  check("deploy_code refuses code that does not parse", dep.isError, dep);
  // Seed 004's code_execute: its arguments and its result shape, validated
  // by the SDK against the tool's outputSchema.
  let ce = await call(client, "code_execute", {
    code: 'console.log("step", context.n); const t: number = context.n * 2; return { doubled: t };',
    language: "typescript", context: { n: 21 }, timeout: 5000 });
  check("code_execute: output, logs and resource usage in seed 004's shape",
    !ce.isError && ce.structuredContent?.success === true && ce.structuredContent?.output?.doubled === 42 &&
    JSON.stringify(ce.structuredContent?.logs) === JSON.stringify(["step 21"]) &&
    typeof ce.structuredContent?.executionTime === "number" &&
    ce.structuredContent?.resourceUsage?.timeout === false, ce.structuredContent);
  ce = await call(client, "code_execute", {
    code: "const context = { mine: true }; return context.mine && inputs.n;", context: { n: 5 } });
  check("code_execute: code may declare its own `context`",
    !ce.isError && ce.structuredContent?.output === 5, ce.structuredContent);
  ce = await call(client, "code_execute", { code: "for (;;) {}", timeout: 200 });
  check("code_execute: a timeout is success false, resourceUsage.timeout true",
    ce.isError && ce.structuredContent?.success === false && ce.structuredContent?.resourceUsage?.timeout === true &&
    /limit/.test(ce.structuredContent?.error || ""), ce.structuredContent);
  ce = await call(client, "code_execute", { code: "1", timeout: 30001 });
  check("code_execute: a timeout over 30 s is refused with the range",
    ce.isError && /1 to 30000/.test(text(ce)), ce);
  let r = await call(client, "run_code", { language: "javascript", code: 'console.log("hi"); 1+1' });
  check("run_code ok: not an error", r.isError === false, r);
  check("run_code ok: structured record", r.structuredContent?.status === "ok" &&
    r.structuredContent.result === 2 && r.structuredContent.stdout === "hi\n", r.structuredContent);
  check("run_code ok: readable text", /status: ok/.test(text(r)) && /result: 2/.test(text(r)) &&
    /stdout:\nhi/.test(text(r)), text(r));

  r = await call(client, "run_code", { language: "python", code: 'print(inputs["n"] * 2)', inputs: { n: 21 },
    stdin: "", labels: { via: "mcp" } });
  check("run_code python with inputs", r.structuredContent?.stdout === "42\n" && !r.isError, r.structuredContent);

  // Rich results: an image the code returns comes to the client as image content.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  r = await call(client, "run_code", { language: "javascript",
    code: `({ [Symbol.for("sbx.mime")]: { "image/png": "${png}" } })` });
  const img = (r.content || []).find((c) => c.type === "image");
  check("run_code: an image result is image content",
    !r.isError && img?.mimeType === "image/png" && img?.data === png &&
    r.structuredContent?.results?.[0]?.mime === "image/png", r);

  r = await call(client, "run_code", { code: 'throw new Error("boom")' });
  check("failing run: isError", r.isError === true, r);
  check("failing run: status error, message in the text",
    r.structuredContent?.status === "error" && /boom/.test(text(r)), r);

  r = await call(client, "run_code", { code: "while (true) {}", timeout: 1 });
  check("timeout: status timeout and isError", r.structuredContent?.status === "timeout" && r.isError, r);

  // Bad arguments are tool errors the model can read and correct.
  r = await call(client, "run_code", { code: "1", bogus: 1 });
  check("unknown argument named", r.isError && /bogus/.test(text(r)), r);
  r = await call(client, "run_code", { code: 1 });
  check("wrong type named", r.isError && /'code'/.test(text(r)), r);
  r = await call(client, "run_code", { language: "javascript" });
  check("missing code named", r.isError && /missing argument 'code'/.test(text(r)), r);
  r = await call(client, "run_code", { code: "1", memory: "lots" });
  check("bad value refused by sbx, naming the key",
    r.isError && r.structuredContent?.status === "sbx_error" && /memory/.test(text(r)), r);
  try {
    await call(client, "no_such_tool", {});
    check("unknown tool is a protocol error", false, "no error");
  } catch (e) {
    check("unknown tool is a protocol error (-32602)", e instanceof McpError && e.code === -32602, String(e));
  }

  // prepare
  r = await call(client, "prepare_code", { language: "python", code: "x = 1 +" });
  check("prepare finds the syntax error",
    r.structuredContent?.runnable === false && r.structuredContent?.syntax?.ok === false && r.isError, r);
  r = await call(client, "prepare_code", { language: "js", code: "1+1" });
  check("prepare passes good code", r.structuredContent?.runnable === true && !r.isError, r);

  // deployments (test_mcp.sh deployed "double" with the CLI)
  r = await call(client, "list_deployments", {});
  check("list_deployments shows the CLI's deployment",
    r.structuredContent?.deployments?.some((d) => d.name === "double"), r.structuredContent);
  r = await call(client, "exec_deployment", { deployment: "double", inputs: { a: 21 } });
  check("exec_deployment runs it", r.structuredContent?.result === 42 &&
    r.structuredContent?.deployment?.name === "double" && !r.isError, r.structuredContent);
  r = await call(client, "exec_deployment", { deployment: "nope" });
  check("exec_deployment of an unknown name is a tool error",
    r.isError && /no deployment named 'nope'/.test(text(r)), r);

  // progress notifications from the run's events. The SDK client drops the
  // ones that reach it in the same read as the response (it runs its
  // notification handlers after the response has removed the progress
  // handler), so a run that ends may show none under load: what must come
  // is checked on the run below, which runs until it is cancelled.
  const inOrder = (ps) => ps.every((p, i) => i === 0 || p.progress > ps[i - 1].progress);
  const progress = [];
  r = await call(client, "run_code", { code: 'console.log("step"); 7' }, { onprogress: (p) => progress.push(p) });
  check("the run still answers with progress on (what came is in order)",
    r.structuredContent?.result === 7 && inOrder(progress), { r: r.structuredContent, progress });

  // concurrency: a fast call answers while a slow one is still running;
  // then cancelling the slow one rejects it on the client side
  const ac = new AbortController();
  let startedA;
  const started = new Promise((res) => (startedA = res));
  let aDone = false;
  const progressA = [];
  const a = call(client, "run_code", { code: "while (true) {}", timeout: 300 },
    { signal: ac.signal, onprogress: (p) => { progressA.push(p); if (/execution_started/.test(p.message)) startedA(); } })
    .then((v) => ({ v }), (e) => ({ e })).finally(() => (aDone = true));
  // A run that fails to start answers instead of reporting progress.
  await Promise.race([started, a]);
  check("progress notifications sent as the run's events happen",
    progressA.length >= 2 && /validation_started/.test(progressA[0].message) &&
    progressA.some((p) => /execution_started/.test(p.message)) && inOrder(progressA), progressA);
  r = await call(client, "run_code", { code: "6*7" });
  check("calls run concurrently: the fast one answered first", r.structuredContent?.result === 42 && !aDone, r);
  ac.abort("test cancels");
  const ar = await a;
  check("cancelled call rejected", !!ar.e, ar);
  await client.close();

  // cancellation kills the run: with one slot, the next call can only run
  // once the cancelled run's process is gone
  const one = await connect(["--max-concurrent", "1"]);
  const ac2 = new AbortController();
  let started2;
  const s2 = new Promise((res) => (started2 = res));
  const b = call(one, "run_code", { code: "while (true) {}", timeout: 300 },
    { signal: ac2.signal, onprogress: (p) => { if (/execution_started/.test(p.message)) started2(); } })
    .catch((e) => e);
  await Promise.race([s2, b]);
  ac2.abort("test cancels");
  await b;
  // Less than the cancelled run's 300 s limit: a run left alive would hold
  // the one slot past this call's deadline and fail it.
  r = await call(one, "run_code", { code: "'after cancel'" }, { timeout: 200000 });
  check("cancellation killed the run (its slot was freed)", r.structuredContent?.result === "after cancel", r);

  // sessions
  if (haveSessions === "1") {
    r = await call(one, "create_session", { language: "python" });
    const id = r.structuredContent?.id || r.structuredContent?.session?.id;
    check("create_session", !r.isError && !!id, r);
    r = await call(one, "exec_in_session", { session: id, code: "x = 40" });
    r = await call(one, "exec_in_session", { session: id, code: "x + 2" });
    check("exec_in_session keeps state", r.structuredContent?.result === 42, r);
    r = await call(one, "exec_in_session", {
      session: id, code: "import os, sys\nprint(sys.stdin.read(), sys.argv[1:], os.environ.get('GREETING'))\nx + 1",
      stdin: "from stdin", args: ["a1"], env: { GREETING: "hi" }, timeout: 300,
    });
    check("exec_in_session takes stdin, args and env",
      r.structuredContent?.result === 41 && r.structuredContent?.stdout === "from stdin ['a1'] hi\n", r);
    r = await call(one, "exec_in_session", { session: id, code: "import os\nos.environ.get('GREETING')" });
    check("an execution's env is gone in the next", r.structuredContent?.result === null, r);
    // the workspace's files: written as text and as base64, listed, read
    // back as text, as an image and as base64; a bad path is an error
    r = await call(one, "session_files_write", { session: id, path: "in/data.csv", text: "a,b\n1,2\n" });
    check("session_files_write text", !r.isError && r.structuredContent?.size === 8, r);
    const png1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    r = await call(one, "session_files_write", { session: id, path: "dot.png", base64: png1 });
    check("session_files_write base64", !r.isError && r.structuredContent?.size === 70, r);
    r = await call(one, "exec_in_session", { session: id,
      code: "open('out.bin', 'wb').write(bytes([0, 1, 2, 255]))\nopen('in/data.csv').read().count(',')" });
    check("the code reads the written file", r.structuredContent?.result === 2, r);
    r = await call(one, "session_files_list", { session: id });
    const names2 = (r.structuredContent?.entries || []).map((e) => e.name);
    check("session_files_list", !r.isError && JSON.stringify(names2) === '["dot.png","in","out.bin"]', r);
    r = await call(one, "session_files_list", { session: id, path: "in" });
    check("session_files_list of a directory", r.structuredContent?.entries?.[0]?.size === 8, r);
    r = await call(one, "session_files_read", { session: id, path: "in/data.csv" });
    check("session_files_read text", !r.isError && text(r) === "a,b\n1,2\n" &&
      r.structuredContent?.mimeType === "text/csv", r);
    r = await call(one, "session_files_read", { session: id, path: "dot.png" });
    const img2 = (r.content || []).find((c) => c.type === "image");
    check("session_files_read image", img2?.data === png1 && img2?.mimeType === "image/png", r);
    r = await call(one, "session_files_read", { session: id, path: "out.bin" });
    check("session_files_read binary as base64", r.structuredContent?.base64 === "AAEC/w==", r);
    r = await call(one, "session_files_read", { session: id, path: "../manifest.yaml" });
    check("session_files_read refuses '..'", r.isError && /'\.\.'/.test(text(r)), r);
    r = await call(one, "session_files_write", { session: id, path: "x", text: "a", base64: "YQ==" });
    check("session_files_write wants text or base64", r.isError, r);
    r = await call(one, "stop_session", { session: id });
    check("stop_session", !r.isError, r);
    // The whole lifecycle: an agent sees what it made and cleans up.
    r = await call(one, "list_sessions", {});
    check("list_sessions lists it", !r.isError && (r.structuredContent?.sessions || []).some((x) => x.id === id), r);
    r = await call(one, "get_session", { session: id });
    check("get_session describes it", !r.isError && r.structuredContent?.id === id &&
      r.structuredContent?.language === "python", r);
    const del = tools.find((t) => t.name === "delete_session");
    check("delete_session is marked destructive", del?.annotations?.destructiveHint === true, del);
    r = await call(one, "delete_session", { session: id });
    check("delete_session", !r.isError, r);
    r = await call(one, "get_session", { session: id });
    check("a deleted session is gone", r.isError, r);
  } else {
    r = await call(one, "create_session", { language: "python" });
    check("session tools say sessions are missing", r.isError && /no sessions/.test(text(r)), r);
  }
  await one.close();
}

main().then(
  () => process.exit(failed ? 1 : 0),
  (e) => {
    console.log(`FAIL client crashed: ${e?.stack || e}`);
    process.exit(1);
  },
);
