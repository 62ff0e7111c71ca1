#!/bin/sh
# Embed docs/openapi.json (the HTTP API's description, served at
# GET /v1/openapi.json) in the binary as a C string.
# Usage: build-aux/gen-openapi.sh OUTDIR   (writes OUTDIR/openapi_gen.h)
set -eu
out=${1:?usage: gen-openapi.sh OUTDIR}
src=$(dirname "$0")/../docs/openapi.json
mkdir -p "$out"
{
	printf '/* Generated from docs/openapi.json by build-aux/gen-openapi.sh; do not edit. */\n'
	printf 'static const char openapi_json[] =\n'
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$src"
	printf '\t;\n'
} >"$out/openapi_gen.h.tmp"
mv "$out/openapi_gen.h.tmp" "$out/openapi_gen.h"
