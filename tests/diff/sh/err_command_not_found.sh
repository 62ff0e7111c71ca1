# bash's own error names the script and the line
echo before
no_such_command_sbx --flag
echo "status $?"
undefined_function_here
