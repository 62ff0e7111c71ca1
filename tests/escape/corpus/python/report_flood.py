# A report larger than sbx reads (the output cap, at least 1 MiB) is
# refused with a clear error, never parsed: 8 MiB of "[0,0,0,...".
# sbx-expect: error
# sbx-want: BLOCKED
# sbx-jq: .error.name == "ResultTooLarge" and .exit_code == 0 and .result == null
import os

print("BLOCKED a flood on fd 3 is not parsed")
chunk = b"[" + b"0," * (1 << 19)
for _ in range(8):
    os.write(3, chunk)
