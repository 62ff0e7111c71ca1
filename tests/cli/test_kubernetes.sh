#!/bin/sh
# examples/kubernetes, on paper (no cluster runs here): every manifest is
# checked offline against the Kubernetes API's own models (k8s_check.py,
# Debian's python3-kubernetes), a misspelt key is caught, the sbx serve
# command line it runs takes every flag it gives, and its probes name the
# routes sbx serves (health without a token, ready with it).
. "$(dirname "$0")/../lib.sh"

/usr/bin/python3 -c 'import kubernetes, yaml' 2>/dev/null || {
	echo "$T_NAME: python3-kubernetes is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}
M="$ROOT_DIR/examples/kubernetes/sbx.yaml"
out=$(/usr/bin/python3 "$TESTS_DIR/cli/k8s_check.py" "$M" 2>&1)
check "the manifests match the API's models ($out)" test $? -eq 0 -a "$(printf '%s\n' "$out" | grep -c '^ok ')" -eq 4
sed 's/readinessProbe:/readinesProbe:/' "$M" >"$T_TMP/typo.yaml"
out=$(/usr/bin/python3 "$TESTS_DIR/cli/k8s_check.py" "$T_TMP/typo.yaml" 2>&1)
check "a misspelt key is caught" sh -c 'test $1 -ne 0 && printf "%s" "$2" | grep -q readinesProbe' _ $? "$out"

# The serve command line: each flag it gives is one sbx serve takes.
"$SBX" serve --help >"$T_TMP/help" 2>&1
for flag in $(sed -n '/exec sbx serve/,/--max-queue/p' "$M" | grep -o -- '--[a-z-]*' | sort -u); do
	check "sbx serve takes $flag" grep -q -- "$flag" "$T_TMP/help"
done
check "the node number comes from the pod's ordinal" grep -q -- '--node \$\$(( ${HOSTNAME##\*-} + 1 ))' "$M"
# The probes: liveness on /v1/health (no token), readiness on /v1/ready
# with the token.
check "liveness probes GET /v1/health" grep -q 'path: /v1/health' "$M"
check "readiness asks /v1/ready with the token" grep -q 'Bearer $SBX_TOKEN" http://127.0.0.1:8080/v1/ready' "$M"
for route in /v1/health /v1/ready; do
	check "docs/openapi.json has $route" jq -e --arg r "$route" '.paths[$r].get' "$ROOT_DIR/docs/openapi.json" >/dev/null
done
finish
