// bench/e2b_rtt.mjs — E2B's runCode round trip against sbx serve --compat
// e2b, beside the native session execution (POST
// /v1/sessions/ID/executions) of the same code in the same session over
// the same TCP server, interleaved; prints the two medians in ms.
// Run by bench/e2b.sh from build/npm-e2b (the SDK the test installed).
import { Sandbox } from "@e2b/code-interpreter";

const runs = Number(process.argv[2] || 40);
const sbx = await Sandbox.create();
const native = `${process.env.E2B_API_URL.replace(/\/e2b$/, "")}/v1/sessions/${sbx.sandboxId}/executions`;
const headers = { Authorization: `Bearer ${process.env.E2B_API_KEY}`, "Content-Type": "application/json" };
const e2b = [], own = [];
await sbx.runCode("x = 1"); // the kernel is up
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const ex = await sbx.runCode("x + 1");
  e2b.push(performance.now() - t);
  if (ex.text !== "2") throw new Error(`runCode answered ${JSON.stringify(ex)}`);
  t = performance.now();
  const r = await fetch(native, { method: "POST", headers, body: JSON.stringify({ code: "x + 1" }) });
  const rec = await r.json();
  own.push(performance.now() - t);
  if (rec.result !== 2) throw new Error(`native answered ${JSON.stringify(rec)}`);
}
await sbx.kill();
const median = (a) => a.sort((p, q) => p - q)[a.length >> 1];
console.log(median(e2b).toFixed(2), median(own).toFixed(2));
