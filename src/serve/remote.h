/* remote — `sbx --remote URL COMMAND ...`: the command is sent to an
 * `sbx serve` and its answer printed as the local command prints it (text,
 * --json, --format ndjson as it streams), with the same exit code. Local
 * files (FILE, -f, --stdin, --inputs @FILE) are read here and sent in the
 * body.
 *
 * May call: serve (curl), run, core, util.
 */
#ifndef SBX_SERVE_REMOTE_H
#define SBX_SERVE_REMOTE_H

#include <stdbool.h>
#include <jansson.h>
#include <stddef.h>

#include "util/buf.h"
#include "util/opt.h"

/* Whether COMMAND can be sent to a server. */
bool remote_supports(const char *command);
/* argv[0] is the command; tables are its option tables. token_file may be
 * NULL ($SBX_TOKEN then). Returns the exit code. */
int remote_main(const char *url, const char *token_file, const struct opt_spec *const *tables,
		int argc, char **argv);

/* --- remote.c: the transport ------------------------------------------ */
struct remote_reply {
	long status;
	int exit_code; /* X-Sbx-Exit-Code, or -1 */
	bool ndjson;   /* the answer streams NDJSON: lines go to on_line */
	/* X-Sbx-Path-Type of GET /v1/sessions/REF/files: "directory" (a JSON
	 * listing) or "file" (its bytes); "" when absent */
	char path_type[16];
	struct buf body;
	size_t line_start;
	void (*on_line)(void *ctx, const char *line, size_t len);
	void *ctx;
};
/* One request. accept may be NULL. Returns 0 when an answer came (any
 * status), -1 after a message (the server cannot be reached). */
int remote_call(const char *method, const char *path, const char *body, size_t len,
		const char *accept, struct remote_reply *r);
/* An error answer {"error": {"message"}}: prints it as sbx's message and
 * returns 125 (main then writes the sbx_error record under --json). */
int remote_fail(struct remote_reply *r);

/* --- remote_run.c: run, exec-deployment, prepare, deploy --------------- */
int remote_run(const char *command, const struct opt_spec *const *tables, int argc, char **argv);
/* "session-exec" is `session exec`: argv[0] is "exec". */

/* --- remote_session.c: sbx session SUB (argv[0] is "session") ---------- */
int remote_session(const struct opt_spec *const *tables, int argc, char **argv);
/* remote_session_files.c: sbx session files REF SUB ARGS (ops[0] REF) over
 * /v1/sessions/REF/files; its exit code. */
int remote_session_files(char **ops, int nops, bool json, bool recursive, bool parents);

/* --- remote_batch.c: sbx batch ----------------------------------------- */
int remote_batch(const struct opt_spec *const *tables, int argc, char **argv);

/* --- remote_events.c: sbx --remote URL events [--follow] ------------- */
int remote_events(const struct opt_spec *const *tables, int argc, char **argv);

#endif
