#!/bin/sh
# sbx session exec takes an execution's own --stdin, --env, program
# arguments and --cpu-time as `sbx run` does, in every language that can:
# the code reads that stdin (empty when none; R's file("stdin") no longer
# reads the control channel), sees the variables for that execution only,
# gets its arguments, and a CPU-time limit interrupts the execution and
# keeps the session (the record says CpuTimeLimit). Java gets inputs.json
# in its working directory. What a language cannot take is refused with
# the reason. The same keys work through --request.
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/../session_lib.sh"
T=300
printf 'hello\nworld\n' >"$T_TMP/in.txt"

for tool in Rscript java; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "$T_NAME: $tool is missing: build-aux/deps.sh test installs it" >&2
		exit 1
	fi
done

# cpu_fires NAME CODE: an endless loop under --cpu-time 0.5 is interrupted
# as a CPU-time limit, and the session's state survives it.
cpu_fires() {
	sbx session exec "$1" -t $T --cpu-time 0.5 --json -e "$2"
	expect_rc 124
	expect_json .status '"timeout"'
	expect_json .error.name '"CpuTimeLimit"'
	expect_json .limits.cpu_ms 500
	check "$1: the record says the execution was interrupted" \
		test "$(printf '%s' "$out" | jq -r .session.timeout_action)" = interrupted
}

# --- Python ---
sbx session create -l python -n py
expect_rc 0
sbx session exec py -t $T --stdin "$T_TMP/in.txt" --env MY_T=one -e 'import os, sys
kept = 7
print(sys.stdin.read().split(), os.environ.get("MY_T"), sys.argv[1:])' -- a 'b c'
expect_rc 0
expect_out "['hello', 'world'] one ['a', 'b c']"
sbx session exec py -t $T -e 'import os, sys
print(repr(sys.stdin.read()), os.environ.get("MY_T"), sys.argv[1:])'
expect_rc 0
expect_out "'' None []"
sbx_in 'piped line' session exec py -t $T --stdin - -e 'print(input())'
expect_rc 0
expect_out "piped line"
cpu_fires py 'while True: pass'
sbx session exec py -t $T -e 'kept'
expect_rc 0
expect_out "7"
# Code that ignores the interrupt: killed, the kernel restarted from its save.
sbx session exec py -t $T --cpu-time 0.5 --json -e 'import signal
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True: pass'
expect_rc 124
expect_json .error.name '"CpuTimeLimit"'
expect_json .session.timeout_action '"restarted"'
sbx session exec py -t $T -e 'kept'
expect_rc 0
expect_out "7"

# --- R: file("stdin") is the execution's stdin, never the control channel ---
sbx session create -l r -n rr
expect_rc 0
sbx session exec rr -t $T -e 'x <- readLines(file("stdin")); length(x)'
expect_rc 0
expect_out "[1] 0"
sbx session exec rr -t $T --stdin "$T_TMP/in.txt" --env MY_T=one -e 'kept <- 7
cat(readLines("stdin"), Sys.getenv("MY_T"), commandArgs(trailingOnly = TRUE), sep = "|")
cat("\n")' -- a 'b c'
expect_rc 0
expect_out "hello|world|one|a|b c"
sbx session exec rr -t $T -e 'cat(length(readLines("stdin")), Sys.getenv("MY_T", "unset"), length(commandArgs(TRUE)), "\n")'
expect_rc 0
expect_out "0 unset 0 "
cpu_fires rr 'repeat {}'
sbx session exec rr -t $T -e 'kept'
expect_rc 0
expect_out "[1] 7"

# --- JavaScript and TypeScript: env and arguments; no stdin in Duktape ---
for l in js ts; do
	sbx session create -l $l -n "s$l"
	expect_rc 0
	sbx session exec "s$l" -t $T --env MY_T=one -e 'var kept = 7;
console.log(process.env.MY_T, process.argv.slice(2).join(","), args.join(","))' -- a 'b c'
	expect_rc 0
	expect_out "one a,b c a,b c"
	sbx session exec "s$l" -t $T -e 'console.log(String(process.env.MY_T), process.argv.length, args.length)'
	expect_rc 0
	expect_out "undefined 2 0"
	sbx session exec "s$l" -t $T --stdin "$T_TMP/in.txt" -e '1'
	expect_rc 125
	check "$l: --stdin is refused with the reason" err_has "has no stdin"
	cpu_fires "s$l" 'for (;;) {}'
	sbx session exec "s$l" -t $T -e 'kept'
	expect_rc 0
	expect_out "7"
done

# --- Java: stdin as System.in, inputs.json; no env or arguments ---
sbx session create -l java -n jv
expect_rc 0
sbx session exec jv -t $T --stdin "$T_TMP/in.txt" -i k=3 -e 'int kept = 7;
var sc = new Scanner(System.in);
System.out.println(sc.nextLine() + "|" + sc.nextLine() + "|" + Files.readString(Path.of("inputs.json")));'
expect_rc 0
expect_out 'hello|world|{"k":3}'
sbx session exec jv -t $T --json -e 'System.out.println(System.in.read() + " " + Files.readString(Path.of("inputs.json")));'
expect_rc 0
expect_json .stdout '"-1 {}\n"'
expect_json .files '[]'
sbx session exec jv -t $T --env A=1 -e 'kept'
expect_rc 125
check "java: --env is refused with the reason" err_has "System.getenv() cannot change"
sbx session exec jv -t $T -e 'kept' -- a
expect_rc 125
check "java: arguments are refused with the reason" err_has "no main(String\[\] args)"
cpu_fires jv 'while (true) {}'
sbx session exec jv -t $T -e 'kept'
expect_rc 0
expect_out "7"

# --- the same keys through --request ---
printf '{"code": "import os, sys\\nprint(sys.stdin.read(), os.environ[\\"K\\"], sys.argv[1:])", "stdin": "from request", "env": {"K": "v"}, "args": ["x"], "cpu_time": "30s", "timeout": 300}' >"$T_TMP/req.json"
sbx session exec py --request "$T_TMP/req.json" --json
expect_rc 0
expect_json .stdout '"from request v [\u0027x\u0027]\n"'
expect_json .limits.cpu_ms 30000

# --- create and the other subcommands still refuse an execution's options ---
sbx session create --stdin "$T_TMP/in.txt"
expect_rc 125
check "create --stdin is refused, naming exec" err_has "is for one execution"
sbx session create --cpu-time 2
expect_rc 125
check "create --cpu-time is refused, naming exec" err_has "is for one execution"
finish
