#!/bin/sh
# Java's launcher class (_SbxLaunch_, cached with the compiled classes and
# alone) reports on fd 3, sbx's report pipe. Run by hand, fd 3 is whatever is
# open there — the JVM's own lib/modules when nothing is: the launcher
# once reopened it for writing (/proc/self/fd/3) and truncated the JDK as
# root. It writes its report only to a pipe: a file on fd 3, read-only or
# writable, is left as it was; under sbx the report still arrives.
. "$(dirname "$0")/../lib.sh"

command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 ||
	{ echo "skip: no java"; finish; exit 0; }

printf 'public class Boom {\n  public static void main(String[] a) {\n    throw new IllegalStateException("boom");\n  }\n}\n' \
	>"$T_TMP/Boom.java"
sbx run --format json "$T_TMP/Boom.java"
expect_jq '.status == "error" and .error.name == "java.lang.IllegalStateException"'
expect_jq '.error.line == 3'

launcher=$(find "$SBX_STATE_DIR/cache/java" -name _SbxLaunch_.class | head -n 1)
check "the launcher is cached" test -n "$launcher"
classes=$(dirname "$launcher")
# It starts at the gate's byte (fd 4) and reads what to run from its
# launch file: the classes directory (none here), the public class and its
# file's name.
printf '%s\0Boom\0Boom.java\0' "$T_TMP/none" >"$T_TMP/launch"

# A class with no main: the launcher reports NoMainMethod on fd 3.
printf 'keep\n' >"$T_TMP/ro"
printf 'keep\n' >"$T_TMP/rw"
printf g | java -cp "$classes" _SbxLaunch_ "$T_TMP/launch" 4<&0 3<"$T_TMP/ro" >/dev/null 2>&1
check "a read-only file on fd 3 is left whole" test "$(cat "$T_TMP/ro")" = keep
printf g | java -cp "$classes" _SbxLaunch_ "$T_TMP/launch" 4<&0 3>>"$T_TMP/rw" >/dev/null 2>&1
check "a writable file on fd 3 gets no report" test "$(cat "$T_TMP/rw")" = keep
# Through a pipe, as under sbx, the report is written.
rep=$(printf g | java -cp "$classes" _SbxLaunch_ "$T_TMP/launch" 4<&0 3>&1 >/dev/null 2>&1)
check "a pipe on fd 3 gets the report" sh -c 'printf "%s" "$1" | grep -q NoMainMethod' - "$rep"
# Without the gate's byte (EOF on fd 4, or no fd 4) it runs nothing.
rep=$(java -cp "$classes" _SbxLaunch_ "$T_TMP/launch" 4</dev/null 3>&1 >/dev/null 2>&1)
rc=$?
check "EOF at the gate: exit 125 ($rc), no report" test "$rc" -eq 125 -a -z "$rep"
rep=$(java -cp "$classes" _SbxLaunch_ "$T_TMP/launch" 4<&- 3>&1 >/dev/null 2>&1)
rc=$?
check "no gate: exit 125 ($rc), no report" test "$rc" -eq 125 -a -z "$rep"
finish
