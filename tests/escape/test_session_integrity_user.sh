#!/bin/sh
# test_session_integrity.sh as an unprivileged user, for a suite that runs
# as root: a user's sessions keep their run directory in the state
# directory and their kernel runs as the user's own uid (so /proc/PID of
# the kernel and of the daemon are the user's, as is what delete kills).
# As a non-root user test_session_integrity.sh covers this already.
#
#   tests/escape/test_session_integrity_user.sh [USER]   (default: sbx-ci)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	echo "test_session_integrity_user: 0 passed, 0 failed (not root: test_session_integrity.sh ran as $(id -un))"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
# A copy the user can reach, whatever the permissions of the checkout.
copy=$(mktemp -d /tmp/sbx-integrity-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$copy/tests/"
cp "$here/test_session_integrity.sh" "$copy/tests/escape/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' \
	SBX_NO_NAMESPACES='${SBX_NO_NAMESPACES:-}' sh tests/escape/test_session_integrity.sh" |
	sed 's/^test_session_integrity: /test_session_integrity_user: /'
