#!/bin/sh
# tests/as_user.sh TEST [PATH...] — runs the shell test tests/escape/TEST
# (or tests/cli/TEST, or tests/DIR/TEST given as DIR/TEST) as an unprivileged user, for a suite that runs as
# root: the code then shares sbx's uid, there is no cgroup, and the user
# namespace maps only that uid, which are other code paths. The test, lib.sh,
# session_lib.sh, serve_lib.sh, warm_pool_lib.sh, sbx and each PATH (relative to the test's
# folder, e.g. corpus) are copied where the user can reach them, whatever
# the checkout's permissions; the summary line is renamed TEST_user.
# SBX_AS_USER names the user (default sbx-ci, created when missing);
# SBX_CORPUS_FILTER passes through. As a non-root user the test just runs.
# The *_user.sh wrappers call this; tests/run.sh runs them one at a time.
set -eu
tests=$(cd "$(dirname "$0")" && pwd)
: "${SBX:=$tests/../bin/sbx}"
test=$1
shift
# TEST may name its folder (cli/test_warm_pool.sh: a cli test that shares
# its name with an escape test); a bare name is looked up in escape/, then
# cli/.
case $test in
*/*)
	dir=$tests/${test%/*}
	test=${test##*/}
	;;
*)
	dir=$tests/escape
	[ -e "$dir/$test" ] || dir=$tests/cli
	;;
esac
[ -e "$dir/$test" ] || { echo "tests/as_user.sh: no test $dir/$test" >&2 && exit 2; }
name=$(basename "$test" .sh)
if [ "$(id -u)" -ne 0 ]; then
	echo "${name}_user: 0 passed, 0 failed (not root: $test runs as $(id -un) itself)"
	exit 0
fi
user=${SBX_AS_USER:-sbx-ci}
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
copy=$(mktemp -d /tmp/sbx-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
sub=$(basename "$dir")
mkdir -p "$copy/bin" "$copy/tests/$sub"
cp "$SBX" "$copy/bin/sbx"
for f in lib.sh session_lib.sh serve_lib.sh warm_pool_lib.sh; do
	[ -e "$tests/$f" ] && cp "$tests/$f" "$copy/tests/"
done
cp "$dir/$test" "$copy/tests/$sub/"
for p in "$@"; do
	cp -R "$dir/$p" "$copy/tests/$sub/"
done
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' \
	SBX_CORPUS_FILTER='${SBX_CORPUS_FILTER:-}' sh tests/$sub/$test" |
	sed "s/^$name: /${name}_user: /"
