# Output flood on stdout: stopped at 16x the kept size.
# sbx-args: --max-output 16k -t 10
# sbx-expect: output_limit
import sys
while True:
    sys.stdout.write("x" * 4096 + "\n")
