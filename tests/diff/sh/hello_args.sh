# $0, arguments, exit status, stderr: as `bash PROG.sh` shows them
echo "name: $(basename "$0") args: $#"
printf '%s\n' "line one" "line two" >&2
x=$((6 * 7))
echo "x=$x"
for i in 1 2 3; do printf '%d ' "$i"; done; echo
exit 3
