#!/bin/sh
# A final value sbx cannot render as JSON the usual way is never the
# program's failure (issue 34): R's classed vectors (roman, hexmode) are
# their values; a Python int past int_max_str_digits is named, not an error.
. "$(dirname "$0")/../lib.sh"

sbx run --no-history -l r --json -e 'as.roman(1666)'
expect_rc 0
expect_json .status '"ok"'
expect_json .result 1666
expect_json .stdout '"[1] MDCLXVI\n"'
expect_json .stderr '""'

sbx run --no-history -l r --json -e 'as.hexmode(c(10, 255))'
expect_rc 0
expect_json .result '[10,255]'

sbx run --no-history -l r -e 'as.roman(1666)'
expect_rc 0
expect_out "[1] MDCLXVI"
check "R: nothing on stderr" test -z "$err"

sbx run --no-history -l python --json -e '10 ** 5000'
expect_rc 0
expect_json .status '"ok"'
expect_json .result '"<int instance with roughly 5001 digits>"'
expect_json .stderr '""'

# The program's own limit: the digits.
sbx run --no-history -l python --json -e 'import sys; sys.set_int_max_str_digits(0); 10 ** 5000'
expect_rc 0
expect_jq '.result | length == 5001'

printf 'x = 10 ** 5000\nx\n' >"$T_TMP/big.py"
sbx run --no-history "$T_TMP/big.py"
expect_rc 0
check "a FILE's huge final value: nothing on stderr" test -z "$err"

finish
