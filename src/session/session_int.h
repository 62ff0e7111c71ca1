/* session_int — what the session_*.c files share; no other file includes
 * it. */
#ifndef SBX_SESSION_INT_H
#define SBX_SESSION_INT_H

#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "run/runopt.h"
#include "session/session.h"
#include "util/buf.h"

#define SESSION_SOCKET		 "ctl.sock"
#define SESSION_MANIFEST	 "manifest.yaml"
#define SESSION_LOCK		 "lock"
#define SESSION_ROOT_RUNDIR_BASE "/var/tmp" /* root's run directories (session_create.c) */
#define SESSION_LOG		 "daemon.log"
#define SESSION_LAUNCH_LOCK	 "launch.lock"
/* The daemon's word to its starter when another node holds the lease. */
#define SESSION_HELD_ELSEWHERE "held elsewhere: "

/* ---- session_store.c ---- */
/* STATE/sessions/ID into out; -1 when too long. */
int session_path(const char *state_dir, const char *id, const char *leaf, char *out, size_t n);
/* The manifest as JSON; NULL after a message. */
json_t *session_manifest_read(const char *state_dir, const char *id);
/* Writes it atomically (temporary file, fsync, rename); 0 or -1. */
int session_manifest_write(const char *state_dir, const char *id, json_t *m);
/* Reads, applies the keys of patch, writes, under the session's lock. */
int session_manifest_update(const char *state_dir, const char *id, json_t *patch);
/* An exclusive flock on STATE/sessions/ID/lock; returns the fd or -1. */
int session_lock(const char *state_dir, const char *id);
/* The same on another file: the daemon's start is serialized on
 * SESSION_LAUNCH_LOCK, apart from the manifest's lock the daemon takes. */
int session_lock_file(const char *state_dir, const char *id, const char *leaf);
/* Milliseconds since the epoch; ISO 8601 UTC of a time in ms. */
uint64_t session_now_ms(void);
void session_iso8601(uint64_t ms, char out[32]);
bool session_expired(json_t *m, uint64_t now_ms);

/* ---- session_lease.c: which node runs the session ----
 * The nodes' clocks agree within 1/SESSION_LEASE_SKEW of the duration. */
#define SESSION_LEASE_SKEW 5
/* Takes the lease for node (this process, its daemon): 0 with it in held;
 * 1 when another holds it live (into other, also when another node won a
 * race for it); -1 after a message. */
int session_lease_take(const char *state_dir, const char *id, unsigned node,
		       struct session_lease *held, struct session_lease *other);
/* Extends it by the duration: 0, 1 when it is lost (a newer holder, or
 * its expiry passed first), -1 after a message. */
int session_lease_renew(const char *state_dir, const char *id, struct session_lease *l);
/* Whether l is still this holder's (no newer one, not expired). */
bool session_lease_still(const char *state_dir, const char *id, const struct session_lease *l);
/* The daemon's start under SBX_NODE: takes the lease into l, the first
 * renewal's time (monotonic ms) into renew_at. 1 taken, 0 no node (no
 * lease), -1 with why (SESSION_HELD_ELSEWHERE first when another holds
 * it). */
int session_lease_start(const char *state_dir, const char *id, struct session_lease *l,
			double *renew_at, char *why, size_t n);
/* The daemon's check: renews when renew_at has come (then sets the next),
 * else, when starting an execution, checks it is still held (taking the
 * next generation when it expired untaken). false once
 * lost, with a warning on the daemon's log. */
bool session_lease_keep(const char *state_dir, const char *id, struct session_lease *l,
			double *renew_at, bool starting);
/* Whether the node's server (SBX_NODE_PID) has ended. */
bool session_node_gone(void);
/* Expires it now, unless it was lost. */
void session_lease_release(const char *state_dir, const char *id, struct session_lease *l);

/* ---- session_proto.c: frames on the control socket ----
 * [4-byte big-endian length][1 type byte][payload]; type 'J' is one JSON
 * object, 'O' and 'E' are raw stdout and stderr bytes, 'R' a rich result
 * as it was made (a results_stream.h entry, the daemon's). */
#define PROTO_MAX_JSON	 (64u << 20) /* code and inputs are bounded below this */
#define PROTO_MAX_OUTPUT (1u << 20)
int proto_send(int fd, char type, const void *data, size_t len);
int proto_send_json(int fd, json_t *j);
/* Reads one frame; 1 on a frame, 0 at EOF, -1 on error or a frame over
 * its bound. */
int proto_recv(int fd, char *type, struct buf *payload);
/* Parses a 'J' payload; NULL when it is not one JSON object. */
json_t *proto_json(const struct buf *payload);
/* Sends {"error": msg} and closes fd (the daemon's refusal). */
void proto_reply_error(int fd, const char *msg);

