#!/bin/sh
# The route table (src/serve/routes.c) is what sbx serve answers and what
# it documents: `sbx serve --openapi` is docs/openapi.json byte for byte
# (make openapi writes it), every operation of that document is answered by
# a route (never "no such route"), another method on its path is a 405
# naming the path's methods, and a path of no row is a 404. The requests
# carry bodies and parameters sbx refuses, so nothing runs.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null && command -v jq >/dev/null || {
	echo "test_routes: curl or jq is missing: build-aux/deps.sh test installs them" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

T_LAST="sbx serve --openapi"
"$SBX" serve --openapi >"$T_TMP/generated.json"
rc=$?
expect_rc 0
check "sbx serve --openapi is the committed docs/openapi.json (make openapi)" \
	cmp -s "$T_TMP/generated.json" "$ROOT_DIR/docs/openapi.json"
ops=$(jq -r '.paths | to_entries[] | .key as $p | .value | keys[] |
	select(. != "parameters") | "\(ascii_upcase) \($p)"' "$T_TMP/generated.json")
check "the document has the API's operations" test "$(printf '%s\n' "$ops" | wc -l)" -ge 29

start_server --compat piston,sre
printf '%s\n' "$ops" >"$T_TMP/ops"
while read -r method path; do
	url=$(printf '%s' "$path" | sed 's/{[a-z]*}/nosuch/g')
	case $url in
	/v1/events) url="$url?follow=false" ;;
	*/files) url="$url?path=nosuch" ;;
	esac
	case $method in
	POST | PUT) api "$method" "$url" '{"no_such_key": 1}' ;;
	*) api "$method" "$url" ;;
	esac
	check "$method $path is a route (HTTP $code: $out)" \
		test "$(printf '%s' "$out" | jq -r '.error.message // .message // ""' 2>/dev/null |
			cut -c1-13)" != "no such route"
	check "$method $path is served (not 404 not_found for a route or API)" \
		test "$code:$(printf '%s' "$out" | jq -r '.error.message // .message // ""' 2>/dev/null |
			grep -c 'not served here')" != "404:1"
done <"$T_TMP/ops"

# Another method on each path: 405, naming every method the path has.
for path in $(cut -d' ' -f2 "$T_TMP/ops" | sort -u); do
	url=$(printf '%s' "$path" | sed 's/{[a-z]*}/nosuch/g')
	api PATCH "$url"
	expect_error 405 method_not_allowed
	for method in $(grep " $path\$" "$T_TMP/ops" | cut -d' ' -f1); do
		expect_jq ".error.message | test(\"use ([A-Z]+,)*$method(,[A-Z]+)*$\")"
	done
done

api GET /v1/no-such-route
expect_error 404 not_found
expect_jq '.error.message | startswith("no such route")'
api GET /v1/deployments/nosuch/elsewhere
expect_error 404 not_found
api GET /v1/runs/a/b
expect_error 404 not_found
# A path's parameter is checked whatever the method.
api GET '/v1/deployments/Bad..Name'
expect_error 400 bad_name
api PATCH '/v1/sessions/Bad..Name'
expect_error 400 bad_name
api DELETE '/v1/runs/-x'
expect_error 400 bad_id

stop_server
finish
