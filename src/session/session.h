/* session — stateful sandboxes (SPEC "Sessions"): a supervising daemon per
 * session keeps a sandboxed kernel alive and runs executions in it one at a
 * time; the state directory holds each session's manifest, working
 * directory and saved state under sessions/ID/.
 *
 * session_store.c   ids, names, the manifest (YAML, atomic), list, remove
 * session_proto.c   the control socket's frames
 * session_launch.c  starting the daemon, connecting to it
 * session_daemon.c  the daemon's loop: clients, queue, timeouts, idle, TTL
 * session_kernel_link.c  the daemon's kernel: the sandboxed host process, the
 *                   end-of-execution markers in the output
 * session_client.c  exec: the request out, the record rendered as `run`'s
 *                   (session_run_*: in steps, for sbx serve's threads)
 * session_request.c the checks and settling of a request, CLI and serve
 * session_persist.c the daemon's writer thread (manifest, replay fsync)
 *
 * May call: run, render, policy, engine, state, sandbox, core, util.
 * Called by cli and serve.
 */
#ifndef SBX_SESSION_H
#define SBX_SESSION_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/request.h"

#define SESSION_ID_LEN 24 /* "s" + 23 lowercase hex digits */
/* The first two hex digits after "s" are the node that created the
 * session (SBX_NODE, 1-255, which sbx serve --node sets for its children;
 * 00: none), so a load balancer routes a session's requests to its node
 * by the id alone (examples/haproxy). */
#define SESSION_NODE_ENV	"SBX_NODE"
#define SESSION_TTL_DEFAULT_MS	(24ull * 3600 * 1000)
#define SESSION_IDLE_DEFAULT_MS (15ull * 60 * 1000)

