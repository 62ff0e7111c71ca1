/* session_daemon_int — what the daemon's files share: the daemon's state
 * (session_daemon.c: its socket, clients and loop), its kernel set
 * (session_kernels.c: one kernel per language of the workspace), its
 * limits as a whole (session_group.c) and its executions
 * (session_daemon_exec.c). No other file includes it. */
#ifndef SBX_SESSION_DAEMON_INT_H
#define SBX_SESSION_DAEMON_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/results_stream.h"
#include "sandbox/cgroup.h"
#include "sandbox/workdir.h"
#include "session/session_kernel_link.h"
#include "session/session_persist.h"

#define MAX_WAITING   64    /* connected, request not read yet */
#define MAX_QUEUE     64    /* executions waiting their turn */
#define MAX_KERNELS   8	    /* languages with a kernel: at most one each */
#define GRACE_MS      2000  /* after SIGINT, before the kernel is killed */
#define START_MS      60000 /* a kernel's start and restore */
#define CLIENT_IO_S   10    /* a client that neither sends nor reads is dropped */
#define LANG_NAME_MAX 32
/* Tasks (threads count) of all the workspace's kernels together; each
 * kernel's own cgroup keeps CGROUP_PIDS_MAX. */
#define SESSION_PIDS_MAX 192
#define DISK_WATCH_MS	 250 /* the disk quota's check during an execution */

struct job {
	int fd; /* -1: the client went away */
	json_t *req;
};

struct daemon;

/* One language's kernel in the workspace. Every kernel shares the run
 * directory (its work/ and .sbx/); what differs is its saved state's file
 * (each language names its own) and a JavaScript kernel's replay log. */
struct kernel_slot {
	struct daemon *d;
	char lang[LANG_NAME_MAX]; /* the language table's name */
	/* What session_kernel_link_start and the per-language helpers read of
	 * the manifest, with this kernel's language: {"language", "rundir",
	 * "memory_bytes", "replay"}. */
	json_t *view;
	struct session_kernel_link k;
	bool restored_pending;	/* its next record says restored */
	char recovered[256];	/* why it came back, for that record */
	json_int_t saved_count; /* the session's executions when it last saved */
	double last_used;	/* monotonic ms of its last execution */
	json_int_t executions;	/* the session's executions in this language */
	/* Its last finished execution: the seq it was sent with and the
	 * session's count then, for its save if that comes later. */
	json_int_t finished_seq, finished_count;
	/* Its last execution ran out of memory (a Java kernel's done frame
	 * says so: it ends before the next, unsaved; the note says why). */
	bool last_out_of_memory;
};

struct daemon {
	const char *state_dir, *id;
	json_t *m;
	int lfd;
	ino_t sock_ino; /* the socket's name, ours while its inode is this */
	struct kernel_slot kernels[MAX_KERNELS]; /* [0]: the session's own language */
	size_t nkernels;
	struct kernel_slot *cur; /* the execution's kernel (the last one's when idle) */
	struct workdir wd;
	int waiting[MAX_WAITING];
	size_t nwait;
	struct job queue[MAX_QUEUE];
	size_t nq;
	/* the execution in progress */
	bool busy;
	struct job cur_job;
	json_int_t seq;
	double start_ms, deadline_ms;
	double cpu_limit_ms, cpu0_ms; /* the execution's CPU budget (0: none) */
	bool cpu_fired;		      /* its interrupt was for the CPU time */
	double acct_cpu0_ms;	      /* the kernel's CPU time before it (sbx's reading) */
	long long acct_peak0_kb;      /* its memory peak before it */
	bool exiting;		      /* the kernel said it exits for a nonzero exit */
	int phase;		      /* 0 running, 1 SIGINT sent, 2 killed */
	const char *killed_for;	      /* "timeout", "output" */
	uint64_t bytes[2], hard_cap;
	struct results_stream results; /* the rich results sent as they came */
	json_t *done;
	bool taken;	    /* the kernel acknowledged the execution */
	int resent;	    /* times it went to a new kernel untaken */
	bool fresh_pending; /* the next record says fresh (exec --fresh) */
	double idle_deadline;
	json_int_t count;
	json_t *saved;		    /* a "saved" that came before its execution's end */
	struct persist persist;	    /* the manifest's writes, after the replies */
	struct session_lease lease; /* under --node: this node runs it (session_lease.c) */
	bool leased, lost;
	bool stopped; /* a stop was answered: what is queued behind it is refused */
	double renew_at;
	struct cgroup_run group; /* the workspace's (session_group.c); kind NULL: none */
	double disk_check_at;	 /* the execution's next disk quota check (monotonic ms) */
	char group_note[512];	 /* why there is none */
};

