# A failed run cannot pass itself off as a limit sbx enforced, nor as sbx's
# own failure: "status" in the report is ignored.
# sbx-expect: error
# sbx-want: BLOCKED
# sbx-jq: .exit_code == 5 and .error.name == "Mine"
import os

os.write(3, b'{"status":"sandbox_error","error":{"name":"Mine","message":"m","extra":1}}')
print("BLOCKED the status is not the code's to give")
os._exit(5)