/* ---- session_replay.c: a JavaScript session's saved executions ----
 * For JavaScript and TypeScript kernels (m, the kernel's view of the
 * manifest: session_kernels.c; its "replay" names the log), nothing for
 * the others: the log into the kernel's hello as "replay" (absent when
 * there is none yet); a kernel's "saved" frame appended to the log, its
 * "ms" and "bytes" set to the save's (a "saved" with "fresh" appends the
 * --fresh mark: nothing before it is replayed). Both reach the log only
 * through priv_fd, the run directory's WORKDIR_PRIVATE.
 * session_replay_save returns the log's fd when a line was appended, for
 * the caller to fsync and close, else -1. */
void session_replay_hello(json_t *m, int priv_fd, json_t *hello);
int session_replay_save(json_t *m, int priv_fd, json_t *saved);

/* ---- session_exec_io.c: an execution's stdin, env, args, CPU time ---- */
struct request;
struct workdir;
/* Client: copies --stdin (a file, a FIFO or "-") into the session's
 * RUNDIR/.sbx as a spool, its name into name ("" without --stdin); 0 or -1
 * after a message. unspool removes it when the daemon did not take it. */
int session_stdin_spool(const char *rundir, const struct request *req, char *name, size_t n);
void session_stdin_unspool(const char *rundir, const char *name);
/* Client: the exec request's "stdin" (the spool), "env", "args" and
 * "cpu_ms" keys. */
void session_exec_io_request(json_t *j, const struct request *req, const char *spool);
/* Daemon: takes the spool as RUNDIR/.sbx/stdin (removing the last one),
 * writes Java's inputs.json, and puts "stdin" (a path), "env" and "args"
 * into the kernel's frame msg. 0, or -1 with why. */
int session_exec_io_start(struct workdir *wd, json_t *manifest, json_t *req, json_t *msg, char *why,
			  size_t n);
/* Daemon: removes the spool of a request that will not run (refused, or
 * dropped as the session stops), unless the daemon took it already. */
void session_exec_io_drop(struct workdir *wd, json_t *req);
/* Daemon: removes the execution's RUNDIR/.sbx/stdin once it has ended. */
void session_exec_io_end(struct workdir *wd);
/* Removes the spools in RUNDIR/.sbx (priv_fd, its fd) whose client process is
 * gone (kill -9 between spooling and sending) and that none of the nkeep
 * requests in keep (the daemon's queue) names. */
void session_stdin_sweep(int priv_fd, json_t *const *keep, size_t nkeep);
/* The CPU time the process has used, in ms; -1 when it cannot be read. */
double session_cpu_ms(int pid);
/* How long until an execution that started at cpu0_ms of the interpreter's
 * CPU time could reach limit_ms (its threads may use every core): 0 when
 * it has. */
double session_cpu_check_ms(int pid, double cpu0_ms, double limit_ms);

/* ---- session_files.c: an execution's --file copies and program file ---- */
/* Daemon: copies the request's --file sources into the working directory,
 * replacing the session's files of those names, owned by the kernel's uid;
 * at most the request's files_bytes. 0, or -1 with why. */
int session_files_copy_in(struct workdir *wd, json_t *req, char *why, size_t n);
/* Client: the exec request's "program" (the name as given, its absolute
 * path) when the code is a FILE. */
void session_program_request(json_t *j, const struct request *req);
/* Daemon: writes the code into the working directory under the program's
 * name (not over a --file or a file of that name; not for JavaScript and
 * TypeScript, which have no files), and for Python, JavaScript and
 * TypeScript puts "program" into the kernel's frame msg (bash: its name,
 * when the copy was made, for `bash FILE`). Before the execution's
 * snapshot. */
void session_program_start(struct workdir *wd, json_t *manifest, json_t *req, json_t *msg);
/* Daemon: a JavaScript or TypeScript kernel's --file modules (.js, .mjs,
 * .cjs, .json, .ts), and the working directory's own that the code names
 * (a result.json Python wrote), read and put into the kernel's frame msg
 * ("modules": name → text), which cannot open them itself. */
void session_modules_start(struct workdir *wd, json_t *manifest, json_t *req, json_t *msg);
/* The same for a new kernel's hello: the modules of the working directory
 * that its replay log's executions name, for the replay. */
void session_modules_hello(struct workdir *wd, json_t *hello);
/* Daemon: removes the copy once the execution has ended (its files listed). */
void session_program_end(struct workdir *wd, json_t *req);

