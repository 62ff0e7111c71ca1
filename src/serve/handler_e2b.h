/* handler_e2b — E2B's SDK served by sbx serve --compat e2b, under /e2b:
 * E2B_API_URL=http://HOST:PORT/e2b (the control plane: sandboxes are
 * sessions) and E2B_SANDBOX_URL=http://HOST:PORT/t/TOKEN/e2b (envd's files
 * and processes, the code interpreter's /execute and /contexts; the SDK
 * names the sandbox in the E2b-Sandbox-Id header). The mapping itself is
 * serve/compat/e2b.c's.
 *
 * May call: serve's own files, session, run, render, util.
 */
#ifndef SBX_SERVE_HANDLER_E2B_H
#define SBX_SERVE_HANDLER_E2B_H

#include "run/runopt.h"
#include "serve/handler.h"

/* A request on an /e2b/ route (r->ref: "METHOD /path"), its body whole. */
enum MHD_Result handler_e2b_answer(struct server *s, struct MHD_Connection *conn,
				   const struct api_route *r, const struct api_query *q,
				   const char *body, size_t len);
/* An error as E2B's APIs give them: {"code": STATUS, "message"} (the SDK
 * turns the status into its own error type: 401 AuthenticationError, 404
 * NotFoundError, 400 InvalidArgumentError...). */
enum MHD_Result handler_e2b_error(struct MHD_Connection *conn, const struct api_error *e);

/* The answers the E2B files share (handler_e2b.c): j's JSON (taken) with
 * status; a 204; this thread's first error, or msg as kind, in E2B's
 * shape or, with connect, Connect's. */
enum MHD_Result handler_e2b_json(struct MHD_Connection *conn, int status, json_t *j);
enum MHD_Result handler_e2b_no_content(struct MHD_Connection *conn);
enum MHD_Result handler_e2b_fail_here(struct MHD_Connection *conn, bool connect);
enum MHD_Result handler_e2b_refuse(struct MHD_Connection *conn, bool connect, enum error_kind kind,
				   const char *msg);
/* The state directory and the config's limits as the command line gets
 * them (flag, environment, default): 0, or -1 after a message; release
 * w->req after. */
struct e2b_where {
	struct request req;
	struct run_options ro;
};
int handler_e2b_where(struct e2b_where *w, struct server *s);

/* handler_e2b_files.c: /health, /files and the filesystem.Filesystem RPCs of the
 * session ref (its id or name, from the E2b-Sandbox-Id header). */
enum MHD_Result handler_e2b_files(struct server *s, struct MHD_Connection *conn, const char *ref,
				  const char *method, const char *path, const struct api_query *q,
				  const char *body, size_t len);

/* handler_e2b_exec.c: POST /execute, a session execution streamed as the
 * code interpreter's NDJSON; POST /process.Process/Start, a bash execution
 * in the session streamed as Connect's process events. id: the session's
 * id or name. */
enum MHD_Result handler_e2b_execute(struct server *s, struct MHD_Connection *conn, const char *id,
				    const char *body, size_t len);
enum MHD_Result handler_e2b_process(struct server *s, struct MHD_Connection *conn, const char *id,
				    const char *body, size_t len);
/* A Connect error answer: {"code": name, "message"} with its HTTP status. */
enum MHD_Result handler_e2b_connect_error(struct MHD_Connection *conn, const struct api_error *e);

#endif
