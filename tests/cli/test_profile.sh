#!/bin/sh
# SBX_PROFILE=1: sbx run prints where its start-up went, phase by phase, on
# stderr (src/util/profile.h; bench/startup.sh reads it), the sandbox
# child's phases among the parent's; off, nothing, and the run is the same.
. "$(dirname "$0")/../lib.sh"

phases() { printf '%s\n' "$err" | sed -nE 's/^sbx profile: (.*[^ ]) +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$/\1/p'; }
has_phase() { phases | grep -qx "$1"; }

# Off: no profile line, the output as always.
sbx run -l python -e 'print(1)'
expect_rc 0
expect_out "1"
check "no profile line without SBX_PROFILE" sh -c '! printf "%s" "$1" | grep -q "sbx profile"' _ "$err"

export SBX_PROFILE=0
sbx run -e '1+1'
check "SBX_PROFILE=0 is off" sh -c '! printf "%s" "$1" | grep -q "sbx profile"' _ "$err"
export SBX_PROFILE=1

# Python: the parent's phases and the child's, in time order, stdout intact.
sbx run -l python -e 'print(1)'
expect_rc 0
expect_out "1"
for p in start "options, config, code" policy "work dir" "seccomp filter" \
	"sandbox child started" "child: seccomp" "code ended (exit)" collection record history; do
	check "python run has the phase '$p'" has_phase "$p"
done
order=$(phases | grep -xE 'seccomp filter|child: seccomp|code ended \(exit\)' | tr '\n' ,)
check "in time order: the filter built, the child's seccomp, the code's end" \
	[ "$order" = "seccomp filter,child: seccomp,code ended (exit)," ]
# Each line: the time since the previous mark and since the first, in ms.
check "every profile line has two times" sh -c '
	printf "%s\n" "$1" | grep "^sbx profile:" | grep -vqE " [0-9]+\.[0-9]{3} +[0-9]+\.[0-9]{3}$" && exit 1 || exit 0' _ "$err"

# JavaScript: the embedded engine's child marks too; --json stays one record.
sbx run -e '1+1' --json
expect_rc 0
expect_json .result 2
check "js run has the child's seccomp" has_phase "child: seccomp"
check "js run has the record" has_phase "record"

finish
