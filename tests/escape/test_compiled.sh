#!/bin/sh
# Escape tests for the compiled languages (C, C++, Go): hostile code at
# compile time (what the compiler reads and how long it takes) and at run
# time (the binary under the interpreters' layers), with namespaces and
# with SBX_NO_NAMESPACES=1. Each attack prints ESCAPED if it worked and
# BLOCKED otherwise. No sleeps: the listener reports through a FIFO.
. "$(dirname "$0")/../lib.sh"

mkfifo "$T_TMP/ready"
/usr/bin/python3 -I -c '
import socket, sys, signal
t = socket.socket(); t.bind(("127.0.0.1", 0)); t.listen(8)
with open(sys.argv[1], "w") as f: f.write("%d\n" % t.getsockname()[1])
signal.pause()
' "$T_TMP/ready" </dev/null >/dev/null 2>&1 &
LISTENER=$!
read -r PORT <"$T_TMP/ready"
SECRET_FILE="$HOME/.sbx-test-secret-$$"
echo "top secret" >"$SECRET_FILE"
trap 'kill $LISTENER 2>/dev/null; rm -f "$SECRET_FILE"; rm -rf "$T_TMP"' EXIT
export SBX_TEST_SECRET="secret-$$"
OUTSIDE="$T_TMP/outside-written"

# attack LANG NAME CODE — runs CODE, expects BLOCKED and no ESCAPED.
attack() {
	_lang=$1 _name=$2
	shift 2
	sbx run -l "$_lang" -t 10 --json -e "$1"
	T_LAST="[$MODE] $_lang: $_name"
	case "$out" in
	*ESCAPED*) _fail "$_name: escaped" ;;
	*BLOCKED*) _pass ;;
	*) _fail "$_name: no verdict (status $(printf '%s' "$out" | jq -r .status 2>/dev/null))" ;;
	esac
}

C_PRE='#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <sys/socket.h>
static void verdict(int escaped, const char *what) { printf("%s %s\n", escaped ? "ESCAPED" : "BLOCKED", what); }
static int readable(const char *p) { FILE *f = fopen(p, "r"); char b[64] = ""; if (!f) return 0; size_t n = fread(b, 1, sizeof b - 1, f); fclose(f); return n > 0; }'

run_suite() {
	# --- compile time: the compiler is sandboxed too ---
	sbx run -l c -t 10 --json -e '#include "/etc/shadow"
int main(void) { return 0; }'
	T_LAST="[$MODE] c: #include /etc/shadow"
	expect_json .error.name '"CompileError"'
	check "[$MODE] the compiler saw no shadow entry" sh -c 'case "$1" in *root:*) exit 1;; esac' _ "$out"
	sbx run -l c -t 10 --json -e "#include \"$SECRET_FILE\"
int main(void) { return 0; }"
	T_LAST="[$MODE] c: #include the caller's home"
	check "[$MODE] the compiler read no host file" sh -c 'case "$1" in *"top secret"*) exit 1;; esac' _ "$out"
	sbx run -l c -t 10 --json -e '#include "/proc/self/environ"
int main(void) { return 0; }'
	T_LAST="[$MODE] c: the compiler's environment"
	check "[$MODE] the compiler has no caller's variable" sh -c 'case "$1" in *"$2"*) exit 1;; esac' _ "$out" "$SBX_TEST_SECRET"
	sbx run -l cpp -t 10 --json -e "#include \"$SECRET_FILE\"
int main() { return 0; }"
	T_LAST="[$MODE] cpp: #include the caller's home"
	expect_json .error.name '"CompileError"'
	check "[$MODE] g++ read no host file" sh -c 'case "$1" in *"top secret"*) exit 1;; esac' _ "$out"
	# Go reads only its standard library and the program: //go:embed of a
	# host file is refused by go build itself, in the sandbox.
	sbx run -l go -t 10 --json -e 'package main
import _ "embed"
//go:embed /etc/passwd
var s string
func main() { print(s) }'
	T_LAST="[$MODE] go: //go:embed of a host file"
	expect_json .error.name '"CompileError"'
	check "[$MODE] go build embedded no host file" sh -c 'case "$1" in *root:x:*) exit 1;; esac' _ "$out"
	# A compile bomb: ends as a limit, not a stuck host.
	sbx run -l c -t 2 -m 128M --json -e '#include "/dev/zero"
int main(void) { return 0; }'
	T_LAST="[$MODE] c: #include /dev/zero"
	expect_jq '.status != "ok" and .error.name == "CompileError"'

	# --- run time: the binary under the interpreters' layers ---
	attack c "the caller's environment" "$C_PRE
int main(void) { verdict(getenv(\"SBX_TEST_SECRET\") != NULL, \"env\"); return 0; }"
	attack c "read /etc/shadow" "$C_PRE
int main(void) { verdict(readable(\"/etc/shadow\"), \"shadow\"); return 0; }"
	attack c "read the caller's home" "$C_PRE
int main(void) { verdict(readable(\"$SECRET_FILE\"), \"home\"); return 0; }"
	attack c "write outside" "$C_PRE
int main(void) { int bad = 0; const char *p[] = {\"/usr/sbx-escape\", \"/etc/sbx-escape\", \"/sbx-escape\"};
  for (int i = 0; i < 3; i++) { int fd = open(p[i], O_WRONLY | O_CREAT, 0644); if (fd >= 0) bad = 1; }
  open(\"$OUTSIDE\", O_WRONLY | O_CREAT, 0644); verdict(bad, \"write\"); return 0; }"
	check "[$MODE] nothing written outside (host view)" test ! -e "$OUTSIDE"
	attack c "TCP to the host" "$C_PRE
int main(void) { int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a = {0};
  a.sin_family = AF_INET; a.sin_port = htons($PORT); a.sin_addr.s_addr = htonl(0x7f000001);
  verdict(s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0, \"connect\"); return 0; }"
	attack cpp "read /etc/shadow (C++)" '#include <fstream>
#include <iostream>
int main() { std::ifstream f("/etc/shadow"); std::string l; bool got = bool(std::getline(f, l));
  std::cout << (got ? "ESCAPED" : "BLOCKED") << std::endl; }'
	attack go "the caller's environment and /etc/shadow (Go)" 'package main
import ("fmt"; "os"; "net")
func main() {
	_, err := os.ReadFile("/etc/shadow")
	_, derr := net.Dial("tcp", "127.0.0.1:'"$PORT"'")
	if os.Getenv("SBX_TEST_SECRET") != "" || err == nil || derr == nil { fmt.Println("ESCAPED") } else { fmt.Println("BLOCKED") }
}'
	# A fork bomb, named by its argv[0], with the main process spinning:
	# stopped at the deadline, nothing left behind.
	bomb="sbxcfb$$"
	sbx run -l c -t 2 --json -e "#include <unistd.h>
#include <stdio.h>
int main(void) { puts(\"started\"); fflush(stdout);
  if (fork() == 0) { char *const argv[] = {\"$bomb\", 0};
    for (;;) if (fork() == 0) execv(\"/proc/self/exe\", argv); }
  for (;;) ; }"
	T_LAST="[$MODE] c: fork bomb"
	expect_rc 124
	expect_out_contains "started"
	check "[$MODE] fork bomb left nothing" test "$(pgrep -f -c -r R,S,D,T,t "$bomb" || true)" -eq 0
}

MODE=ns
unset SBX_NO_NAMESPACES
run_suite
MODE=nons
export SBX_NO_NAMESPACES=1
run_suite
unset SBX_NO_NAMESPACES

finish
