#!/bin/sh
# Re-runs the escape suite as an unprivileged user, for CI that runs as
# root: the unprivileged paths (user namespace mapping only our own uid,
# setgroups denied, no cgroup, subreaper cleanup) are different code.
#
#   tests/escape/test_isolation_user.sh [USER]     (default user: sbx-ci, created if root)
#
# As a non-root user it just runs the suite. Needs the built bin/sbx to be
# readable and executable by that user (the repository path must be
# searchable: the script copies sbx and the tests to a temporary directory).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	exec env SBX="$SBX" sh "$here/test_isolation.sh"
fi
if ! id "$user" >/dev/null 2>&1; then
	useradd --system --create-home --shell /bin/sh "$user"
fi
# A copy the user can reach, whatever the permissions of the checkout.
copy=$(mktemp -d /tmp/sbx-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$copy/tests/"
cp "$here/test_isolation.sh" "$copy/tests/escape/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
exec su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' sh tests/escape/test_isolation.sh"
