#!/bin/sh
# sbx deploy, exec-deployment, list, get, delete: every flag and error, the
# on-disk layout, damaged manifests and links planted in the state directory.
. "$(dirname "$0")/../lib.sh"

D="$SBX_STATE_DIR/deployments"
W="$T_TMP/work"
mkdir -p "$W"
printf 'return {sum: inputs.a + inputs.b}' >"$W/Add_Numbers.js"

# --- deploy ------------------------------------------------------------------
sbx deploy -h
expect_rc 0
expect_out_contains "usage: sbx deploy"

sbx deploy "$W/Add_Numbers.js" -i a=1 -i b=2 --label team=core -t 3 --json
expect_rc 0
expect_json .name '"add_numbers"'
expect_json .version 1
expect_json .language '"javascript"'
expect_json .settings.timeout_ms 3000
expect_json .settings.memory_bytes null
expect_json .settings.inputs '{"a":1,"b":2}'
expect_json .settings.labels '{"team":"core"}'
expect_json .code.sha256 "\"$(sha256sum "$W/Add_Numbers.js" | cut -c1-64)\""
expect_jq '.interpreter | startswith("duktape")'
check "version directory holds manifest and code" \
	test -f "$D/add_numbers/1/manifest.yaml" -a -f "$D/add_numbers/1/code.js"
check "stored code is the code given" cmp -s "$W/Add_Numbers.js" "$D/add_numbers/1/code.js"
check "manifest is YAML a person can read" grep -q '^name: add_numbers$' "$D/add_numbers/1/manifest.yaml"
check "state directory is mode 0700" test "$(stat -c %a "$SBX_STATE_DIR")" = 700
check "deployments directory is mode 0700" test "$(stat -c %a "$D")" = 700

sbx deploy "$W/Add_Numbers.js"
expect_rc 0
expect_out_contains "version      2"
expect_out_contains "add_numbers"

sbx deploy -n add_numbers -e 'return "v3:" + inputs.a' -i a=9 --json
expect_rc 0
expect_json .version 3
expect_json .source '"-e"'

sbx deploy -e 'return 1'
expect_rc 125
expect_err_contains "-n NAME"

sbx_in 'return 1' deploy -
expect_rc 125
expect_err_contains "-n NAME"

sbx_in 'return "from stdin"' deploy -n fromstdin - --json
expect_rc 0
expect_json .name '"fromstdin"'

printf 'print(1)\n' >"$W/My Script.PY"
sbx deploy "$W/My Script.PY" --json
expect_rc 0
expect_json .name '"my-script"'
expect_json .language '"python"'
expect_json .code.file '"code.py"'

printf 'return 1' >"$W/...js"
sbx deploy "$W/...js"
expect_rc 125
expect_err_contains "-n NAME"

sbx deploy
expect_rc 125
expect_err_contains "no code given"

sbx deploy -n x -o "$W/out" -e 'return 1'
expect_rc 125
expect_err_contains "exec-deployment"

sbx deploy -n x --stdin "$W/Add_Numbers.js" -e 'return 1'
expect_rc 125
expect_err_contains "--stdin"

sbx deploy -n x -t nonsense -e 'return 1'
expect_rc 125

sbx deploy -n x --bogus -e 'return 1'
expect_rc 125

# policy: a finding at level block (here: the strict profile) refuses the
# deployment (exit 1), stores nothing
sbx deploy -n polluter --policy strict -e 'Object.prototype.x = 1; return 1'
expect_rc 1
expect_err_contains "not deployed"
check "a refused deployment leaves nothing" test ! -e "$D/polluter"

# a warning is stored with the deployment
sbx deploy -n warned -e 'return eval("1")' --json
expect_rc 0
expect_jq '.prepare.findings | length >= 1'

# --file is copied into the deployment (Python: the JavaScript engine has no
# files, so --file is refused there rather than stored and ignored)
printf 'hello data\n' >"$W/data.txt"
sbx deploy -n withfile -f "$W/data.txt" -f "$W/data.txt:copy.txt" -l python -e '1' --json
expect_rc 0
expect_json '[.files[].name]' '["data.txt","copy.txt"]'
check "file stored under files/" cmp -s "$W/data.txt" "$D/withfile/1/files/data.txt"
sbx deploy -n withfile2 -f "$W/missing.txt" -l python -e '1'
expect_rc 125
expect_err_contains "missing.txt"
check "a failed deploy leaves no deployment" test ! -e "$D/withfile2"
sbx deploy -n withfile3 -f "$W/data.txt" -e 'return 1'
expect_rc 125
expect_err_contains "--file does not apply to javascript"
check "a refused deploy leaves no deployment" test ! -e "$D/withfile3"
sbx delete withfile # (the language filters below count Python deployments)
expect_rc 0

