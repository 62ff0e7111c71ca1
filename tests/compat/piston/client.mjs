// tests/compat/piston/client.mjs — drives sbx serve --compat piston with the
// unmodified piston-client (tests/compat/piston/package-lock.json pins it).
//
//   node client.mjs BASE_URL      (http://HOST:PORT/t/TOKEN: the token in the URL)
//
// Prints "PASS what" or "FAIL what: detail" per check and exits 1 when any
// failed (tests/cli/test_compat_piston.sh counts them).
import piston from "piston-client";

const [base] = process.argv.slice(2);
let failed = 0;
function check(what, ok, detail) {
  if (ok) console.log(`PASS ${what}`);
  else {
    failed++;
    console.log(`FAIL ${what}: ${JSON.stringify(detail).slice(0, 800)}`);
  }
}

const client = piston({ server: base });
const runtimes = await client.runtimes();
const names = Array.isArray(runtimes) ? runtimes.map((r) => r.language) : [];
check("runtimes lists Piston's names", ["python", "javascript", "c++", "go", "bash", "java", "rscript"]
  .every((n) => names.includes(n)), runtimes);

let r = await client.execute("python", "import sys\nprint(input().upper(), sys.argv[1:])", { stdin: "hi\n" });
check("python: stdin, piston-client's default args, exit code",
  r.run?.stdout === "HI ['1', '2', '3']\n" && r.run?.code === 0 && r.language === "python", r);

r = await client.execute("javascript", "console.log([1, 2, 3].map((x) => x * 2).join(' '))");
check("javascript", r.run?.stdout === "2 4 6\n" && r.run?.code === 0, r);

r = await client.execute("c++", "#include <iostream>\nint main(int c, char **v) { std::cout << c - 1 << std::endl; return 3; }");
check("c++: compiled, then run with its arguments; compile stage reported",
  r.compile?.code === 0 && r.run?.stdout === "3\n" && r.run?.code === 3, r);

r = await client.execute("go", "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"go ok\") }");
check("go", r.run?.stdout === "go ok\n" && r.run?.code === 0, r);

r = await client.execute("c", "int main(void) { return missing; }");
check("a compile error: the compile stage fails and run is that stage, as Piston",
  r.compile?.code === 1 && /missing/.test(r.compile?.stderr || "") && r.run?.code === 1 &&
  r.run?.stderr === r.compile?.stderr, r);

r = await client.execute("bash", "echo \"$#\"; exit 4", { args: [] });
check("bash: exit status", r.run?.stdout === "0\n" && r.run?.code === 4, r);

r = await client.execute({ language: "python", version: "*", files: [{ name: "main.py", content: "while True: pass" }], runTimeout: 300 });
check("a run timeout: SIGKILL and status TO, as Piston reports it",
  r.run?.signal === "SIGKILL" && r.run?.status === "TO" && r.run?.code === null, r);

r = await client.execute({ language: "python", version: "*", files: [
  { name: "main.py", content: "import helper\nprint(helper.X)" },
  { name: "helper.py", content: "X = 42" }] });
check("several files: the first runs, the others are beside it", r.run?.stdout === "42\n", r);

r = await client.execute({ language: "cobol", version: "3.0.0", files: [{ content: "DISPLAY 'X'" }] });
check("an unknown language: Piston's message", r.message === "cobol-3.0.0 runtime is unknown", r);

process.exit(failed ? 1 : 0);
