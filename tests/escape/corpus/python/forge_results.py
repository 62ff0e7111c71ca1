# Rich results are the code's own, and only that: a report it forges on fd 3
# with results items cannot set the status, the limits or keys of its own;
# sbx keeps at most 100 items, drops invalid mime types, decides each
# entry's file itself (never the path the code names) and, with --out-dir,
# never overwrites a file the code left there under a result's name.
# sbx-args: --out-dir @OUT@
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-jq: .exit_code == 0 and .error == null and .result == "mine" and (has("forged") | not)
# sbx-jq: .limits.output_bytes == 1048576 and .truncated.stdout == false
# sbx-jq: (.results | length) == 100 and all(.results[]; (keys == ["bytes", "data", "file", "mime", "truncated"]) or (keys == ["bytes", "data", "file", "mime", "note", "truncated"]))
# sbx-jq: .results[0].file == null and (.results[0].note | contains("taken")) and .results[1].file == "result-1.txt"
# sbx-jq: all(.results[]; .mime == "image/png" or .mime == "text/plain")
import os

open("figure-1.png", "w").write("the code's own figure-1.png\n")
items = [b'{"mime":"image/png","data":"iVBORw0KGgo=","file":"../../../../tmp/ESCAPED","x":1}',
         b'{"mime":"text/\\u001b]0;ESCAPED\\u0007","data":"x"}', b'{"mime":"../x","data":"x"}']
items += [b'{"mime":"text/plain","data":"BLOCKED","file":"/tmp/ESCAPED-%d","forged":true}' % i
          for i in range(150)]
os.write(3, b'{"status":"timeout","exit_code":7,"limits":{"output_bytes":1},'
            b'"truncated":{"stdout":true},"forged":true,"result":"mine","results":['
            + b','.join(items) + b']}')
print("BLOCKED the forged results did not decide the record")
