/* session — stateful sandboxes (SPEC "Sessions"): a supervising daemon per
 * session keeps a sandboxed kernel alive and runs executions in it one at a
 * time; the state directory holds each session's manifest, working
 * directory and saved state under sessions/ID/.
 *
 * session_store.c   ids, names, the manifest (YAML, atomic), list, remove
 * session_proto.c   the control socket's frames
 * session_launch.c  starting the daemon, connecting to it
 * session_daemon.c  the daemon's loop: clients, queue, timeouts, idle, TTL
 * session_kernel.c  the daemon's kernel: the sandboxed host process, the
 *                   end-of-execution markers in the output
 * session_client.c  exec: the request out, the record rendered as `run`'s
 *
 * May call: run, render, policy, engine, state, sandbox, core, util.
 */
#ifndef SBX_SESSION_H
#define SBX_SESSION_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/request.h"

#define SESSION_ID_LEN		24 /* "s" + 23 lowercase hex digits */
#define SESSION_TTL_DEFAULT_MS	(24ull * 3600 * 1000)
#define SESSION_IDLE_DEFAULT_MS (15ull * 60 * 1000)

struct session_new {
	const struct lang *lang;
	const char *name; /* NULL: none */
	uint64_t ttl_ms, idle_ms;
	uint64_t memory_bytes;
	uint64_t files_bytes;
	const struct file_spec *files;
	size_t nfiles;
};

/* Creates the session and starts its kernel; writes its id to id. Returns
 * 0, or -1 after a message. */
int session_create(const char *state_dir, const struct session_new *sn,
		   char id[SESSION_ID_LEN + 1]);
/* ID or NAME to the session's id. Returns 0, or -1 after a message naming
 * the fix. */
int session_resolve(const char *state_dir, const char *ref, char id[SESSION_ID_LEN + 1]);
/* The manifest with the derived "status" (running, stopped, expired).
 * NULL after a message. */
json_t *session_describe(const char *state_dir, const char *id);
/* Every session's description, oldest first (an array). */
json_t *session_list(const char *state_dir);
/* Saves the state and stops the processes; 0 or -1. */
int session_stop(const char *state_dir, const char *id);
/* Stops it and removes its files; 0 or -1. */
int session_delete(const char *state_dir, const char *id);
/* gc: removes the expired sessions; *removed counts them. */
int session_gc(const char *state_dir, unsigned *removed);
/* Runs req (code, inputs, limits, format as for `sbx run`) in the session
 * and renders the record as run does; returns the exit code for sbx. */
int session_exec(const char *state_dir, const char *id, struct request *req);

/* The daemon's entry (session_daemon.c), in the daemon process; ready_fd
 * gets "ok\n" or an error line once the kernel is up (or not). */
int session_daemon_main(const char *state_dir, const char *id, int ready_fd);

#endif
