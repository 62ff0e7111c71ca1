/* session_exec_job — one session execution as a front's fork runs it:
 * what `sbx session exec --format F [--out-dir D] --request - ID` does
 * (the request read from standard input and checked as the command reads
 * it, the session resolved and started if it is stopped, the execution run
 * in its kernel, its record rendered to standard output and recorded),
 * through session_exec, with no exec and no command line. sbx mcp's
 * exec_in_session and sbx serve's session executions that need a process
 * (the session's daemon is stopped: the fork starts it) call it.
 */
#ifndef SBX_SESSION_EXEC_JOB_H
#define SBX_SESSION_EXEC_JOB_H

#include "core/outcome.h"

struct session_exec_job {
	const char *state_dir, *config; /* NULL: the defaults */
	enum output_format format;
	const char *out_dir; /* the rich results saved there; NULL: not */
	const char *ref;     /* the session: ID or NAME */
};

/* Returns sbx's exit code (the record's), EXIT_SBX_FAILURE after an error
 * message. */
int session_exec_job_run(const struct session_exec_job *job);

#endif
