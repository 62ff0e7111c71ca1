# the environment a script sees: sbx's clean one, as the difftest's native side
echo "PATH=$PATH"
echo "LANG=$LANG"
export GREETING=hi
bash -c 'echo "child sees $GREETING"'
set -u
echo "${UNSET_VARIABLE_SBX:-default}"
echo "$UNSET_VARIABLE_SBX"