/* ---- session_launch.c ---- */
/* Connects to the session's daemon, starting it when it is not running
 * (restored from the saved state). *started says whether it did. Returns
 * the socket or -1 after a message. */
int session_connect(const char *state_dir, const char *id, bool start, bool *started);
/* The lock under which this node starts the session's daemon: held, no
 * daemon of this node starts (nor does one stop unseen: a daemon that
 * stops has written its manifest before its socket closes). The fd. */
int session_launch_lock(const char *state_dir, const char *id);
/* The daemon's listening socket (mode 0600; a dead daemon's is replaced):
 * its fd, or -1 with an error. */
int session_listen(const char *state_dir, const char *id, ino_t *ino);
/* Removes the socket's name if it is still the one bound with inode ino: a
 * daemon that ends after a `stop` must not remove the socket of the daemon
 * a client started meanwhile (that client's exec then found no daemon:
 * "started but does not answer"). */
void session_unlisten(const char *state_dir, const char *id, ino_t ino);
/* Starts the daemon and waits for its kernel; 0 or -1 after a message. */
int session_launch(const char *state_dir, const char *id);
/* The socket's address, through a directory fd so no path is too long. */
int session_socket_addr(const char *state_dir, const char *id, int *dirfd, char *out, size_t n);

/* ---- session_frames.c: a kernel's control frames, checked ----
 * The frame f (taken) rebuilt from the fields its kind may carry, each of
 * its type and bounds ("ready", "start", "done", "saved", "exiting");
 * NULL when it is none of them. The kernel runs the session's code, so
 * its frames are input from outside sbx. */
json_t *session_frame_check(json_t *f);

/* ---- session_remove.c: sessions sbx cannot read ----
 * A session whose manifest is missing or refused, as `list` shows it:
 * {"id", "status": "broken", "error": why, ...}; whether gc removes it (a
 * missing manifest may be one `create` is writing: not for an hour). */
json_t *session_broken(const char *state_dir, const char *id);
bool session_broken_collectable(json_t *broken);
/* Kills the process that still listens on the session's ctl.sock, once
 * verified (our uid, this sbx binary, a pidfd): for delete. */
void session_kill_listener(const char *state_dir, const char *id);

/* ---- session_quota.c: a workspace's disk quota ---- */
/* The bytes the working directory's files take, counted until past
 * stop_at (then stopped: more is not needed). */
uint64_t session_disk_usage(int cwd_fd, uint64_t stop_at);
/* The manifest's quota (disk_bytes), else the default. */
uint64_t session_disk_quota(json_t *m);
/* -1 after ERROR_LIMIT's message: what cannot be done, the use, the quota
 * and the fix. */
int session_quota_error(const char *id, const char *what, uint64_t used, uint64_t quota);
/* session get's "limits" (memory, pids, disk) and "usage" (the same now:
 * memory and tasks of every kernel together while it runs, the files'
 * bytes), into the manifest m read for it. */
void session_describe_limits(json_t *m, bool running);

/* ---- session_account.c: the daemon's own measures of a kernel ----
 * Its CPU time (its own and its reaped children's) and its memory peak
 * (VmHWM), from /proc/PID; -1 when they cannot be read. */
double session_account_cpu_ms(int pid);
long long session_account_peak_kb(int pid);
/* Its resident memory now (VmRSS), -1 when it cannot be read. */
long long session_account_rss_kb(int pid);
/* An execution's "cpu_ms" and "memory_peak_kb" into rec: the kernel pid's
 * readings less those from before it (cpu0_ms; peak0_kb, the least), or
 * its host's measures once it ended (end, its "ended" frame; else NULL). */
void session_account_record(json_t *end, int pid, double cpu0_ms, long long peak0_kb, json_t *rec);
/* Whether the session's kernel (m, its manifest) is sbx's own C code, the
 * embedded JavaScript engine's, whose frames the code cannot write. */
bool session_kernel_link_is_sbx(json_t *m);

/* ---- session_outcome.c: how an execution ended, as sbx decides ---- */
struct exec_end {
	json_t *done;		/* the kernel's checked "done", or NULL */
	json_t *end;		/* its host's "ended", once it ended, or NULL */
	const char *killed_for; /* the daemon killed it: "timeout", "output" */
	bool interrupted;	/* the daemon interrupted it for a limit */
	bool cpu_fired;		/* that limit was the CPU time's */
	bool exiting;		/* the kernel said it exits (sys.exit(N), N != 0) */
	double limit_ms;	/* the limit reached */
};
/* Sets rec's "exit_code" or "signal", "error", "report", "timeout_action";
 * returns the status's name. */
const char *session_exec_status(const struct exec_end *e, json_t *rec);

#endif
