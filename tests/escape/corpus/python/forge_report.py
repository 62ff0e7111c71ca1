# The record is sbx's: a report the code writes on fd 3 itself gives at most
# its result and error details. It cannot set the status, the exit code, the
# signal or the memory, erase its policy findings or add keys of its own, and
# an error it claims does not fail a run that exited 0.
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-jq: .exit_code == 0 and .signal == null and .error == null and .result == "mine"
# sbx-jq: (has("forged") | not) and .memory_kb.peak < 999999 and .sandbox.seccomp == true
# sbx-jq: (.findings | length) > 0 and .risk > 0
import os
import subprocess  # a policy finding (warn) that the report tries to erase

os.write(3, b'{"status":"timeout","exit_code":7,"signal":"SIGKILL","memory_peak_kb":999999,'
            b'"error":{"name":"Forged","message":"forged"},'
            b'"extra":{"findings":[],"risk":0,"forged":true},"findings":[],"risk":0,'
            b'"forged":true,"sandbox":{"seccomp":false},"result":"mine"}')
print("BLOCKED the forged report did not decide the record")
