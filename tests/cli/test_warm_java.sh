#!/bin/sh
# Java in sbx serve's warm pool (serve.warm_pool.java): the JVM is started
# with sbx's launcher and waits at the gate; a request whose classes the
# build cache has is copied in and named to the launcher only after it. A
# run taken warm answers the same record, history and events as the same
# run cold (output, an uncaught exception's trace and exit code 1,
# System.exit, stdin, sun.java.command, a class not named Main, several
# top-level classes, bare statements, the main class's loader, the JVM's
# environment, system properties and command line), plus
# "warm": true. A program the cache does not have yet (its first run, a
# compile error) runs cold, as without a pool. Steps wait on the server's
# words, never on time.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 ||
	{ echo "skip: no java"; finish; exit 0; }

# The key takes java.
printf 'serve:\n  warm_pool:\n    java: 2\n' >"$T_TMP/ok.yaml"
sbx run --config "$T_TMP/ok.yaml" -l bash -e 'echo 1'
expect_rc 0
for bad in 'java: 17' 'java: two'; do
	printf 'serve:\n  warm_pool:\n    %s\n' "$bad" >"$T_TMP/bad.yaml"
	sbx run --config "$T_TMP/bad.yaml" -l bash -e 'echo 1'
	expect_rc 125
	expect_err_contains "serve.warm_pool.java"
done

# Each case's program; the first run of each (on either server) compiles
# it, so its classes are in the cache for the warm one.
prog1='import java.io.*;
class Helper {
  static String greet(String who) { return "hello " + who; }
}
public class Prog {
  public static void main(String[] args) throws IOException {
    System.out.println(Helper.greet("warm"));
    System.out.println(System.getProperty("sun.java.command") + " " + args.length);
    System.out.println(Prog.class.getClassLoader() == ClassLoader.getSystemClassLoader());
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    int n = 0;
    while (in.readLine() != null) n++;
    System.out.println("stdin lines " + n);
  }
}'
prog2='public class Main {
  static void inner(int x) {
    if (x > 1) throw new IllegalStateException("too big: " + x, new RuntimeException("cause"));
  }
  public static void main(String[] args) {
    System.out.println("before");
    inner(2);
  }
}'
prog3='class First {}
class Exits {
  public static void main(String[] args) {
    System.err.println("to stderr");
    System.out.print("out");
    System.exit(3);
  }
}'
prog4='int x = 6 * 7;
System.out.println("bare " + x);'
# What the JVM was started with: its environment, system properties and
# command line (the run's own directory aside: its name, and as a user its
# place in the server's state directory).
prog5='import java.nio.file.*;
import java.util.*;
public class Env {
  public static void main(String[] args) throws Exception {
    StringBuilder b = new StringBuilder();
    new TreeMap<>(System.getenv()).forEach((k, v) -> b.append(k).append("=").append(v).append("\n"));
    Properties p = System.getProperties();
    for (String k : new TreeSet<>(p.stringPropertyNames()))
      b.append("P ").append(k).append("=").append(p.getProperty(k)).append("\n");
    b.append(new String(Files.readAllBytes(Path.of("/proc/self/cmdline"))).replace((char) 0, (char) 32));
    System.out.println(b.toString().replaceAll("[^ =:\\n]*/run-[A-Za-z0-9-]+", "RUN"));
  }
}'

# A cold server beside the warm one, on a state directory of its own.
start_cold_server
SRV_PID=
trap 'kill $SRV_PID $COLD_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT
SIZE=1
start_warm_pool java

# The first run of a program takes a warm sandbox's place but runs cold:
# javac is a sandboxed step of its own (the same on the cold server).
for code in "$prog1" "$prog2" "$prog3" "$prog4" "$prog5"; do
	body=$(jq -cn --arg c "$code" '{language: "java", code: $c}')
	pool_full $SIZE java
	api POST /v1/run "$body"
	T_LAST="a first run compiles, cold"
	expect_jq '.warm == false and .compile.cached == false'
	out=$(cold_run "$body")
	expect_jq '.warm == false and .compile.cached == false'
done

# The same records warm and cold, but for the run's own id, times, memory,
# "warm" and the time the classes took to come from the cache.
same='del(.id, .time, .time_ms, .memory_kb, .warm, .compile.wall_ms)'
for code in "$prog1" "$prog2" "$prog3" "$prog4" "$prog5"; do
	warm_vs_cold java "$code"
	expect_jq '.compile.cached == true'
done

# What each case must say, warm (the records are the same cold).
warm_java() {
	pool_full $SIZE java
	api POST /v1/run "$(jq -cn --arg c "$1" '{language: "java", code: $c}')"
	T_LAST="Java warm: $1"
	expect_jq '.warm == true'
}
warm_java "$prog1"
expect_jq '.stdout == "hello warm\nProg 0\ntrue\nstdin lines 0\n" and .exit_code == 0'
warm_java "$prog2"
expect_jq '.status == "error" and .exit_code == 1 and .stdout == "before\n"'
expect_jq '.error.name == "java.lang.IllegalStateException" and .error.line == 3'
expect_jq '.stderr | startswith("Exception in thread \"main\" java.lang.IllegalStateException: too big: 2\n\tat Main.inner(Main.java:3)\n\tat Main.main(Main.java:7)\nCaused by: java.lang.RuntimeException: cause\n\t... 2 more\n")'
expect_jq '.stderr | test("_SbxLaunch_|reflect") | not'
warm_java "$prog3"
expect_jq '.exit_code == 3 and .stdout == "out" and .stderr == "to stderr\n"'
warm_java "$prog4"
expect_jq '.stdout == "bare 42\n"'

# A compile error is never cached: it runs cold, and says so as cold.
api POST /v1/run '{"language":"java","code":"public class Main { int x = ; }"}'
expect_jq '.warm == false and .error.name == "CompileError" and .exit_code == 1'

# A request the pool was not made for runs cold, as without a pool: its
# stdin and args are its own.
api POST /v1/run "$(jq -cn --arg c "$prog1" '{language: "java", code: $c, stdin: "a\nb\n", args: ["x", "y"]}')"
expect_jq '.warm == false and .stdout == "hello warm\nProg x y 2\ntrue\nstdin lines 2\n"'

expect_drained
kill -TERM "$COLD_PID"
wait "$COLD_PID"
finish
