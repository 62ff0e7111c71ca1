/* prepare_check — `sbx prepare`'s report on code, made without running it
 * (policy findings, dependencies, a syntax check by the language's own
 * parser in the sandbox). Used by cmd_prepare.c and cmd_deploy.c; it calls
 * the pipeline (execute, engine_build), so the policy layer does not.
 */
#ifndef SBX_PREPARE_CHECK_H
#define SBX_PREPARE_CHECK_H

#include <jansson.h>

#include "core/config.h"
#include "core/request.h"

/* Everything `sbx prepare` reports, without running the code:
 *   {"status": "ok" | "syntax_error" | "blocked", "runnable": bool,
 *    "language", "code_sha256",
 *    "syntax": {"checked": bool, "ok": bool|null, "checker": "...",
 *               "error": {name, message, line, column}|null, "note": "..."},
 *    "findings": [...], "risk": 0..1,
 *    "dependencies": [{"name", "line", "available": bool|null}],
 *    "transforms": [{"kind", "from", "to", "reason", "line"}]}
 * Syntax is checked by the language's own parser running in the sandbox
 * (execute() of a small checker program; the user's code is parsed, never
 * run); Python and R dependencies are looked up by the same sandboxed
 * interpreter. req must be finished (request_finish). *verdict is 0 when
 * the code may run, 1 on a syntax error or a block finding. Returns a new
 * reference. */
json_t *prepare_check(const struct request *req, const struct config *cfg, int *verdict);

#endif
