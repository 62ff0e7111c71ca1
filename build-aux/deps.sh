#!/bin/sh
# Install the Debian packages sbx needs, or say exactly what to install.
# Usage: build-aux/deps.sh [--list] build|demo|test|bench|fuzz
# "build" is what compiling needs; "demo" adds every language the README
# shows (make demo: a new user's first `sbx run -l python -e 'import pandas'`
# or `-l r` works); "test" adds the interpreters and tools the test suite
# drives (a test run that silently skips Java or R is a failed run).
# --list prints the packages of a kind and installs nothing.
set -eu
list=false
if [ "${1:-}" = --list ]; then
	list=true
	shift
fi

build_pkgs="gcc make patch pkg-config duktape-dev libseccomp-dev libyaml-dev libcmocka-dev libjansson-dev libsqlite3-dev libssl-dev libmicrohttpd-dev libcurl4-openssl-dev nodejs npm node-core-js node-acorn esbuild"
# nodejs and the python3 libraries are also the native references of the
# differential test (tests/diff), which runs numpy/pandas/matplotlib code.
# The languages of the README, with the Python libraries its examples use.
lang_pkgs="python3 python3-numpy python3-pandas python3-matplotlib default-jdk-headless r-base-core gcc g++ golang-go"
test_pkgs="curl python3 python3-venv python3-dill python3-numpy python3-pandas python3-matplotlib default-jdk-headless r-base-core gcc g++ golang-go jq valgrind slurm-wlm munge haproxy python3-kubernetes"
bench_pkgs="hyperfine jq"
# make fuzz: clang and its libFuzzer runtime (tests/fuzz/).
fuzz_pkgs="clang libclang-rt-14-dev"

case "${1:-build}" in
build) want="$build_pkgs" ;;
demo) want="$build_pkgs $lang_pkgs" ;;
test) want="$build_pkgs $lang_pkgs $test_pkgs" ;;
bench) want="$build_pkgs $bench_pkgs" ;;
fuzz) want="$build_pkgs $fuzz_pkgs" ;;
*) echo "usage: $0 [--list] build|demo|test|bench|fuzz" >&2; exit 2 ;;
esac
if $list; then
	echo $want | tr ' ' '\n' | sort -u
	exit 0
fi

missing=""
for p in $want; do
	# node and npm from elsewhere (NodeSource, nvm) do as well as Debian's:
	# installing Debian's npm over NodeSource's nodejs would conflict.
	case "$p" in
	nodejs) command -v node >/dev/null 2>&1 && continue ;;
	npm) command -v npm >/dev/null 2>&1 && continue ;;
	esac
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$status" in
	*" installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "sbx: missing Debian packages:$missing" >&2
	echo "sbx: install them with: sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "sbx: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2
