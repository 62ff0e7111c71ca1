# Output through a reopened /dev/stdout and /dev/stderr (sbx gives its
# output pipes to the sandbox's uid, as natively they are the user's).
# Appends only, and nothing through fds 1 and 2 themselves: natively they
# may be files, whose offsets a reopening would overwrite.
with open('/dev/stdout', 'a') as out:
    out.write('via /dev/stdout\n')
with open('/dev/stderr', 'a') as err:
    err.write('via /dev/stderr\n')
with open('/dev/stdout', 'a') as out:
    out.write('done\n')
