#!/bin/sh
# Derive sbx's Duktape configuration from Debian's generated duk_config.h.
# Debian ships the engine source (duktape.c) next to its config; building it
# ourselves lets us turn on FASTINT (~1.5x faster integer code) and the
# interrupt counter with an exec-timeout hook, which the packaged .so lacks,
# to make JSON.stringify leave U+2028/U+2029 unescaped (ES2019, node), and
# without tail calls (node has none: endless tail recursion must overflow).
# Usage: build-aux/duk-config.sh SRC_DUK_CONFIG_H > OUT
set -eu
src=${1:-/usr/share/duktape/duk_config.h}
# A pipeline hides sed's failure: check the input first.
[ -r "$src" ] || { echo "duk-config.sh: $src is missing (install duktape-dev)" >&2; exit 1; }
sed \
	-e 's|^#undef DUK_USE_FASTINT$|#define DUK_USE_FASTINT|' \
	-e 's|^#undef DUK_USE_INTERRUPT_COUNTER$|#define DUK_USE_INTERRUPT_COUNTER|' \
	-e 's|^#undef DUK_USE_EXEC_TIMEOUT_CHECK$|#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) sbx_duk_exec_timeout(udata)|' \
	-e 's|^#define DUK_USE_NONSTD_JSON_ESC_U2028_U2029$|#undef DUK_USE_NONSTD_JSON_ESC_U2028_U2029 /* sbx: JSON.stringify writes them raw, as ES2019 and node */|' \
	-e 's|^#undef DUK_USE_DATE_GET_LOCAL_TZOFFSET$|#define DUK_USE_DATE_GET_LOCAL_TZOFFSET(d) 0 /* sbx: UTC; mktime would stat /etc/localtime */|' \
	-e 's|^#define DUK_USE_TAILCALL$|#undef DUK_USE_TAILCALL /* sbx: V8 has no tail calls: endless tail recursion is a RangeError, not a loop until the timeout */|' \
	"$src" | sed '$d'
cat <<'EOT'
/* sbx: the exec-timeout hook lives in src/engine/engine_duktape.c. */
duk_bool_t sbx_duk_exec_timeout(void *udata);
#endif  /* DUK_CONFIG_H_INCLUDED */
EOT
