#!/bin/sh
# Build the JavaScript lowering pieces sbx embeds (see src/engine/js/lower.c):
#   OUT/ts.bc          transpiler: src/engine/js/lower/es2017.js + collections.js +
#                      TypeScript 5's compiler lowered to ES5 + names.js +
#                      early.js + transpile.js,
#                      as Duktape bytecode
#   OUT/runtime.bc     runtime library: src/engine/js/runtime/runtime.js and the
#                      groups in files of their own (regex.js), hand-written
#                      ES5, as Duktape bytecode
#   OUT/corejs.bc      its Array and String methods: src/engine/js/runtime/corejs.js
#                      bundled with core-js by esbuild (ES5), as Duktape bytecode
#   OUT/subset.bc      the subset lowering: Debian's acorn (ES5 as shipped;
#                      Unicode tables built on use: build-aux/acorn-lazy.js) +
#                      src/engine/js/lower/subset_*.js + subset.js, as Duktape
#                      bytecode (tried first for JavaScript: lower.h)
#   OUT/subset_ts.bc   the subset lowering of TypeScript: acorn and its
#                      TypeScript plugin (npm's, pinned like TypeScript; the
#                      plugin made ES5 by build-aux/acorn-ts-es5.js) +
#                      es2017.js and collections.js (what the plugin needs
#                      that Duktape lacks) + the subset files + subset_ts.js
#   OUT/js_lower_gen.h paths (for .incbin), sizes, SHA-256s, the TS version
# The bytecode is made by OUT/../dukbc, built by the Makefile from
# build-aux/dukbc.c against the same duktape.o that will load it.
# TypeScript is the version pinned in build-aux/npm/package-lock.json, which
# the Makefile installs into build/npm with `npm ci` before running this;
# build-aux/ts-es5.js (under node) makes it ES5 once per version (cached in
# build/npm/typescript-es5.js, shared by build/ and build-san/).
# Usage: build-aux/gen-ts.sh OUTDIR
set -eu
out=$1
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
dukbc="$out/../dukbc"
tsdir=${SBX_TYPESCRIPT_DIR:-$top/build/npm/node_modules/typescript}
nodepath=${SBX_NODE_PATH:-/usr/share/nodejs}

if [ ! -x "$dukbc" ]; then
	echo "gen-ts.sh: $dukbc is missing (make builds it first)" >&2
	exit 1
fi
if [ ! -e "$tsdir/lib/typescript.js" ]; then
	echo "gen-ts.sh: $tsdir is missing: run make (it installs build-aux/npm/package-lock.json with npm ci)" >&2
	exit 1
fi
if [ ! -e "$nodepath/core-js/modules/es.map.js" ]; then
	echo "gen-ts.sh: $nodepath/core-js is missing: sudo apt-get install node-core-js" >&2
	exit 1
fi
acorn=$nodepath/acorn/dist/acorn.js
if [ ! -e "$acorn" ]; then
	echo "gen-ts.sh: $acorn is missing: sudo apt-get install node-acorn" >&2
	exit 1
fi
if ! command -v node >/dev/null 2>&1; then
	echo "gen-ts.sh: node is missing: sudo apt-get install nodejs" >&2
	exit 1
fi
if ! command -v esbuild >/dev/null 2>&1; then
	echo "gen-ts.sh: esbuild is missing: sudo apt-get install esbuild" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# TypeScript 5 ships ES2018; Duktape parses ES5.1 (see build-aux/ts-es5.js).
tses5=${SBX_TS_ES5:-$top/build/npm/typescript-es5.js}
node "$top/build-aux/ts-es5.js" "$tsdir" "$tses5" "$top/src/engine/js/lower/transpile.js" \
	"$top/src/engine/js/lower/names.js" "$top/src/engine/js/lower/early.js"
tsver=$(node -p 'require(process.argv[1]).version' "$tsdir/package.json")

"$dukbc" "$tmp/ts.bc" typescript.js "$top/src/engine/js/lower/es2017.js" \
	"$top/src/engine/js/lower/collections.js" "$tses5" \
	"$top/src/engine/js/lower/names.js" "$top/src/engine/js/lower/early.js" \
	"$top/src/engine/js/lower/transpile.js"

"$dukbc" "$tmp/runtime.bc" sbx-runtime.js "$top/src/engine/js/runtime/regex.js" "$top/src/engine/js/runtime/promise.js" \
	"$top/src/engine/js/runtime/runtime.js"
