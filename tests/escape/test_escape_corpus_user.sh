#!/bin/sh
# The escape corpus as an unprivileged user, for a suite that runs as root:
# test_escape_corpus.sh re-run as sbx-ci (created if missing), whose paths
# differ — only its own uid mapped in the user namespace, no cgroup, the
# subreaper, and without namespaces the user's own processes and sockets
# next door. As a non-root user test_escape_corpus.sh covers this already.
#
#   tests/escape/test_escape_corpus_user.sh [USER]   (default: sbx-ci)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SBX:=$root/bin/sbx}"
user=${1:-sbx-ci}

if [ "$(id -u)" -ne 0 ]; then
	echo "test_escape_corpus_user: 0 passed, 0 failed (not root: test_escape_corpus.sh ran as $(id -un))"
	exit 0
fi
id "$user" >/dev/null 2>&1 || useradd --system --create-home --shell /bin/sh "$user"
# A copy the user can reach, whatever the permissions of the checkout.
copy=$(mktemp -d /tmp/sbx-esc-as-user.XXXXXX)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/bin" "$copy/tests/escape"
cp "$SBX" "$copy/bin/sbx"
cp "$root/tests/lib.sh" "$copy/tests/"
cp "$here/test_escape_corpus.sh" "$copy/tests/escape/"
cp -R "$here/corpus" "$copy/tests/escape/"
chown -R "$user" "$copy"
chmod 0755 "$copy"
home=$(getent passwd "$user" | cut -d: -f6)
su -s /bin/sh "$user" -c "cd '$copy' && HOME='$home' SBX='$copy/bin/sbx' \
	SBX_CORPUS_FILTER='${SBX_CORPUS_FILTER:-}' sh tests/escape/test_escape_corpus.sh" |
	sed 's/^test_escape_corpus: /test_escape_corpus_user: /'