/* ---- session_kernels.c: the workspace's kernels ---- */
/* The run directory again, through rundir_open's checks; 0 or -1. */
int session_kernels_reopen_rundir(struct daemon *d);
/* The slot of language name (made, without a kernel yet, on its first
 * use); NULL with why when the language has no session kernel or the set
 * is full. */
struct kernel_slot *session_kernels_slot(struct daemon *d, const char *name, char *why, size_t n);
/* Starts the slot's kernel and waits for its "ready" (the restore done).
 * 0, or -1 with why. */
int session_kernels_start(struct daemon *d, struct kernel_slot *s, char *why, size_t n);
/* Stops the other idle kernels, least recently used first, while the
 * workspace's kernels together hold more memory than the session's limit
 * (their state was saved after their last execution: their next one
 * restores it). */
void session_kernels_fit_memory(struct daemon *d, const struct kernel_slot *keep);
/* session_kernels_start, and when the new kernel ended on the session's memory
 * limit before it was ready (the workspace's one ceiling, which idle
 * kernels share), stops the least recently used other kernel and starts
 * it again, while there is one to stop. 0, or -1 with why. */
int session_kernels_start_within_memory(struct daemon *d, struct kernel_slot *s, char *why,
					size_t n);
/* SIGKILLs every kernel's interpreter (a lost lease). */
void session_kernels_kill_all(struct daemon *d);
/* Ends every kernel (each saved after its last execution). */
void session_kernels_stop_all(struct daemon *d);
void session_kernels_release(struct daemon *d);
/* The kernels into the manifest (`session get` lists them): language,
 * state, executions and the code's pid while it runs (its memory is read
 * from /proc when asked: session_store.c). */
void session_kernels_persist(struct daemon *d);

/* ---- session_group.c: the workspace's limits as a whole ---- */
/* Makes the workspace's cgroup; 0 (with a note when none could be made),
 * or -1 with why when --require cgroup was asked and there is none. */
int session_group_start(struct daemon *d, char *why, size_t n);
/* {"cgroup", "memory_path", "pids_path", "pids_max", "note"}: for the
 * manifest (session get reads the use from those paths). */
json_t *session_group_json(const struct daemon *d);
void session_group_end(struct daemon *d);
/* The kernel running an execution is the OOM killer's first choice. */
void session_group_prefer(int code_pid, bool executing);
/* Before an execution: -1 with why while the files are over the disk
 * quota; else the kernel's RLIMIT_FSIZE becomes what is left of it. */
int session_group_disk(struct daemon *d, int code_pid, char *why, size_t n);
/* During an execution, every DISK_WATCH_MS at least: once the files are
 * over the quota the executing kernel is killed (killed_for "disk"). */
void session_group_disk_watch(struct daemon *d);

/* ---- session_daemon_exec.c: one execution at a time ---- */
/* Output of slot ctx's kernel: the client's while it runs the execution,
 * else dropped (a background thread's, another kernel's). */
void daemon_to_client(void *ctx, int stream, const char *data, size_t len);
void daemon_start_job(struct daemon *d);
void daemon_finish_exec(struct daemon *d);
/* A request that will not run: its client is told, its spool removed. */
void daemon_refuse(struct daemon *d, struct job j, const char *why);
/* The slot's control frames; its end (killed, a limit, exited). */
void daemon_on_ctl(struct daemon *d, struct kernel_slot *s);
void daemon_on_kernel_end(struct daemon *d, struct kernel_slot *s);

#endif