NODE_PATH="$nodepath" esbuild "$top/src/engine/js/runtime/corejs.js" --bundle \
	--target=es5 --format=iife --minify --log-level=warning \
	--outfile="$tmp/corejs.js"
"$dukbc" "$tmp/corejs.bc" sbx-corejs.js "$tmp/corejs.js"

lw=$top/src/engine/js/lower
# acorn's Unicode tables are built on first use (build-aux/acorn-lazy.js)
node "$top/build-aux/acorn-lazy.js" "$acorn" "$tmp/acorn.js"
"$dukbc" "$tmp/subset.bc" sbx-subset.js "$tmp/acorn.js" "$lw/subset_scope.js" "$lw/subset_helpers.js" \
	"$lw/subset_pattern.js" "$lw/subset_class.js" "$lw/subset.js"
acornver=$(node -p 'require(process.argv[1]).version' "$nodepath/acorn/package.json")

npmdir=$(dirname "$tsdir")
tsplugin=$npmdir/@sveltejs/acorn-typescript
if [ ! -e "$tsplugin/index.js" ] || [ ! -e "$npmdir/acorn/dist/acorn.js" ]; then
	echo "gen-ts.sh: $npmdir lacks acorn or @sveltejs/acorn-typescript: run make (npm ci of build-aux/npm)" >&2
	exit 1
fi
node "$top/build-aux/acorn-ts-es5.js" "$tsdir" "$tsplugin" "$tmp/acorn-ts.js"
node "$top/build-aux/acorn-lazy.js" "$npmdir/acorn/dist/acorn.js" "$tmp/acorn-npm.js"
"$dukbc" "$tmp/subset_ts.bc" sbx-subset-ts.js "$lw/es2017.js" "$lw/collections.js" "$tmp/acorn-npm.js" \
	"$tmp/acorn-ts.js" "$lw/subset_scope.js" "$lw/subset_helpers.js" "$lw/subset_pattern.js" "$lw/subset_class.js" \
	"$lw/subset.js" "$lw/subset_ts.js"
tspluginver=$(node -p 'require(process.argv[1]).version' "$tsplugin/package.json")

# Replace only what changed, so objects that .incbin the files rebuild only
# when their content does (the header carries the hashes).
for f in ts.bc runtime.bc corejs.bc subset.bc subset_ts.bc; do
	cmp -s "$tmp/$f" "$out/$f" 2>/dev/null || mv "$tmp/$f" "$out/$f"
done
ts_sha=$(sha256sum "$out/ts.bc" | cut -d' ' -f1)
rt_sha=$(sha256sum "$out/runtime.bc" | cut -d' ' -f1)
cj_sha=$(sha256sum "$out/corejs.bc" | cut -d' ' -f1)
sub_sha=$(sha256sum "$out/subset.bc" | cut -d' ' -f1)
subts_sha=$(sha256sum "$out/subset_ts.bc" | cut -d' ' -f1)
cat >"$tmp/js_lower_gen.h" <<EOF
/* Generated by build-aux/gen-ts.sh: do not edit. */
#define JS_LOWER_TS_BC_PATH "$out/ts.bc"
#define JS_LOWER_TS_BC_SHA256 "$ts_sha"
#define JS_LOWER_RT_BC_PATH "$out/runtime.bc"
#define JS_LOWER_RT_BC_SHA256 "$rt_sha"
#define JS_LOWER_CJ_BC_PATH "$out/corejs.bc"
#define JS_LOWER_CJ_BC_SHA256 "$cj_sha"
#define JS_LOWER_TS_VERSION "$tsver"
#define JS_LOWER_SUBSET_BC_PATH "$out/subset.bc"
#define JS_LOWER_SUBSET_BC_SHA256 "$sub_sha"
#define JS_LOWER_ACORN_VERSION "$acornver"
#define JS_LOWER_SUBSET_TS_BC_PATH "$out/subset_ts.bc"
#define JS_LOWER_SUBSET_TS_BC_SHA256 "$subts_sha"
#define JS_LOWER_ACORN_TS_VERSION "$tspluginver"
EOF
cmp -s "$tmp/js_lower_gen.h" "$out/js_lower_gen.h" 2>/dev/null ||
	mv "$tmp/js_lower_gen.h" "$out/js_lower_gen.h"
