#!/bin/sh
# sbx serve's warm pool for languages without a prelude (issues 29 and 32):
# bash and the compiled languages are held execs — the sandbox is set up
# and its process waits, before its execve, for the argv a cold run would
# exec. The keys are checked; the same request warm and cold gives the same
# record, history and events but for ids, times, memory and "warm"; a
# compiled request whose binary is not cached yet runs cold (it needs a
# compile), and warm once it is. Steps wait on the server's words, never
# on time.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

# The keys: bash, c, cpp and go take a pool; a language that has none is
# refused by name.
printf 'serve:\n  warm_pool:\n    bash: 1\n    c: 2\n    cpp: 3\n    go: 0\n' >"$T_TMP/ok.yaml"
sbx run --config "$T_TMP/ok.yaml" -l bash -e 'echo fine'
expect_rc 0
expect_out "fine"
for bad in 'typescript: 1' 'javascript: 1' 'bash: 17' 'cpp: x'; do
	printf 'serve:\n  warm_pool:\n    %s\n' "$bad" >"$T_TMP/bad.yaml"
	sbx run --config "$T_TMP/bad.yaml" -l bash -e 'echo 1'
	expect_rc 125
	expect_err_contains "serve.warm_pool"
done
printf 'serve:\n  warm_pool:\n    typescript: 1\n' >"$T_TMP/bad.yaml"
sbx run --config "$T_TMP/bad.yaml" -l bash -e 'echo 1'
expect_err_contains "python, java, r, bash, c, cpp and go"

# A held exec started by hand ends with nothing recorded when its input
# ends before a request (the server's drain).
before=$(cat "$SBX_STATE_DIR/history.log" 2>/dev/null | wc -l)
sbx run --warm-sandbox bash --format json --request -
expect_rc 0
expect_out ""
check "an unused held exec leaves no history" \
	test "$(cat "$SBX_STATE_DIR/history.log" 2>/dev/null | wc -l)" -eq "$before"

LANGS="bash"
command -v g++ >/dev/null && LANGS="$LANGS cpp"
command -v gcc >/dev/null && LANGS="$LANGS c"
command -v go >/dev/null && LANGS="$LANGS go"

# A cold server beside the warm one, on a state directory of its own.
start_cold_server
trap 'kill $COLD_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT
SIZE=1
# shellcheck disable=SC2086
warm_config "$T_TMP/warm.yaml" $SIZE $LANGS
start_warm_server "$T_TMP/warm.yaml"
trap 'kill $SRV_PID $COLD_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT

api GET /v1/ready ""
expect_code 200
for l in $LANGS; do
	pool_full $SIZE "$l"
	check "the $l pool is set up" test $? -eq 0
	expect_jq ".warm_pool.$l == {\"size\": 1, \"ready\": 1, \"set_up\": 1, \"on\": true}"
done

# Shell commands: output, $0 and bash's own messages, exit codes, an
# expansion error's 127, a syntax error, a signal, stdin and the files.
for src in 'echo hi' 'echo "$0:$#:$*"; echo err >&2; exit 3' \
	'echo ${x:?unset}' 'if then fi' 'kill -SEGV $$' 'cat; ls -A; echo "${PWD##*/}"' \
	'printf "%s\n" "$BASH_EXECUTION_STRING"; echo made >made.txt'; do
	warm_vs_cold bash "$src"
done
api POST /v1/run '{"language":"bash","code":"echo \"$0\""}'
expect_jq '.warm == true and .stdout == "bash\n"'
# A command longer than one argv word runs from its file, warm as cold.
long=$(awk 'BEGIN { for (i = 0; i < 14000; i++) printf "true %08d;", i; print "echo long" }')
warm_vs_cold bash "$long"
expect_jq '.stdout == "long\n"'

# What the pool was not made for runs cold, as it would without a pool.
api POST /v1/run '{"language":"bash","code":"cat","stdin":"typed"}'
expect_jq '.warm == false and .stdout == "typed"'
api POST /v1/run '{"language":"bash","code":"echo 1","timeout":3}'
expect_jq '.warm == false and .limits.timeout_ms == 3000'

# Compiled: not cached yet, a request compiles cold; once it is, the same
# request runs the cached binary warm, as the cold run does (with the
# compiler's warnings kept beside it, shown before the program's output).
c_hello='#include <stdio.h>
int main(int argc, char **argv) { printf("hello %s %d\n", argv[0], argc); return 4; }'
cpp_hello='#include <iostream>
int main(int argc, char **argv) { std::cout << "hello " << argv[0] << std::endl; }'
cpp_crash='#include <cstdio>
int main() { std::puts("before"); std::fflush(stdout); volatile int *p = nullptr; return *p; }'
cpp_notes='#include <cstdio>
int main() { std::printf("%d\n", 1); std::fprintf(stderr, "err\n"); return 2; }
int f() { }'
go_hello='package main

import ("fmt"; "os")

func main() { fmt.Println("hello", os.Args[0]); os.Exit(5) }'
for l in $LANGS; do
	case $l in
	c) progs="c_hello" ;;
	cpp) progs="cpp_hello cpp_crash cpp_notes" ;;
	go) progs="go_hello" ;;
	*) continue ;;
	esac
	for p in $progs; do
		eval "src=\$$p"
		body=$(jq -cn --arg l "$l" --arg c "$src" '{language: $l, code: $c}')
		pool_full $SIZE "$l"
		api POST /v1/run "$body"
		T_LAST="$p, first"
		expect_jq '.warm == false and .compile.cached == false'
		cold_run "$body" >/dev/null # the cold server's cache too
		warm_vs_cold "$l" "$src"
		expect_jq '.compile.cached == true'
		case $p in
		c_hello) expect_jq '.stdout == "hello ./main 1\n" and .exit_code == 4' ;;
		cpp_hello) expect_jq '.stdout == "hello ./main\n"' ;;
		cpp_crash) expect_jq '.stdout == "before\n" and .signal == "SIGSEGV"' ;;
		cpp_notes) # the compiler's warning, kept with the binary, then the program's
			expect_jq '(.stderr | startswith("main.cpp: In function")) and (.stderr | endswith("\nerr\n")) and .exit_code == 2' ;;
		go_hello) expect_jq '.stdout == "hello ./main\n" and .exit_code == 5' ;;
		esac
	done
done

expect_drained
kill -TERM "$COLD_PID"
wait "$COLD_PID"
finish
