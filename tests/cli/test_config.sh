#!/bin/sh
# The config file: where it is found, precedence (flags > file > defaults),
# and errors that name file:line:col with exit status 125.
. "$(dirname "$0")/../lib.sh"
FIX="$TESTS_DIR/fixtures/config"

# --- errors: exit 125, one line naming file:line:col ----------------------
sbx prepare --config "$FIX/unknown_key.yaml" -e '1'
expect_rc 125
expect_err_contains "unknown_key.yaml:3:3: unknown key 'timout' in limits"
sbx prepare --config "$FIX/wrong_type.yaml" -e '1'
expect_rc 125
expect_err_contains "wrong_type.yaml:2:11: limits.memory must be a size, not a list"
sbx prepare --config "$FIX/empty_command.yaml" -e '1'
expect_rc 125
expect_err_contains "empty_command.yaml:3:14: languages.r.command is empty: name the program"
sbx prepare --config "$FIX/bad_size.yaml" -e '1'
expect_rc 125
expect_err_contains "bad_size.yaml:2:11: invalid size '256Q'"
sbx prepare --config "$FIX/bad_duration.yaml" -e '1'
expect_rc 125
expect_err_contains "bad_duration.yaml:2:12: invalid duration '5 minutes'"
sbx prepare --config "$FIX/bad_level.yaml" -e '1'
expect_rc 125
expect_err_contains "bad_level.yaml:2:15:"
sbx prepare --config "$T_TMP/missing.yaml" -e '1'
expect_rc 125
expect_err_contains "cannot read the config file"
check "an error is one line" test "$(printf '%s\n' "$err" | wc -l)" -eq 1

# --- the example config is valid -------------------------------------------
sbx prepare --config "$ROOT_DIR/examples/config.yaml" -e '1'
expect_rc 0

# --- search order: --config > $SBX_CONFIG > $XDG_CONFIG_HOME --------------
mkdir -p "$XDG_CONFIG_HOME/sbx"
printf 'policy:\n  js.process: block\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx prepare -e 'process.exit(1)'
expect_rc 1
expect_out_contains "BLOCK"
printf 'policy:\n  js.process: off\n' >"$T_TMP/env.yaml"
SBX_CONFIG="$T_TMP/env.yaml"
export SBX_CONFIG
sbx prepare --json -e 'process.exit(1)'
expect_rc 0
expect_json '.findings | length' 0
printf 'policy:\n  js.process: warn\n' >"$T_TMP/flag.yaml"
sbx prepare --json --config "$T_TMP/flag.yaml" -e 'process.exit(1)'
expect_rc 0
expect_json '.findings[0].severity' '"warn"'
unset SBX_CONFIG
rm -f "$XDG_CONFIG_HOME/sbx/config.yaml"

# --- precedence of limits through `sbx run --json` -------------------------
printf 'limits:\n  timeout: 7s\n  memory: 64M\n  max_output: 2k\n' >"$T_TMP/limits.yaml"
sbx run --config "$T_TMP/limits.yaml" --json -e '1+1'
expect_json '.limits.timeout_ms' 7000
expect_json '.limits.memory_kb' 65536
expect_json '.limits.output_bytes' 2048
sbx run --config "$T_TMP/limits.yaml" --json -t 3 -m 32M -e '1+1'
expect_json '.limits.timeout_ms' 3000
expect_json '.limits.memory_kb' 32768
expect_json '.limits.output_bytes' 2048
sbx run --json -e '1+1'
expect_json '.limits.timeout_ms' 5000
expect_json '.limits.memory_kb' 262144

# max_timeout raises the 300 s cap; without it a long timeout is refused
sbx run --json -t 400 -e '1'
expect_rc 125
printf 'limits:\n  max_timeout: 10m\n' >"$T_TMP/max.yaml"
sbx run --config "$T_TMP/max.yaml" --json -t 400 -e '1'
expect_rc 0
expect_json '.limits.timeout_ms' 400000

# an empty key keeps the default when its section takes that key, and is
# still refused when it does not: the same keys whether empty or not
# (languages.bash takes command, as python does)
printf 'limits:\n  max_code:\nlanguages:\n  bash:\n    command:\n' >"$T_TMP/empty.yaml"
sbx run --config "$T_TMP/empty.yaml" --json -e '1'
expect_rc 0
printf 'languages:\n  java:\n    javac:\n    nope:\n' >"$T_TMP/empty_bad.yaml"
sbx run --config "$T_TMP/empty_bad.yaml" --json -e '1'
expect_rc 125
expect_err_contains "empty_bad.yaml:4:5: unknown key 'nope' in languages.java"
# every language of the table has a section, and the message lists them all
printf 'languages:\n  klingon:\n    command: [x]\n' >"$T_TMP/klingon.yaml"
sbx run --config "$T_TMP/klingon.yaml" --json -e '1'
expect_rc 125
expect_err_contains "(known keys: javascript, typescript, python, java, r, bash, c, cpp, go)"
printf 'limits:\n  max_files: 1K\n  max_code: 65M\n' >"$T_TMP/code.yaml"
sbx run --config "$T_TMP/code.yaml" --json -e '1'
expect_rc 125
expect_err_contains "code.yaml:3:13: limits.max_code must be at most 64M, not '65M'"

# a block rule from the config stops `sbx run` with status blocked (126)
printf 'policy:\n  js.dynamic_code: block\n' >"$T_TMP/strict.yaml"
sbx run --config "$T_TMP/strict.yaml" --json -e 'eval("1")'
expect_rc 126
expect_json '.status' '"blocked"'
expect_json '.findings[0].rule' '"js.dynamic_code"'

finish
