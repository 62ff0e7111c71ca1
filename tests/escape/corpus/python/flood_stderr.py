# Output flood on stderr, unbuffered writes straight to fd 2.
# sbx-args: --max-output 16k -t 10
# sbx-expect: output_limit
import os
while True:
    os.write(2, b"y" * 4096)
