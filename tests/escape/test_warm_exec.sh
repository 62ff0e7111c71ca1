#!/bin/sh
# sbx serve's held execs (bash and compiled programs, issues 29 and 32) are
# single-use: whatever one run leaves — a file in its directory or its
# TMPDIR, a file in /tmp, a variable, a process in the background — is
# never seen by the next run, which takes another warm sandbox; and no run
# can choose what another warm sandbox execs: the words come down its
# gate's pipe from the supervisor, the waiting process is not dumpable
# (its /proc/PID/fd is closed to its own uid), and nothing of the request
# runs before the exec. A run here tries to plant words into every
# process's fd 4 and into every run directory it can see; the next runs
# exec exactly their own command. Run as root, as sbx-ci
# (test_warm_exec_user.sh) and with SBX_NO_NAMESPACES=1.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

SIZE=2
LANGS=bash
command -v g++ >/dev/null && LANGS="bash cpp"
# shellcheck disable=SC2086
warm_config "$T_TMP/warm.yaml" $SIZE $LANGS
start_warm_server "$T_TMP/warm.yaml"
TOKEN="31415$$"
trap 'kill $SRV_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT

# run LANG CODE — POST /v1/run of plain code (what the pool takes), once
# the pool is full again (the next run takes another warm sandbox).
run() {
	pool_full $SIZE "$1"
	check "the $1 pool is full again" test $? -eq 0
	printf '%s' "$2" >"$T_TMP/src"
	api POST /v1/run "$(jq -cn --arg l "$1" --rawfile c "$T_TMP/src" '{language: $l, code: $c}')"
	T_LAST="$1: $(printf '%.60s' "$2")"
}

# The first run leaves everything it can behind, and tries to make the
# next warm sandboxes exec its own words instead of their request's.
run bash "echo x >left_cwd; echo x >\"\$TMPDIR/left_tmp\"
echo x >/tmp/sbx-warm-left-$TOKEN 2>/dev/null
export SBX_WARM_LEFT=1
nohup sleep $TOKEN >/dev/null 2>&1 &
for p in /proc/[0-9]*; do
	printf '/bin/echo\\0echo\\0PLANTED\\0' >\"\$p/fd/4\" 2>/dev/null && echo \"fd 4 of \$p\"
done
base=\${PWD%/*/*}
for d in \"\$base\"/*/; do
	[ \"\$d\" = \"\${PWD%/*}/\" ] && continue
	echo x >\"\$d/work/planted\" 2>/dev/null && echo \"planted in \$d\"
	echo x >\"\$d/.sbx/code.sh\" 2>/dev/null && echo \"planted code in \$d\"
done
echo LEFT"
expect_code 200
expect_jq '.status == "ok" and .warm == true'
expect_jq '.stdout | endswith("LEFT\n")'
check "no other sandbox's gate or directory was reachable: $(printf '%s' "$out" | jq -r .stdout | tr '\n' ' ')" \
	test "$(printf '%s' "$out" | jq -r .stdout)" = LEFT
check "the background process of a warm run ends with it" \
	sh -c "! pgrep -f '[s]leep $TOKEN' >/dev/null"
check "nothing of a warm run is left in the host's /tmp" \
	test ! -e "/tmp/sbx-warm-left-$TOKEN"

# The next runs, each in another warm sandbox, see none of it and run
# their own command: $0, the arguments and the command string are theirs.
probe="bad=
[ -z \"\$(ls -A)\" ] || bad=\"\$bad cwd:\$(ls -A | tr '\n' ,)\"
[ -z \"\$(ls -A \"\$TMPDIR\")\" ] || bad=\"\$bad tmpdir\"
[ ! -e /tmp/sbx-warm-left-$TOKEN ] || bad=\"\$bad /tmp\"
[ -z \"\${SBX_WARM_LEFT-}\" ] || bad=\"\$bad env\"
base=\${PWD%/*/*}
for f in \"\$base\"/*/work/left_cwd \"\$base\"/*/work/planted \"\$base\"/*/.sbx/tmp/left_tmp; do
	[ ! -e \"\$f\" ] || bad=\"\$bad workdir:\$f\"
done
for p in /proc/[0-9]*; do
	# [p]: this command's own words (in its cmdline) do not match
	case \$(tr '\0' ' ' <\"\$p/cmdline\" 2>/dev/null) in *slee[p]\\ $TOKEN*) bad=\"\$bad process:\$p\" ;; esac
done
case \$BASH_EXECUTION_STRING in bad=*) ;; *) bad=\"\$bad argv\" ;; esac
echo \"\${bad:+LEAK}\${bad:-CLEAN} \$0 \$#\$bad\""
for i in 1 2 3; do
	run bash "$probe"
	expect_code 200
	expect_jq '.status == "ok" and .warm == true'
	expect_json .stdout '"CLEAN bash 0\n"'
done

# A compiled program (cached first: only a cached one runs warm) leaves
# files and a process; the next one, in another warm sandbox, sees none.
if [ "$LANGS" = "bash cpp" ]; then
	leave='#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
int main() {
	std::string tmp = std::getenv("TMPDIR");
	for (std::string p : {std::string("left_cwd"), tmp + "/left_tmp",
			      std::string("/tmp/sbx-warm-left-'"$TOKEN"'")})
		if (FILE *f = std::fopen(p.c_str(), "w"))
			std::fclose(f);
	if (fork() == 0) {
		execl("/bin/sleep", "sleep", "'"$TOKEN"'", (char *)0);
		_exit(0);
	}
	std::puts("LEFT");
}'
	look='#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <string>
#include <unistd.h>
static int entries(const char *d) {
	int n = 0;
	if (DIR *dir = opendir(d)) {
		while (dirent *e = readdir(dir))
			n += e->d_name[0] != 0x2e;
		closedir(dir);
	}
	return n;
}
int main(int argc, char **argv) {
	std::string bad;
	if (entries(".")) bad += " cwd";
	if (entries(std::getenv("TMPDIR"))) bad += " tmpdir";
	if (access("/tmp/sbx-warm-left-'"$TOKEN"'", F_OK) == 0) bad += " /tmp";
	std::printf("%s %s %d%s\n", bad.empty() ? "CLEAN" : "LEAK", argv[0], argc, bad.c_str());
}'
	for prog in "$leave" "$look"; do
		run cpp "$prog"
		expect_jq '.warm == false and .compile.cached == false' # compiled, cold
	done
	run cpp "$leave"
	expect_jq '.status == "ok" and .warm == true and .stdout == "LEFT\n"'
	check "the background process of a warm C++ run ends with it" \
		sh -c "! pgrep -f '[s]leep $TOKEN' >/dev/null"
	check "nothing of a warm C++ run is left in the host's /tmp" \
		test ! -e "/tmp/sbx-warm-left-$TOKEN"
	for i in 1 2; do
		run cpp "$look"
		expect_jq '.status == "ok" and .warm == true'
		expect_json .stdout '"CLEAN ./main 1\n"'
	done
fi

expect_drained
finish
