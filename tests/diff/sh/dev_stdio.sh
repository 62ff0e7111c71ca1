# A script that writes through /dev/stdout and /dev/stderr, as shell
# scripts do: the code reopens its own output (sbx gives its output pipes
# to the sandbox's uid; a pipe of root's refused it, "Permission denied").
# Appends only, and nothing through fds 1 and 2 themselves: natively they
# may be files, whose offsets a reopening would overwrite.
echo to-stdout >> /dev/stdout
echo to-stderr >> /dev/stderr
printf 'appended\n' >> /dev/stdout
echo done >> /dev/stdout