struct session_new {
	const struct lang *lang;
	const char *name; /* NULL: none */
	uint64_t ttl_ms, idle_ms;
	uint64_t memory_bytes;
	uint64_t disk_bytes; /* the workspace's files together */
	unsigned require;    /* --require's LAYER_* bits: the daemon refuses to start without */
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
/* Whether s has the form of a session id (s + 23 hex digits). */
bool session_id_ok(const char *s);
/* The node number an id carries (0: none). */
unsigned session_id_node(const char *id);
/* SBX_NODE: 0 when unset; -1 after a message when it is not 1-255. */
int session_this_node(void);

/* The lease of the node that runs a session when nodes share the state
 * directory (session_lease.c; only under SBX_NODE). */
#define SESSION_LEASE_ENV "SBX_LEASE_MS"
/* sbx serve --node's pid, for the daemons it starts: a daemon whose node
 * is gone (killed, drained) stops between executions and releases its
 * lease, so another node takes the session over at once. */
#define SESSION_NODE_PID_ENV "SBX_NODE_PID"
struct session_lease {
	unsigned long gen; /* lease.GEN in the session's directory */
	unsigned node;
	int pid; /* the holder's daemon, on its node */
	uint64_t expires_at_ms;
};
/* The session's current lease into l: 1, 0 when it never had one, -1
 * after a message. */
int session_lease_read(const char *state_dir, const char *id, struct session_lease *l);
/* Whether another node must still leave it to its holder at now_ms (its
 * expiry plus the clock skew the nodes may have). */
bool session_lease_live(const struct session_lease *l, uint64_t now_ms);
/* The node that holds the session's lease live; 0: none (never taken,
 * released, expired, or unreadable). */
unsigned session_lease_holder(const char *state_dir, const char *id);
/* SBX_LEASE_MS, else 30 s; check_env: -1 after a message when it is not
 * a duration (sbx serve's start). */
uint64_t session_lease_ms(void);
int session_lease_check_env(void);
/* The manifest with the derived "status" (running, stopped, expired).
 * NULL after a message. */
json_t *session_describe(const char *state_dir, const char *id);
/* The manifest as stored (no status: the daemon is not asked). NULL after
 * a message. */
json_t *session_read(const char *state_dir, const char *id);
/* How many sessions the state directory holds (their directories only: no
 * manifest read, no daemon asked), for a readiness probe. */
size_t session_count(const char *state_dir);
/* Every session's description, oldest first (an array). */
json_t *session_list(const char *state_dir);
/* Saves the state and stops the processes; 0 or -1. */
int session_stop(const char *state_dir, const char *id);
/* The session expires ttl_ms from now, and each execution renews it by
 * ttl_ms (E2B's setTimeout): its daemon's, or the manifest's when none runs.
 * 0, or -1 with the error (an expired session: conflict). */
int session_set_ttl(const char *state_dir, const char *id, uint64_t ttl_ms);
/* Stops it and removes its files; 0 or -1. */
int session_delete(const char *state_dir, const char *id);
/* gc: removes the expired sessions; *removed counts them. */
int session_gc(const char *state_dir, unsigned *removed);
/* Runs req (code, inputs, limits, format as for `sbx run`) in the session
 * and renders the record as run does; returns the exit code for sbx. */
int session_exec(const char *state_dir, const char *id, struct request *req);

/* session_request.c: a request's keys that a session cannot honour (the
 * program's stdin, env, args, a CPU budget, --engine node); 0 or -1 after
 * a message. */
int session_exec_refuse(const struct request *req);
/* ref (ID or NAME) to id, the session's language into ro, then the code
 * (from -e, FILE operands or the request's "code") loaded and the request
 * finished as runopt_finish does. 0 or -1 after a message. */
struct run_options;
int session_exec_prepare(struct run_options *ro, const char *ref, char **operands, int nops,
			 char id[SESSION_ID_LEN + 1]);

/* session_exec in steps, for a caller that interleaves it with other work
 * (sbx serve answers from a connection's thread, a frame at a time):
 * begin checks the session and the code and, with may_start false,
 * connects first: a session whose daemon is not running sets *stopped and
 * returns NULL without a word, for the caller to run `sbx session exec`
 * (which starts it) instead. NULL otherwise after a message. w (NULL:
 * standard output) gets the rendered lines. step moves one frame (1: more
 * to come, 0: over); end renders the record, records the history, frees s
 * and returns the exit code; abandon frees s when nobody is listening
 * (the execution finishes in the session all the same). No globals: one
 * thread per run. */
struct render_writer;
struct session_run;
struct session_run *session_run_begin(const char *state_dir, const char *id, struct request *req,
				      const struct render_writer *w, bool may_start, bool *stopped);
int session_run_step(struct session_run *s);
/* The daemon's socket that the next step reads (to poll beside another
 * fd), or -1 when that step does not read it. */
int session_run_fd(const struct session_run *s);
int session_run_end(struct session_run *s);
void session_run_abandon(struct session_run *s);

/* session_workspace.c: the files API of a session's workspace, in the
 * caller's process through the working directory's fds (see the file for
 * why not in the daemon; a stopped session works as a running one). Paths
 * are relative to the workspace ("" or "." is the workspace itself for a
 * listing); "..", absolute paths, control characters and a link anywhere
 * on the way are refused. Every function returns -1 (or NULL) after a
 * message whose kind (error_first_kind) says not_found, invalid, limit,
 * conflict or internal. */
#define SESSION_WS_LIST_MAX 10000 /* entries of one listing */
struct session_ws;
struct session_ws *session_ws_open(const char *state_dir, const char *id);
void session_ws_close(struct session_ws *ws);
/* {"path", "type", "entries": [{name, type, size, mode, mtime}],
 * "truncated"} of a directory (sorted by name) or of one file. */
json_t *session_ws_list(struct session_ws *ws, const char *path);
/* A regular file's fd for reading (not a link, a fifo, a device, nor a
 * file with several hard links), its size at most cap into *size. */
int session_ws_open_file(struct session_ws *ws, const char *path, uint64_t cap, uint64_t *size);
/* Writes in's bytes (at most cap) as path: a new file renamed into place,
 * owned by the kernel's uid, missing directories made; replaces a file,
 * refuses a directory or a link. */
int session_ws_write(struct session_ws *ws, const char *path, int in, uint64_t cap,
		     uint64_t *written);
/* The same from memory (an HTTP body). */
int session_ws_write_bytes(struct session_ws *ws, const char *path, const void *data, size_t len,
			   uint64_t cap);
/* session_workspace_print.c: a listing on standard output, as JSON (one
 * line) or as text (type, mode, size, mtime, name; a directory's name
 * with '/'), its truncation and unlisted names as warnings. */
void session_ws_print_listing(json_t *l, bool json);
/* Removes a file (or a directory and what it holds with recursive). */
int session_ws_remove(struct session_ws *ws, const char *path, bool recursive);
/* Makes a directory (parents: its missing parents too, an existing one is
 * no error). */
int session_ws_mkdir(struct session_ws *ws, const char *path, bool parents);
/* The daemon's entry (session_daemon.c), in the daemon process; ready_fd
 * gets "ok\n" or an error line once the kernel is up (or not). */
int session_daemon_main(const char *state_dir, const char *id, int ready_fd);

#endif
