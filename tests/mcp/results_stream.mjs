// tests/mcp/results_stream.mjs — a rich result reaches the official MCP
// SDK client as a progress notification while the run is still going
// (README "Streamed results"), for each language given.
//
//   node results_stream.mjs SBX STATE_DIR LANG...
//
// Each program displays "first" and then waits (a timer an hour away, far
// past its limit); the client cancels the call once the result's
// notification came: a result sent only at the end never would. Then a
// Python session's execution waits on a FIFO in its workspace, which the
// client opens once the result came; the call then answers the record.
// Prints "PASS what" or "FAIL what: detail" per check; no sleeps.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const [sbx, stateDir, ...langs] = process.argv.slice(2);
const programs = {
  python: 'display({"text/plain": "first"}, raw=True)\nimport time\ntime.sleep(3600)',
  javascript: 'display({"text/plain": "first"}, {raw: true}); setTimeout(function () {}, 3600e3)',
  r: 'display(list("text/plain" = "first"), raw = TRUE)\nSys.sleep(3600)',
};
let failed = 0;
function check(what, ok, detail) {
  if (ok) console.log(`PASS ${what}`);
  else {
    failed++;
    console.log(`FAIL ${what}: ${JSON.stringify(detail).slice(0, 800)}`);
  }
}

const transport = new StdioClientTransport({ command: sbx, args: ["mcp", "--state-dir", stateDir], stderr: "inherit" });
const client = new Client({ name: "sbx-test", version: "1.0.0" });
await client.connect(transport);
for (const lang of langs) {
  const ac = new AbortController();
  const seen = [];
  let gotResult;
  const result = new Promise((res) => (gotResult = res));
  const call = client.callTool({ name: "run_code", arguments: { language: lang, code: programs[lang], timeout: 60 } },
    undefined, {
      timeout: 600000, signal: ac.signal,
      onprogress: (p) => { seen.push(p.message); if (/^result /.test(p.message || "")) gotResult(p); },
    }).then((v) => ({ v }), (e) => ({ e }));
  // The call answering first (the run ended) means the result never came while it ran.
  const first = await Promise.race([result.then((p) => ({ p })), call]);
  check(`${lang}: the result came as a progress notification while the run went on`,
    first.p && first.p.message === "result text/plain: first", { first, seen });
  ac.abort("test cancels");
  const end = await call;
  check(`${lang}: the call was then cancelled (it had not ended)`, !!end.e, end);
}

let r = await client.callTool({ name: "create_session", arguments: { language: "python" } }, undefined, { timeout: 600000 });
const sid = r.structuredContent?.id;
r = await client.callTool({ name: "get_session", arguments: { session: sid } }, undefined, { timeout: 600000 });
const fifo = `${r.structuredContent?.rundir}/work/go`;
execFileSync("mkfifo", ["-m", "666", fifo]);
let released = false;
const seen = [];
r = await client.callTool({ name: "exec_in_session", arguments: { session: sid, timeout: 60,
  code: 'display({"text/plain": "first"}, raw=True)\nopen("go").read()\n7' } }, undefined, {
  timeout: 600000,
  onprogress: (p) => {
    seen.push(p.message);
    if (/^result /.test(p.message || "") && !released) {
      released = true;
      writeFileSync(fifo, "go\n"); // the program is waiting on it: it opened it
    }
  },
});
check("session: the result came as a progress notification while the execution waited",
  released && seen.includes("result text/plain: first"), seen);
check("session: released, the execution answered its record with the result",
  r.structuredContent?.result === 7 && JSON.stringify((r.structuredContent?.results || []).map((e) => e.data)) === '["first"]',
  r.structuredContent);
await client.callTool({ name: "delete_session", arguments: { session: sid } }, undefined, { timeout: 600000 });
await client.close();
process.exit(failed ? 1 : 0);
