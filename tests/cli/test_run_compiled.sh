#!/bin/sh
# sbx run -l c|cpp|go: the compiler as a sandboxed step with its binary
# cached, the binary as the run; errors with the user's line and column;
# prepare, deploy/exec-deployment without compiling, Markdown fences,
# sessions' refusal.
. "$(dirname "$0")/../lib.sh"

C_HELLO='#include <stdio.h>
int main(int argc, char **argv) { printf("hello %d %s\n", argc, argc > 1 ? argv[1] : "-"); return 0; }'
sbx run -l c --json -e "$C_HELLO" -- x
expect_rc 0
expect_json .status '"ok"'
expect_json .language '"c"'
expect_json .stdout '"hello 2 x\n"'
expect_json .compile.cached false
expect_json '.interpreter.version | test("gcc")' true
# The second run takes the binary from the cache.
sbx run -l c --json -e "$C_HELLO"
expect_json .compile.cached true
expect_json .stdout '"hello 1 -\n"'

sbx run -l cpp -e '#include <iostream>
int main() { std::string s; std::getline(std::cin, s); std::cout << "read " << s << std::endl; }' \
	--stdin "$(printf 'line\n' >"$T_TMP/in"; echo "$T_TMP/in")"
expect_out 'read line'
sbx run -l c++ -e 'int main() { return 5; }'
expect_rc 5
sbx run -l go -e 'package main
import "fmt"
func main() { fmt.Println("go", 6*7) }'
expect_out 'go 42'
sbx run -l golang -e 'package main
import "os"
func main() { os.Exit(3) }'
expect_rc 3

# A compile error: the compiler's message, the user's line and column.
sbx run -l c --json -e 'int main(void) {
  return missing;
}'
expect_rc 1
expect_json .error.name '"CompileError"'
expect_json .error.line 2
expect_json .error.column 10
expect_jq '.stderr | contains("main.c:2:10: error")'
sbx run -l go --json -e 'package main
func main() { x := 1 }'
expect_rc 2
expect_json .error.name '"CompileError"'
expect_json .error.line 2
# A FILE: detected by its extension, named by itself in messages.
printf 'int main(void) { return oops; }\n' >"$T_TMP/prog.c"
sbx run "$T_TMP/prog.c" --json
expect_json .language '"c"'
expect_jq '.stderr | contains("prog.c:1:")'
printf '#include <cstdio>\nint main() { std::puts("cc file"); }\n' >"$T_TMP/x.cc"
sbx run "$T_TMP/x.cc"
expect_out 'cc file'

# A FILE compiled beside --file copies may include them: its binary is not
# cached (the key does not name them), so a changed header is seen.
mkdir "$T_TMP/inc"
printf '#include <stdio.h>\n#include "data.h"\nint main(void) { puts(MSG); return 0; }\n' >"$T_TMP/inc/use.c"
printf '#define MSG "one"\n' >"$T_TMP/inc/data.h"
sbx run "$T_TMP/inc/use.c" -f "$T_TMP/inc/data.h"
expect_out 'one'
printf '#define MSG "two"\n' >"$T_TMP/inc/data.h"
sbx run "$T_TMP/inc/use.c" -f "$T_TMP/inc/data.h" --json
expect_json .stdout '"two\n"'
expect_json .compile.cached false

# A crash is reported as the shell shows it: the signal, status 128+N.
sbx run -l c --json -e '#include <stdlib.h>
int main(void) { abort(); }'
expect_rc 134
expect_json .status '"signaled"'

# prepare: the build is the syntax check; findings; the compile transform.
sbx prepare -l cpp --json -e 'int main() { return }'
expect_rc 1
expect_json .status '"syntax_error"'
expect_json .syntax.checker '"g++"'
sbx prepare -l c --json -e '#include <stdlib.h>
#include <sys/socket.h>
int main(void) { system("ls"); return socket(2, 1, 0); }'
expect_rc 0
expect_json '[.findings[].rule]' '["c.process","c.network"]'
expect_json '[.dependencies[].name]' '["stdlib.h","sys/socket.h"]'
expect_json '.transforms[0].kind' '"compile"'
sbx prepare -l go --json -e 'package main
import ("fmt"; "os/exec"; "net/http"; "github.com/x/y")
func main() { fmt.Println(exec.Command, http.Get) }'
expect_json '[.findings[].rule]' '["go.process","go.network"]'
expect_json '[.dependencies[] | [.name, .available]]' '[["fmt",true],["os/exec",true],["net/http",true],["github.com/x/y",false]]'

# Deployments carry the binary: exec-deployment does not compile.
sbx deploy -n cdep -l c -e "$C_HELLO" --json
expect_rc 0
expect_json '.artefacts[0].kind' '"native-binary"'
rm -rf "$SBX_STATE_DIR/cache/c"
sbx exec-deployment cdep --json
expect_json .status '"ok"'
expect_json .compile.cached true

# Markdown fences.
out=$(printf '```cpp\n#include <cstdio>\nint main(){std::puts("md cpp");}\n```\n' | "$SBX" run --markdown - 2>&1)
expect_out 'md cpp'
out=$(printf '```golang\npackage main\nimport "fmt"\nfunc main(){fmt.Println("md go")}\n```\n' | "$SBX" run --markdown - 2>&1)
expect_out 'md go'

# Sessions: refused, with the way that works.
sbx session create -l cpp
expect_rc 125
expect_err_contains "sessions do not support cpp yet: use 'sbx run -l cpp'"

finish