# --- names ------------------------------------------------------------------
for bad in ../evil a/b Upper .hidden -dash "a..b" "" \
	"a23456789012345678901234567890123456789012345678901234567890123456"; do
	sbx deploy -n "$bad" -e 'return 1'
	expect_rc 125
	expect_err_contains "deployment name"
done
check "no name escaped the deployments dir" test ! -e "$SBX_STATE_DIR/evil" -a ! -e "$D/a"
sbx deploy -n "a2345678901234567890123456789012345678901234567890123456789012345" -e 'return 1'
expect_rc 125
sbx deploy -n "a234567890123456789012345678901234567890123456789012345678901234" -e 'return 1'
expect_rc 0

# --- exec-deployment ---------------------------------------------------------
sbx exec-deployment add_numbers@1
expect_rc 0
expect_out '{"sum":3}'

sbx exec-deployment add_numbers@1 -i b=40 --json
expect_rc 0
expect_json .result '{"sum":41}'
expect_json .deployment '{"name":"add_numbers","version":1}'
expect_json .limits.timeout_ms 3000

sbx exec-deployment add_numbers@1 -t 1 --json
expect_json .limits.timeout_ms 1000

sbx exec-deployment add_numbers --json
expect_rc 0
expect_json .result '"v3:9"'
expect_json .deployment.version 3

sbx exec-deployment add_numbers@latest --json
expect_json .deployment.version 3

sbx exec-deployment add_numbers --inputs '{"a":"x"}' --json
expect_json .result '"v3:x"'

sbx exec-deployment fromstdin
expect_rc 0
expect_out '"from stdin"'

sbx exec-deployment add_numbers@9
expect_rc 125
expect_err_contains "no version 9"

sbx exec-deployment nosuch
expect_rc 125
expect_err_contains "no deployment named 'nosuch'"

sbx exec-deployment add_numbers@0
expect_rc 125
expect_err_contains "invalid version"

sbx exec-deployment add_numbers@x1
expect_rc 125

sbx exec-deployment ../x
expect_rc 125
expect_err_contains "deployment name"

sbx exec-deployment
expect_rc 125
expect_err_contains "no deployment given"

sbx exec-deployment a b
expect_rc 125

sbx exec-deployment add_numbers -e 'return 2'
expect_rc 125

sbx exec-deployment -h
expect_rc 0
expect_out_contains "exit status"

# the code's own status is the exit status, as with sbx run
sbx deploy -n thrower -e 'throw new Error("boom")'
sbx exec-deployment thrower --json
expect_rc 1
expect_json .status '"error"'
expect_json .deployment.name '"thrower"'

# --- list ---------------------------------------------------------------------
sbx list
expect_rc 0
expect_out_contains "NAME"
expect_out_contains "add_numbers"
expect_out_contains "active"

sbx list --json
expect_rc 0
expect_jq 'map(.name) | index("add_numbers") != null'
expect_jq 'map(select(.name == "add_numbers"))[0].version == 3'
expect_jq 'map(select(.name == "add_numbers"))[0].versions == [1,2,3]'

sbx list --language python --json
expect_json 'map(.name)' '["my-script"]'
sbx list -l PY --json
expect_json 'map(.language) | unique' '["python"]'

sbx list --status damaged --json
expect_json . '[]'

sbx list --language cobol
expect_rc 125
expect_err_contains "cobol"

sbx list --status weird
expect_rc 125
expect_err_contains "active or damaged"

sbx list add_numbers
expect_rc 125
expect_err_contains "sbx get"

# --- get -----------------------------------------------------------------------
sbx get add_numbers
expect_rc 0
expect_out_contains "version      3 (of 1 2 3)"
expect_out_contains "executions"

sbx get add_numbers@1 --json
expect_rc 0
expect_json .version 1
expect_json .versions '[1,2,3]'
expect_json .latest 3
expect_json .settings.labels '{"team":"core"}'
expect_jq '.executions.executions >= 3'
expect_jq '.size > 0'

