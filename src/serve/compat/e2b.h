/* e2b — E2B's Code Interpreter SDK (@e2b/code-interpreter, e2b) as a thin
 * mapping onto sbx's own operations: an E2B sandbox is an sbx session, a
 * context a language in it, runCode a session execution, the envd files
 * and commands the session's workspace and a bash execution in it. Pure
 * data in and out (JSON, bytes): serve/handler_e2b*.c route, authenticate
 * and run. The wire formats the SDK speaks beside JSON (multipart uploads,
 * Connect's envelopes) are e2b_wire.c's.
 *
 * May call: util, core (and jansson).
 */
#ifndef SBX_SERVE_COMPAT_E2B_H
#define SBX_SERVE_COMPAT_E2B_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "util/buf.h"

/* The envd version sbx says it speaks: new enough that the SDK sends no
 * default user and uses the current file and process protocols. */
#define E2B_ENVD_VERSION "0.5.7"
/* The directory E2B's sandboxes start in, mapped to the workspace. */
#define E2B_HOME "/home/user"

/* POST /v2/sandboxes's body as `sbx session create`'s ({"language",
 * "ttl"}), or NULL with a message for what sbx cannot give (a template
 * that is not the code interpreter's, internet access, env vars, volumes,
 * auto-pause). */
json_t *e2b_create_request(json_t *body, char *msg, size_t n);

/* A session's description (session_describe) as E2B's sandbox
 * (SandboxDetail / ListedSandbox). */
json_t *e2b_sandbox(json_t *session);

/* POST /execute's body ({code, context_id, language, env_vars}) as a
 * session execution's ({"code", "language"?, "env"?}), or NULL with a
 * message. lang gets the E2B language name answered in the lines (the
 * context's, else "python"). */
json_t *e2b_exec_request(json_t *body, char *lang, size_t lang_n, char *msg, size_t n);

/* A context's id as sbx's language name ("python", "javascript", ...),
 * or NULL for a language sbx does not run. */
const char *e2b_language(const char *e2b_name);
/* A context ({id, language, cwd}) for an E2B language name. */
json_t *e2b_context(const char *e2b_name);

/* One NDJSON event line of a session execution as the E2B lines it makes
 * (stdout, stderr, result, error, number_of_executions,
 * end_of_execution), appended to out. A line that is not an event is an
 * error line (sbx's own failure). Returns true once the execution ended. */
bool e2b_exec_line(const char *line, size_t len, const char *lang, struct buf *out);

/* The main result's text as the language's REPL shows it (Python: repr). */
char *e2b_result_text(json_t *value, const char *lang);

/* An E2B path (absolute under /home/user, or relative to it) as the
 * workspace's ("" for the workspace itself), or NULL with a message. */
const char *e2b_workspace_path(const char *path, char *out, size_t n, char *msg, size_t mn);

/* A workspace entry ({name, type, size, mode, mtime}) in directory dir
 * (workspace-relative) as envd's EntryInfo, in Connect's JSON. */
json_t *e2b_entry(json_t *entry, const char *dir);

/* The output of a bash execution's event line as Connect's process events
 * (StartResponse JSON messages, framed), appended to out: the start event
 * first (*started, false at first, says it was given), then its output
 * and its end. Returns true once the process ended. */
bool e2b_process_line(const char *line, size_t len, bool *started, struct buf *out);

#endif
