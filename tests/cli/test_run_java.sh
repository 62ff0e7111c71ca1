#!/bin/sh
# sbx run -l java: compile once (cached), find main, errors, exit codes.
# One program with modes keeps javac (~0.7 s) to two runs in this file.
. "$(dirname "$0")/../lib.sh"

# The public class is not named after the file, and the file holds several
# top-level classes; main is in the second one.
cat >"$T_TMP/prog.java" <<'JAVA'
import java.nio.file.*;

class Helper {
	static int div(int a, int b) { return a / b; }
}

public class Modes {
	public static void main(String[] args) throws Exception {
		String in = new String(Files.readAllBytes(Path.of("inputs.json")));
		if (in.contains("\"exit\"")) {
			System.exit(3);
		} else if (in.contains("\"throw\"")) {
			System.out.println(Helper.div(1, 0));
		} else if (in.contains("\"oom\"")) {
			java.util.List<long[]> l = new java.util.ArrayList<>();
			while (true) l.add(new long[1 << 20]);
		} else if (in.contains("\"echo\"")) {
			String line = new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
			Files.writeString(Path.of("out.txt"), line.toUpperCase());
			System.out.println(line.toUpperCase());
		} else if (in.contains("\"spin\"")) {
			System.out.println("started");
			while (true) { }
		} else {
			System.out.println("hello " + in);
		}
	}
}
JAVA

sbx run "$T_TMP/prog.java" --json
expect_rc 0
expect_json .status '"ok"'
expect_json .language '"java"'
expect_json .stdout '"hello {}\n"'
expect_json .compile.cached false

# The same code again: no javac, the cached classes.
sbx run -l java "$T_TMP/prog.java" -i mode=exit --json
expect_rc 3
expect_json .status '"error"'
expect_json .exit_code 3
expect_json .compile.cached true

sbx run -l java "$T_TMP/prog.java" -i mode=throw --json
expect_rc 1
expect_json .error.name '"java.lang.ArithmeticException"'
expect_json .error.message '"/ by zero"'
expect_json .error.line 4
expect_jq '.error.traceback | test("at Modes.main\\(Modes.java:13\\)")'
expect_jq '.error.traceback | test("_SbxLaunch_|reflect") | not'

printf 'abc\n' >"$T_TMP/in.txt"
mkdir "$T_TMP/out"
sbx run -l java "$T_TMP/prog.java" -i mode=echo --stdin "$T_TMP/in.txt" --out-dir "$T_TMP/out" --json
expect_rc 0
expect_json .stdout '"ABC\n"'
expect_json '[.files[].name]' '["out.txt"]'
check "out.txt saved" test "$(cat "$T_TMP/out/out.txt")" = "ABC"

sbx run -l java "$T_TMP/prog.java" -i mode=oom -m 128M -t 120 --json
expect_rc 137
expect_json .status '"memory_limit"'

sbx run -l java "$T_TMP/prog.java" -i mode=spin -t 1 --json
expect_rc 124
expect_json .status '"timeout"'
expect_json .stdout '"started\n"'

# A compile error: status error, exit 1, javac's line and column.
sbx run -l java -e 'public class Bad {
	public static void main(String[] a) {
		int x = 1
	}
}' --json
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"CompileError"'
expect_json .error.message "\"';' expected\""
expect_json .error.line 3
expect_json .error.column 12
expect_jq '.stderr | test("Bad.java:3: error")'
sbx run -l java -e 'public class Bad {
	public static void main(String[] a) {
		int x = 1
	}
}'
expect_rc 1
check "javac's message is printed once" test "$(printf '%s\n' "$err" | grep -c 'Bad.java:3: error')" = 1

# A type error is a compile error, not a syntax error.
sbx run -l java -e 'String s = 5;' --json
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"CompileError"'
expect_jq '.error.message | test("incompatible types")'
expect_json .error.line 1

# Bare statements, as models write Java: wrapped in a Main with main;
# imports stay first, methods and types become members, lines are kept.
sbx run -l java -e 'import java.util.*;
record Pair(String k, int v) {}
int twice(int x) { return 2 * x; }
List<Pair> xs = new ArrayList<>(List.of(new Pair("b", 2), new Pair("a", 1)));
xs.sort(Comparator.comparing(Pair::k));
System.out.println(xs + " " + twice(21));'
expect_rc 0
expect_out '[Pair[k=a, v=1], Pair[k=b, v=2]] 42'
sbx run -l java -e 'int f(int x) {
  return 10 / x;
}
System.out.println("before");
System.out.println(f(0));' --json
expect_rc 1
expect_json .stdout '"before\n"'
expect_json .error.name '"java.lang.ArithmeticException"'
expect_json .error.line 2
expect_jq '.error.traceback | test("at Main.f\\(Main.java:2\\)")'
expect_jq '.error.traceback | test("at Main.main\\(Main.java:5\\)")'

# Compiled as a plain javac compiles (no -g): a helpful NullPointerException
# message names a local by its slot, as java prints it after javac.
sbx run -l java -e 'String name = null;
System.out.println(name.length());' --json
expect_rc 1
expect_jq '.error.message | test("because \"<local1>\" is null")'

# The thread stack is the JVM's default, as java gives: depth 7,000 fits it
# even when every frame is interpreted (java -Xint overflows the default
# stack near 9,000 and -Xss512k near 4,500; deeper depths pass or not
# depending on when the JIT compiles the method).
sbx run -l java -e 'int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }
System.out.println(depth(7000));'
expect_rc 0
expect_out '7000'

# A public class name too long for a file name is the code's error.
long_name=$(printf 'C%.0s' $(seq 1 252))
sbx run -l java -e "public class $long_name { public static void main(String[] a) {} }" --json
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"CompileError"'
expect_jq '.error.message | test("252 characters")'

finish
