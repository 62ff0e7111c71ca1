#!/bin/sh
# A Java program through a session (issue 34): `session exec ID Prog.java`
# (or -e) of a file of declarations with a class that has main runs main,
# as `sbx run` does, and its classes stay declared for later executions; a
# restore declares them again without running main; an uncaught exception
# shows the file's frames (Main.java:LINE), not JShell's; code with
# statements of its own is a snippet: main is not called for it.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"
T=300

if ! command -v java >/dev/null 2>&1; then
	echo "$T_NAME: java is missing: build-aux/deps.sh test installs a JDK" >&2
	exit 1
fi

sbx session create -l java -n jm
expect_rc 0

cat >"$T_TMP/Program.java" <<'JAVA'
import java.util.*;

public class Program {
    static int twice(int n) { return 2 * n; }

    public static void main(String[] args) {
        List<Integer> l = new ArrayList<>(List.of(3, 1, 2));
        Collections.sort(l);
        System.out.println("sorted " + l + " args " + args.length);
    }
}
JAVA
sbx session exec jm -t $T "$T_TMP/Program.java"
expect_rc 0
expect_out "sorted [1, 2, 3] args 0"

# The class stays declared.
sbx session exec jm -t $T --json -e 'Program.twice(21)'
expect_rc 0
expect_json .result 42
expect_json .stdout '""'

# -e holding a class with main, beside a helper class: the public one's main.
sbx session exec jm -t $T -e 'class Helper { static String hi() { return "hi"; } }
public class Greeter { public static void main(String[] a) { System.out.println(Helper.hi() + " there"); } }'
expect_rc 0
expect_out "hi there"

# Statements of its own: a snippet, main not called.
sbx session exec jm -t $T -e 'class Once { public static void main(String[] a) { System.out.println("main ran"); } }
System.out.println("snippet ran");'
expect_rc 0
expect_out "snippet ran"

# An uncaught exception: the file's frames and lines, status 1.
cat >"$T_TMP/Boom.java" <<'JAVA'

public class Boom {
    static void check(int n) {
        if (n > 2) throw new IllegalStateException("too big: " + n);
    }

    public static void main(String[] args) {
        System.out.println("checking");
        check(3);
    }
}
JAVA
sbx session exec jm -t $T "$T_TMP/Boom.java"
expect_rc 1
expect_out "checking"
check "the exception's frames are the file's" test "$err" = 'Exception in thread "main" java.lang.IllegalStateException: too big: 3
	at Boom.check(Boom.java:4)
	at Boom.main(Boom.java:9)'

# A snippet with a lot of output: a restore runs it again, and none of
# that output may reach a later execution, however late it comes through.
sbx session exec jm -t $T -e 'System.out.print("x".repeat(1 << 20)); System.err.print("y".repeat(1 << 16));'
expect_rc 0

# A restore declares the classes again, silently: main does not run again.
sbx session stop jm
expect_rc 0
sbx session exec jm -t $T --json -e 'Program.twice(5)'
expect_rc 0
expect_json .result 10
expect_json .session.restored true
expect_json .stdout '""'
expect_json .stderr '""'

finish
