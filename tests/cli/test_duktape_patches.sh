#!/bin/sh
# sbx's patches to Duktape's compiler (build-aux/duktape/*.patch): each one
# applies to the Duktape sources the build uses, and the engine sbx built
# gives the answers the patch is for.
. "$(dirname "$0")/../lib.sh"

duk_src=${DUK_SRC:-/usr/share/duktape}
if [ -r "$duk_src/duktape.c" ]; then
	for p in "$ROOT_DIR"/build-aux/duktape/*.patch; do
		work="$T_TMP/apply"
		rm -rf "$work" && mkdir -p "$work" && cp "$duk_src/duktape.c" "$work/"
		check "$(basename "$p") applies to $duk_src/duktape.c" \
			sh -c 'patch --batch --forward --silent --no-backup-if-mismatch -p1 -d "$1" -r - <"$2" >/dev/null' sh "$work" "$p"
	done
fi

# Duktape #2391: the left operand of a binary operation is the variable's
# value before the right operand changed it (a register-bound variable:
# inside a function; plain ES5, so nothing is lowered).
sbx run --timeout 300 -e 'function f() { var e = 5; return e * e--; } f()' --json
expect_json .result 25
sbx run --timeout 300 -e 'function f() { var a = 1; return a + (a = 10); } f()' --json
expect_json .result 11
sbx run --timeout 300 -e 'function f() { var a = 1; return a - ++a; } f()' --json
expect_json .result -1
sbx run --timeout 300 -e 'function f() { var a = 2; return a * (a += 3); } f()' --json
expect_json .result 10
sbx run --timeout 300 -e 'function f(a) { return a + (a = 10); } f(1)' --json
expect_json .result 11
# A call that assigns the captured variable.
sbx run --timeout 300 -e 'function f() { var a = 1; function s() { a = 10; return 0; } return a + s(); } f()' --json
expect_json .result 1
# The copy is taken out again when the right operand runs no code.
sbx run --timeout 300 -e 'function f() { var a = 2, b = 3; return [a + b, a < b, b - a, a * 2]; } f()' --json
expect_json .result '[5,true,1,4]'
# Through the lowering: let becomes a register-bound var.
sbx run --timeout 300 -e 'function f() { let a = 1; return a + (a = 10); } f()' --json
expect_json .result 11
sbx run --timeout 300 -e 'const f = () => { let e = 5; return e * e--; }; f()' --json
expect_json .result 25
# Global code (properties of the global object) was right before too.
sbx run --timeout 300 -e 'var e = 5; e * e--' --json
expect_json .result 25

# --- 2400-holey-array-part.patch ------------------------------------------
# An array of preset length filled from the end keeps its array part: a
# million elements fit in 64 MiB (the property table took ~135 MB).
sbx run --timeout 300 -m 64M -e 'var n = 1e6, a = new Array(n); for (var i = n - 1; i >= 0; i--) a[i] = i; a[0] + a[n - 1] + a.length' --json
expect_json .status '"ok"'
expect_json .result 1999999
# Holes stay holes, and a write past the preset length still works.
sbx run --timeout 300 -e 'var a = new Array(300); a[299] = 1; a[1000] = 2; [a.length, 5 in a, 299 in a, Object.keys(a).length]' --json
expect_json .result '[1001,false,true,2]'

finish
