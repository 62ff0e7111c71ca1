// tests/compat/sre/client.mjs — SmythOS SRE itself (tests/compat/sre/
// package-lock.json pins it), started with its ECMASandbox code connector
// configured as an agent platform configures it, Settings: { sandboxUrl },
// then code components executed through that connector, as SRE's
// ECMASandbox component does (connector.agent(id).execute(componentId,
// {code, inputs})).
//
//   node client.mjs SANDBOX_URL VAULT_FILE
//
// Prints "PASS what" or "FAIL what: detail" per check (tests/cli/
// test_compat_sre.sh counts them) and exits 1 when any failed.
import { SRE, ConnectorService } from "@smythos/sre";

const [sandboxUrl, vault] = process.argv.slice(2);
let failed = 0;
function check(what, ok, detail) {
  if (ok) console.log(`PASS ${what}`);
  else {
    failed++;
    console.log(`FAIL ${what}: ${JSON.stringify(detail).slice(0, 800)}`);
  }
}

const sre = SRE.init({
  Vault: { Connector: "JSONFileVault", Settings: { file: vault } },
  Code: { Connector: "ECMASandbox", Settings: { sandboxUrl } },
});
await sre.ready();
const code = ConnectorService.getCodeConnector("ECMASandbox").agent("agent-sbx-test");

let r = await code.execute("component-1", {
  code: "async function main(a, b) {\n  const words = b.split(' ');\n  return { sum: a + 40, words: words.length, upper: b.toUpperCase() };\n}",
  inputs: { a: 2, b: "run in sbx" },
});
check("a code component's Output comes back", r.success === true && r.output?.sum === 42 &&
  r.output?.words === 3 && r.output?.upper === "RUN IN SBX", r);

r = await code.execute("component-2", {
  code: "async function main(n) {\n  await new Promise((ok) => setTimeout(ok, 5));\n  let f = 1; for (let i = 2; i <= n; i++) f *= i;\n  return f;\n}",
  inputs: { n: 10 },
});
check("await and timers in the component", r.success === true && r.output === 3628800, r);

r = await code.execute("component-3", {
  code: "async function main(x) {\n  throw new Error('component failed on ' + x);\n}",
  inputs: { x: "purpose" },
});
check("a thrown error becomes the component's errors", r.success === false &&
  JSON.stringify(r.errors).includes("component failed on purpose"), r);

r = await code.execute("component-4", {
  code: "async function main() {\n  while (true) {}\n}",
  inputs: {},
});
check("a runaway component ends at sbx's time limit", r.success === false &&
  JSON.stringify(r.errors).includes("timeout"), r);

r = await code.execute("component-5", {
  code: "async function main() {\n  return require('child_process').execSync('id').toString();\n}",
  inputs: {},
});
check("host modules are refused in the sandbox", r.success === false, r);

process.exit(failed ? 1 : 0);
