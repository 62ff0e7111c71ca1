#!/bin/sh
# sbx serve's warm Java sandboxes (serve.warm_pool.java) are single-use: the
# JVM waits at its gate with sbx's launcher loaded, and whatever one run
# leaves — a file in its directory or its TMPDIR, a file in /tmp, a system
# property, a static field, a thread still running, a process it started —
# is never seen by the next run, which takes another warm sandbox. No run
# can choose what another warm sandbox runs: it tries to plant classes and
# launch files in the other sandboxes' directories (what their launcher
# reads after its gate) and to open every process's gate (fd 4); the next
# runs print exactly their own code's words. The escape corpus's Java
# programs that take no options or inputs (what the pool takes) run warm
# and end as they must. Run as root, as sbx-ci (test_warm_java_user.sh) and
# with SBX_NO_NAMESPACES=1.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 ||
	{ echo "skip: no java"; finish; exit 0; }
SIZE=2
SRV_PID=
trap 'kill $SRV_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT
warm_config "$T_TMP/warm.yaml" $SIZE java
start_warm_server "$T_TMP/warm.yaml"
TOKEN="16180$$"

# warm_java CODE — its first run compiles it (cold: a warm sandbox takes
# only cached classes), then it runs warm.
warm_java() {
	run_warm java "$1"
	expect_jq '.warm == false'
	run_warm java "$1"
	expect_jq '.warm == true'
}

