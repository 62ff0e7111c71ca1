#!/bin/sh
# Embed docs/openapi.in.json (the OpenAPI document's prose; serve/openapi.c
# adds the routes and request bodies from the tables) in the binary as a C
# string.
# Usage: build-aux/gen-openapi.sh OUTDIR   (writes OUTDIR/openapi_in_gen.h)
set -eu
out=${1:?usage: gen-openapi.sh OUTDIR}
src=$(dirname "$0")/../docs/openapi.in.json
mkdir -p "$out"
{
	printf '/* Generated from docs/openapi.in.json by build-aux/gen-openapi.sh; do not edit. */\n'
	printf 'static const char openapi_in_json[] =\n'
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$src"
	printf '\t;\n'
} >"$out/openapi_in_gen.h.tmp"
mv "$out/openapi_in_gen.h.tmp" "$out/openapi_in_gen.h"
