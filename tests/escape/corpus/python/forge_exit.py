# A report that claims success does not hide a failed exit: the status and
# exit code come from how the process really ended.
# sbx-expect: error
# sbx-want: BLOCKED
# sbx-jq: .exit_code == 3 and .ok == false
import os
import sys

os.write(3, b'{"status":"ok","exit_code":0,"error":null,"result":1}')
print("BLOCKED the exit status is sbx's to see")
sys.stdout.flush()
os._exit(3)
