#!/bin/sh
# test_session_links.sh as an unprivileged user, for a suite that runs as
# root: there the session's code shares sbx's uid, so it can swap names in
# its run directory (the mounts and Landlock are the walls), and nothing
# but the fds sbx keeps stands between a link and the user's files.
#
#   tests/escape/test_session_links_user.sh [USER]   (default: sbx-ci)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	echo "test_session_links_user: 0 passed, 0 failed (not root: test_session_links.sh ran as $(id -un))"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
copy=$(mktemp -d /tmp/sbx-links-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$root/tests/session_lib.sh" "$copy/tests/"
cp "$here/test_session_links.sh" "$copy/tests/escape/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' sh tests/escape/test_session_links.sh" |
	sed 's/^test_session_links: /test_session_links_user: /'
