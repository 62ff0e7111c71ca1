#!/bin/sh
# test_escape_proc_env.sh as an unprivileged user, for a suite that runs
# as root: the user's runs share its uid with sbx, its session daemons and
# its server, which is when their /proc files are the code's to read. As a
# non-root user test_escape_proc_env.sh covers this already.
#
#   tests/escape/test_escape_proc_env_user.sh [USER]   (default: sbx-ci)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	echo "test_escape_proc_env_user: 0 passed, 0 failed (not root: test_escape_proc_env.sh ran as $(id -un))"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
# A copy the user can reach, whatever the permissions of the checkout.
copy=$(mktemp -d /tmp/sbx-procenv-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape/corpus/python"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$root/tests/session_lib.sh" "$root/tests/serve_lib.sh" "$copy/tests/"
cp "$here/test_escape_proc_env.sh" "$copy/tests/escape/"
cp "$here/corpus/python/proc_secrets.py" "$copy/tests/escape/corpus/python/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' \
	sh tests/escape/test_escape_proc_env.sh" 2>&1 |
	sed 's/^\(FAIL \)\{0,1\}test_escape_proc_env: /\1test_escape_proc_env_user: /'
