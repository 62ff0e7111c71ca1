#!/bin/sh
# A configured interpreter is the one that runs: a virtualenv's python keeps
# its sys.prefix and packages (the sandbox shows the venv read-only), and
# the record, deploy and doctor name it.
. "$(dirname "$0")/../lib.sh"

venv="$T_TMP/venv"
if ! /usr/bin/python3 -m venv --without-pip --system-site-packages "$venv" 2>"$T_TMP/venv.err"; then
	_fail "python3 -m venv failed (install python3-venv): $(cat "$T_TMP/venv.err")"
	finish
	exit 1
fi
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
printf 'GREETING = "hello from the venv"\n' >"$site/sbxvenvmod.py"
cat >"$T_TMP/config.yaml" <<YAML
languages:
  python:
    command: [$venv/bin/python]
YAML

code='import sys, sbxvenvmod
print(sbxvenvmod.GREETING)
[sys.prefix, sys.executable]'
sbx run --config "$T_TMP/config.yaml" -l python -e "$code" --json
expect_rc 0
expect_json .stdout '"hello from the venv\n"'
expect_json .result "[\"$venv\", \"$venv/bin/python\"]"
expect_json .interpreter.path "\"$venv/bin/python\""
expect_jq '.interpreter.version | startswith("Python 3.")'
expect_jq '.sandbox.namespaces | index("mount")'
# The venv is read-only in the sandbox.
sbx run --config "$T_TMP/config.yaml" -l python -e "open('$site/x.py', 'w')" --json
expect_rc 1
expect_json .error.name '"OSError"'
check "nothing was written into the venv" test ! -e "$site/x.py"
# The system's packages stay visible with --system-site-packages ...
sbx run --config "$T_TMP/config.yaml" -l python -e 'import json, sys; any(p.endswith("dist-packages") for p in sys.path)' --json
expect_json .result true
# ... and are gone without it, as in the venv natively.
/usr/bin/python3 -m venv --without-pip "$T_TMP/plain"
cat >"$T_TMP/plain.yaml" <<YAML
languages:
  python:
    command: [$T_TMP/plain/bin/python]
YAML
sbx run --config "$T_TMP/plain.yaml" -l python -e 'import sys; [any(p.endswith("dist-packages") for p in sys.path), sys.prefix]' --json
expect_json .result "[false, \"$T_TMP/plain\"]"
native=$("$T_TMP/plain/bin/python" -c 'import sys; print(any(p.endswith("dist-packages") for p in sys.path))')
check "like the venv natively" test "$native" = False

# Only what running needs is shown (bin, lib, pyvenv.cfg), never the whole
# directory: a venv made in a project directory keeps the project's other
# files out of the sandbox.
mkdir "$T_TMP/project"
echo "API_KEY=secret" >"$T_TMP/project/.env"
/usr/bin/python3 -m venv --without-pip "$T_TMP/project"
cat >"$T_TMP/project.yaml" <<YAML
languages:
  python:
    command: [$T_TMP/project/bin/python]
YAML
sbx run --config "$T_TMP/project.yaml" -l python -e "import os, sys; [os.path.exists('$T_TMP/project/.env'), os.path.exists('$T_TMP/project/pyvenv.cfg'), sys.prefix]" --json
expect_rc 0
expect_json .result "[false, true, \"$T_TMP/project\"]"

# Without namespaces (Landlock shows the venv): the directories on the way
# must be passable for the sandbox's uid, as for any other user.
chmod 711 "$T_TMP"
SBX_NO_NAMESPACES=1 sbx run --config "$T_TMP/config.yaml" -l python -e "$code" --json
expect_rc 0
expect_json .stdout '"hello from the venv\n"'
chmod 700 "$T_TMP"

# The default interpreter is named too.
sbx run -l python -e '1' --json
expect_jq '.interpreter.path | test("^/usr/bin/python3")'
sbx run -l r -e '1' --json
expect_jq '.interpreter.version | test("R")'
sbx run -e '1' --json
expect_json .interpreter null

# deploy records the interpreter that runs, and the deployment runs with it.
sbx deploy --config "$T_TMP/config.yaml" -n venvd -l python -e 'import sbxvenvmod; sbxvenvmod.GREETING' --json
expect_rc 0
want=$("$venv/bin/python" --version)
expect_json .interpreter "\"$want\""
sbx exec-deployment --config "$T_TMP/config.yaml" venvd --json
expect_rc 0
expect_json .result '"hello from the venv"'

# doctor --config shows the file's commands.
sbx doctor --config "$T_TMP/config.yaml" --json
expect_rc 0
expect_jq "[.interpreters[] | select(.language == \"python\")][0].command == \"$venv/bin/python\""
expect_jq "[.interpreters[] | select(.language == \"python\")][0].path == \"$venv/bin/python\""
sbx doctor --json
expect_jq '[.interpreters[] | select(.language == "python")][0].command == "python3"'

finish