sbx get nosuch
expect_rc 125
expect_err_contains "no deployment named"

sbx get
expect_rc 125

# --- delete ----------------------------------------------------------------------
sbx delete add_numbers@2
expect_rc 0
expect_out "deleted add_numbers@2"
sbx get add_numbers --json
expect_json .versions '[1,3]'

sbx delete add_numbers@2
expect_rc 125
expect_err_contains "no version 2"

sbx delete nosuch
expect_rc 125

sbx delete "Bad/Name"
expect_rc 125

sbx delete fromstdin@1
expect_rc 0
check "deleting the last version removes the deployment" test ! -e "$D/fromstdin"

sbx delete add_numbers warned
expect_rc 0
check "deleted deployment is gone" test ! -e "$D/add_numbers" -a ! -e "$D/warned"
sbx list --json
expect_jq 'map(.name) | index("add_numbers") == null'

# --- damaged manifests and code ---------------------------------------------------
sbx deploy -n good -e 'return "good"'
sbx deploy -n broken -e 'return "broken"'
printf 'name: [unclosed\n' >"$D/broken/1/manifest.yaml"
sbx get broken
expect_rc 125
expect_err_contains "$D/broken/1/manifest.yaml"
sbx exec-deployment broken
expect_rc 125
expect_err_contains "manifest.yaml"
sbx list --json
expect_rc 0
expect_json 'map(select(.name == "broken"))[0].status' '"damaged"'
expect_json 'map(select(.name == "good"))[0].status' '"active"'
sbx list --status damaged --json
expect_json 'map(.name)' '["broken"]'
sbx exec-deployment good
expect_rc 0
expect_out '"good"'

sbx deploy -n tampered -e 'return "original"'
printf 'return "evil"' >"$D/tampered/1/code.js"
sbx exec-deployment tampered
expect_rc 125
expect_err_contains "SHA-256"

sbx deploy -n wrongdir -e 'return 1'
cp "$D/good/1/manifest.yaml" "$D/wrongdir/1/manifest.yaml"
sbx exec-deployment wrongdir
expect_rc 125
expect_err_contains "lives in wrongdir/1"

printf 'format: 1\nname: good\nversion: "1"\n' >"$D/broken/1/manifest.yaml"
sbx get broken
expect_rc 125
expect_err_contains "'version'"

sbx delete broken
expect_rc 0

# --- links planted in the state directory -------------------------------------------
mkdir -p "$T_TMP/outside"
ln -s "$T_TMP/outside" "$D/evil"
sbx deploy -n evil -e 'return 1'
expect_rc 125
expect_err_contains "symbolic link"
check "nothing written through the link" test -z "$(ls -A "$T_TMP/outside")"
sbx get evil
expect_rc 125
expect_err_contains "symbolic link"
sbx list --json
expect_rc 0
expect_json 'map(select(.name == "evil"))[0].status' '"damaged"'
rm "$D/evil"

sbx deploy -n linked -e 'return 1'
printf 'secret' >"$T_TMP/outside/secret.js"
rm "$D/linked/1/code.js"
ln -s "$T_TMP/outside/secret.js" "$D/linked/1/code.js"
sbx exec-deployment linked
expect_rc 125
expect_err_contains "links are never followed"

ln -s "$D/good/1" "$D/linked/7"
sbx get linked --json
expect_json .versions '[1]'
rm "$D/linked/7"

mv "$D/.lock" "$T_TMP/lock.saved"
ln -s "$T_TMP/outside/lockfile" "$D/.lock"
sbx deploy -n good -e 'return 2'
expect_rc 125
expect_err_contains "symbolic link"
check "lock link not followed" test ! -e "$T_TMP/outside/lockfile"
rm "$D/.lock"

# --- leftovers of killed writers -------------------------------------------------------
mkdir -p "$D/good/.tmp-1-dead" "$D/ghost/.tmp-2-dead"
printf 'half' >"$D/good/.tmp-1-dead/code.js"
sbx list --json
expect_jq 'map(.name) | index("ghost") == null'
sbx deploy -n good -e 'return 3' --json
expect_rc 0
expect_json .version 2
check "a later writer removes temp dirs" test ! -e "$D/good/.tmp-1-dead"

finish