# The first run leaves everything it can behind, and tries to make the
# other warm sandboxes run its code instead of their request's.
warm_java 'import java.io.*;
import java.nio.file.*;
public class Leave {
  static int left = 0;
  static boolean quiet(Callable c) { try { c.call(); return true; } catch (Throwable t) { return false; } }
  interface Callable { void call() throws Exception; }
  public static void main(String[] a) throws Exception {
    left = 1;
    System.setProperty("sbx.warm.left", "1");
    Files.writeString(Path.of("left_cwd"), "x");
    Files.writeString(Path.of(System.getenv("TMPDIR"), "left_tmp"), "x");
    quiet(() -> Files.writeString(Path.of("/tmp/sbx-warm-left-'"$TOKEN"'"), "x"));
    Thread t = new Thread(() -> { try { Thread.sleep(1000000); } catch (InterruptedException e) {} }, "sbx-warm-left");
    t.setDaemon(true);
    t.start();
    if (quiet(() -> new ProcessBuilder("sleep", "'"$TOKEN"'").start()))
      System.out.println("left a process");
    Path me = Path.of("").toAbsolutePath().getParent(), base = me.getParent();
    byte[] evil = Files.readAllBytes(Path.of(Leave.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("Leave.class"));
    File[] dirs = base.toFile().listFiles();
    for (File d : dirs == null ? new File[0] : dirs) {
      if (d.toPath().equals(me)) continue;
      String[][] plant = {{"work/planted", "x"}, {".sbx/launch", "/tmp\0Leave\0Leave.java\0"},
                          {".sbx/classes/Main.class", ""}, {".sbx/launcher/_SbxLaunch_.class", ""}};
      for (String[] p : plant) {
        Path to = d.toPath().resolve(p[0]);
        if (quiet(() -> Files.write(to, p[1].isEmpty() ? evil : p[1].getBytes())))
          System.out.println("planted " + p[0] + " in " + d);
      }
    }
    File[] procs = new File("/proc").listFiles();
    for (File p : procs == null ? new File[0] : procs) {
      if (!p.getName().matches("[0-9]+") || p.getName().equals("" + ProcessHandle.current().pid())) continue;
      if (quiet(() -> { try (FileOutputStream o = new FileOutputStream(new File(p, "fd/4"))) { o.write(0x67); } }))
        System.out.println("fd 4 of " + p.getName());
    }
    System.out.println("LEFT");
  }
}'
expect_code 200
expect_jq '.status == "ok"'
left=$(printf '%s' "$out" | jq -r .stdout | grep -v '^left a process$')
check "no other sandbox's gate or files were reachable: $(printf '%s' "$left" | tr '\n' ' ')" \
	test "$left" = LEFT
check "the process a warm Java run started ends with it" \
	sh -c "! pgrep -f '[s]leep $TOKEN' >/dev/null"
check "nothing of a warm Java run is left in the host's /tmp" \
	test ! -e "/tmp/sbx-warm-left-$TOKEN"

# The next runs, each in another warm sandbox, see none of it and run
# their own code.
probe='import java.io.*;
import java.nio.file.*;
import java.util.*;
public class Probe {
  static int left = 0;
  static boolean nonEmpty(Path d, String... except) throws IOException {
    try (var s = Files.list(d)) {
      return s.anyMatch(p -> !Arrays.asList(except).contains(p.getFileName().toString()));
    }
  }
  public static void main(String[] a) throws Exception {
    List<String> bad = new ArrayList<>();
    if (nonEmpty(Path.of("."), "inputs.json")) bad.add("cwd");
    if (nonEmpty(Path.of(System.getenv("TMPDIR")))) bad.add("tmpdir");
    if (new File("/tmp/sbx-warm-left-'"$TOKEN"'").exists()) bad.add("/tmp");
    if (System.getProperty("sbx.warm.left") != null) bad.add("property");
    if (left != 0) bad.add("static");
    for (Thread t : Thread.getAllStackTraces().keySet())
      if (t.getName().equals("sbx-warm-left")) bad.add("thread");
    Path base = Path.of("").toAbsolutePath().getParent().getParent();
    File[] dirs = base.toFile().listFiles();
    for (File d : dirs == null ? new File[0] : dirs)
      for (String f : new String[] {"work/left_cwd", "work/planted", ".sbx/tmp/left_tmp"})
        if (new File(d, f).exists()) bad.add("workdir:" + d + "/" + f);
    File[] procs = new File("/proc").listFiles();
    for (File p : procs == null ? new File[0] : procs) {
      try {
        String cl = new String(Files.readAllBytes(p.toPath().resolve("cmdline"))).replace((char) 0, (char) 32);
        if (cl.contains("sleep '"$TOKEN"'")) bad.add("process:" + p.getName());
      } catch (Exception e) {
      }
    }
    System.out.println(bad.isEmpty() ? "CLEAN" : "LEAK " + String.join(" ", bad));
  }
}'
warm_java "$probe"
expect_code 200
expect_jq '.status == "ok"'
expect_json .stdout '"CLEAN\n"'
run_warm java "$probe"
expect_jq '.status == "ok" and .warm == true'
expect_json .stdout '"CLEAN\n"'

# The escape corpus's Java programs without options or inputs, warm.
CORPUS=$(cd "$(dirname "$0")" && pwd)/corpus/java
for f in "$CORPUS"/*.java; do
	[ -z "$(sed -n 's/.*sbx-args: *//p' "$f")" ] || continue
	! grep -q inputs "$f" || continue
	warm_java "$(cat "$f")"
	expect_corpus_verdict "$f" '(.stdout + .stderr)'
done

expect_drained

# The launcher's own cache entry (on the class path of every later Java
# run of the state directory, cold or warm, before the program's classes)
# holds sbx's launcher alone: a program's classes named like it do not get
# in, so they cannot shadow a later program's classes of that name. A
# state directory of its own, whose first Java run makes the entry.
LA="$T_TMP/lookalike"
sbx run --state-dir "$LA" -l java -e 'public class Main { public static void main(String[] a) { System.out.println("planted"); } }
class _SbxLaunch_X { static String v() { return "ESCAPED"; } }
class _SbxLaunch_$1 { static { System.out.println("ESCAPED"); } }'
expect_rc 0
expect_out "planted"
sbx run --state-dir "$LA" -l java -e 'public class Main { public static void main(String[] a) { System.out.println(_SbxLaunch_X.v()); } }
class _SbxLaunch_X { static String v() { return "own"; } }'
T_LAST="a later program's class named like the launcher's"
expect_rc 0
expect_out "own"
finish
