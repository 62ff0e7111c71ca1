#!/bin/sh
# Store a snippet as a deployment, run it with new inputs, read the stats.
#   sh examples/pipeline.sh            (uses a throwaway state directory)
set -eu
: "${SBX:=sbx}"
export SBX_STATE_DIR="${SBX_STATE_DIR:-$(mktemp -d)}"

"$SBX" deploy -n greet -e 'return "hello, " + inputs.who' -i who=world >/dev/null
"$SBX" exec-deployment greet                 # "hello, world"
"$SBX" exec-deployment greet -i who=Ada      # "hello, Ada"
"$SBX" exec-deployment greet --json | jq -c '{status, result, deployment}'
"$SBX" stats --deployment greet --json | jq -c '{total: .total}'
