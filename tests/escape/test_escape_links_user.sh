#!/bin/sh
# test_escape_links.sh as an unprivileged user, for a suite that runs as
# root: the code then shares sbx's uid and the run directory is the
# user's own. As a non-root user test_escape_links.sh covers this already.
#
#   tests/escape/test_escape_links_user.sh [USER]   (default: sbx-ci)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	echo "test_escape_links_user: 0 passed, 0 failed (not root: test_escape_links.sh ran as $(id -un))"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
# A copy the user can reach, whatever the permissions of the checkout.
copy=$(mktemp -d /tmp/sbx-links-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$copy/tests/"
cp "$here/test_escape_links.sh" "$copy/tests/escape/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' \
	sh tests/escape/test_escape_links.sh" 2>&1 |
	sed 's/^\(FAIL \)\{0,1\}test_escape_links: /\1test_escape_links_user: /'
