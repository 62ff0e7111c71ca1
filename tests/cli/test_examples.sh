#!/bin/sh
# Every file in examples/ runs and does what its comment says.
. "$(dirname "$0")/../lib.sh"
ex="$ROOT_DIR/examples"

sbx run "$ex/hello.js" --json
expect_rc 0
expect_json .status '"ok"'
sbx run "$ex/timers.js" --json
expect_rc 0
expect_json .status '"ok"'
sbx run "$ex/shapes.ts" --json
expect_rc 0
expect_json .result '{"count":2,"total":9.14}'
expect_json .stdout '"circle: 3.14\nrect: 6.00\n"'
sbx run "$ex/stats.py" -i 'values=[3,1,4,1,5]' --json
expect_rc 0
expect_json .status '"ok"'
expect_jq '.result != null'
sbx run "$ex/stats.R" -i 'values=[3,1,4,1,5]' --json
expect_rc 0
expect_json .status '"ok"'
expect_jq '.result != null'
sbx run "$ex/Hello.java" --json
expect_rc 0
expect_json .status '"ok"'
expect_out_contains "Hello from Java"
sbx run --markdown "$ex/llm-reply.md" --json
expect_rc 0
expect_json .language '"python"'
expect_json .stdout '"[2, 3, 5, 7, 11, 13, 17, 19, 23, 29]\n"'
expect_json .result '[2,3,5,7,11]'
sbx run --config "$ex/config.yaml" -e '1+1' --json
expect_rc 0
expect_json .result 2

out=$(SBX="$SBX" SBX_STATE_DIR="$T_TMP/pipeline" sh "$ex/pipeline.sh" 2>&1)
rc=$?
T_LAST="examples/pipeline.sh"
expect_rc 0
expect_out_contains '"hello, Ada"'
expect_out_contains '{"total":3}'
finish
