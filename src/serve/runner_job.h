/* runner_job — what a fork of the server's runner (runner.h) does for a
 * request: no command line, no exec; a run calls the run pipeline
 * (run/job.h) with the request itself, a command that runs no code calls
 * that command's library function.
 *
 * The handler thread describes the job as one JSON object (request_plan.c
 * builds it, the runner carries it as bytes):
 *   {"job": "run" | "exec-deployment" | "prepare" | "deploy" | "warm"
 *           | "session-exec" | "session" | "list" | "get" | "delete"
 *           | "stats" | "doctor" | "batch",
 *    "format": "json" | "ndjson" | "text",
 *    "state_dir": S, "config": C,      (absent: the defaults)
 *    "out_dir": D,                     (return_files: the server's directory)
 *    "front": "cli",                   (sbx --remote's requests)
 *    "language": L, "engine": E,       (warm: the sandbox's language;
 *                                       prepare: its flags)
 *    "settings": [[FLAG, VALUE], ...], (deploy: sbx deploy's flags, in
 *                                       order, applied by option id)
 *    "session": REF,                   (session-exec: the session)
 *    "sub": SUB,                       (session: create, list, get, stop,
 *                                       delete or ttl)
 *    "operands": [...]}                (session, get, delete: the REF)
 * The commands' "settings" are their flags by name and value, in the
 * order of the command line they stand for ([FLAG] for a switch): a
 * session's (session/session_admin.h), list's --language and --status
 * (state/deployments.h), stats' query (state/history_stats_cmd.h), a
 * batch's, --state-dir and --config first (batch/batch_args.h; its
 * requests come on stdin). doctor takes none (run/doctor.h).
 * and the request's body comes on the child's standard input, read whole
 * and applied by request_json_apply: the keys, limits and messages of `sbx
 * run --request -`; a prepare's stdin is the code, as `sbx prepare -`
 * reads it, and so is a deploy's, as `sbx deploy ... -`. "warm" is a
 * warm sandbox of the pool (warm_pool.h, run/warm_run.h): made for a
 * plain run of L before its request comes.
 *
 * A session-exec is a session's execution whose daemon is stopped, which
 * the fork starts (session/session_exec_job.h): the body on stdin, as
 * `sbx session exec --request - REF` reads it.
 *
 * May call: batch, session, run, state, render, core, util.
 */
#ifndef SBX_SERVE_RUNNER_JOB_H
#define SBX_SERVE_RUNNER_JOB_H

#include <stddef.h>

/* Runs the job msg (len bytes) with fds 0-2 as the request's pipes, in a
 * process of its own (the runner's fork). Returns sbx's exit code, after
 * the record (or, for sbx's own failure, an "sbx_error" record in the
 * job's format; in JSON when it asked for text, for the server to read). */
int runner_job_main(const char *msg, size_t len);

#endif
