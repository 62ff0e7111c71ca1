#!/bin/sh
# sbx session for Java (JShell): state across executions (variables,
# methods, classes, imports), stdout and stderr, exceptions and compile
# errors, a timeout inside a session (JShell.stop, state kept), stop and
# restore (the snippet history evaluated again), kill -9 of the kernel,
# hostile code contained as with run.
. "$(dirname "$0")/../lib.sh"

SD=$SBX_STATE_DIR
. "$(dirname "$0")/../session_lib.sh"
jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null; }
manifest() { echo "$SD/sessions/$1/manifest.yaml"; }
# A field of the manifest, after a sync (session get): the daemon's writer
# thread puts its bookkeeping on disk after the reply (daemon_pid too).
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$(manifest "$1")"
}
T=300

# A missing interpreter is a failure, not a skip: build-aux/deps.sh test
# installs it.
if ! command -v java >/dev/null 2>&1; then
	echo "$T_NAME: java is missing: build-aux/deps.sh test installs a JDK" >&2
	exit 1
fi

# --- create, state across executions ---
sbx session create -l java -n js
expect_rc 0
ID=$out
sbx session exec js -t $T -e 'import java.util.*; // also a default import, as in jshell
int x = 41;
int f(int n) { return n * 2; }
record P(int a, int b) {}
List<Integer> l = new ArrayList<>(List.of(1, 2));
System.out.println("hello");
System.err.println("to stderr");'
expect_rc 0
expect_out "hello"
check "stderr as printed" test "$err" = "to stderr"
sbx session exec js -t $T --json -e 'l.add(3);
new P(f(x), l.size()).a()'
expect_rc 0
expect_json .result 82
expect_json .status '"ok"'
expect_json .language '"java"'
expect_json .session.execution_count 2
expect_json .sandbox.seccomp true
sbx session exec js -t $T --json -e 'String s = "abc"; s + l'
expect_json .result '"abc[1, 2, 3]"'

# --- an exception and a compile error: exit 1, the session goes on ---
sbx session exec js -t $T -e 'System.out.println("before");
if (x > 0) throw new IllegalStateException("boom");
System.out.println("not reached");'
expect_rc 1
expect_out "before"
check "the exception as the JVM prints it" err_has 'Exception in thread "main" java.lang.IllegalStateException: boom'
sbx session exec js -t $T --json -e 'int y = "s";'
expect_rc 1
expect_json .error.name '"CompileError"'
check "the compile error is on stderr" jq_out '.stderr | test("incompatible types")'

# --- a timeout inside the session: stopped, the state kept ---
sbx session exec js -t 3 --json -e 'int kept = 7;
System.out.println("spin");
while (true) {}'
expect_rc 124
expect_json .status '"timeout"'
expect_json .stdout '"spin\n"'
expect_json .session.timeout_action '"interrupted"'
sbx session exec js -t $T --json -e 'x + kept'
expect_json .result 48
expect_json .session.restored false

# --- stop and restore: the history evaluated again, silently ---
sbx session stop js
expect_rc 0
sbx session exec js -t $T --json -e 'f(x) + kept + l.size()'
expect_rc 0
expect_json .result 92
expect_json .session.restored true
expect_json .stdout '""'
expect_json .session.unsaved '[]'

# --- kill -9 of the kernel: the next exec says so and has the state ---
rundir=$(field "$ID" rundir)
kpid=$(pgrep -f "$rundir/.sbx/SbxKernel.java" | head -n 1)
check "the kernel runs" test -n "$kpid"
kill -9 "$kpid"
sbx session exec js -t $T --json -e 'x'
expect_json .result 41
expect_json .session.restored true
check "the record says the kernel was killed" jq_out '.session.recovered | test("kernel ended")'

# --- hostile code inside a session: contained as with run ---
sbx session create -l java -n jhostile -m 256M
echo "top secret" >"$T_TMP/secret"
sbx session exec jhostile --json -t $T -e 'String r(String... c) {
  try { var p = new ProcessBuilder(c).redirectErrorStream(true).start();
        return new String(p.getInputStream().readAllBytes()); }
  catch (Exception e) { return "err " + e; } }
System.out.println((r("cat", "/etc/shadow").contains("root:") ? "ESCAPED" : "BLOCKED") + " shadow");
String home;
try { home = java.nio.file.Files.readString(java.nio.file.Path.of("'"$T_TMP/secret"'")); }
catch (Exception e) { home = ""; }
System.out.println((home.contains("top secret") ? "ESCAPED" : "BLOCKED") + " home");
boolean net;
try (var s = new java.net.Socket()) { s.connect(new java.net.InetSocketAddress("1.1.1.1", 53), 2000); net = true; }
catch (Exception e) { net = false; }
System.out.println((net ? "ESCAPED" : "BLOCKED") + " network");'
check "nothing escaped" jq_out '[.stdout, .stderr] | all(test("ESCAPED") | not)'
check "blocked" jq_out '.stdout | test("BLOCKED shadow")'
sbx session exec jhostile --json -t $T -e 'List<byte[]> hog = new ArrayList<>();
while (true) hog.add(new byte[1 << 20]);'
check "a heap bomb is stopped (memory limit)" jq_out '.status == "memory_limit" or (.stderr | test("OutOfMemoryError"))'
# However the bomb ended (the JVM's OutOfMemoryError, the cgroup's kill, or
# the kernel's own failure in JShell's compiler), the heap it filled is not
# the next execution's: that one runs in a new kernel, restored from the
# state saved before the bomb, which its declaration is not part of.
sbx session exec jhostile --json -t $T -e '"alive"'
expect_json .result '"alive"'
expect_jq '.session.restored == true and (.session.recovered | test("kernel"))'
sbx session exec jhostile --json -t $T -e 'hog.size()'
expect_jq '.status == "error" and (.stderr | test("cannot find symbol"))'

sbx session list --json --language java
expect_json 'length' 2
sbx session delete js
expect_rc 0
check "delete removed the directory" test ! -e "$SD/sessions/$ID"

finish
