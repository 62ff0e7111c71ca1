/* runner — the pre-forked process that starts the server's requests.
 *
 * A run used to be a new sbx process (`sbx run --request -`, spawned): an
 * exec, the loading of a 10 MB static binary and its page faults, several
 * milliseconds a run on a loaded machine, more than a JavaScript run's own
 * work. The server is multi-threaded (libmicrohttpd), so it cannot fork
 * itself per request; instead it forks this runner once, at start, before
 * any thread, listening socket or token exists. A handler thread sends it
 * the run's job (runner_job.h: what to run, the format, the state
 * directory...) and the request's three pipe ends (SCM_RIGHTS) over a unix
 * socketpair; the runner forks a child that runs the job in-process
 * (runner_job_fn: runner_job_main, which calls the run pipeline, run/job.h):
 * the request read from its stdin, the config file read anew, the same
 * checks, pipeline and record as `sbx run --request -`. Each request
 * also passes one end of a socketpair of its own: the runner writes the
 * child's pid on it with a pidfd of the child (opened by its parent before
 * it can be reaped: a cancel signals that process and no other, even after
 * the runner died), later its wait status; it reads a cancel byte when
 * there is no pidfd.
 *
 * A second one, the standby, is forked at start as well and waits. If the
 * runner is gone (killed), the first launch that finds it so sends the
 * standby a "promote": it forks the next standby (a process of one thread
 * like itself, so no exec and no fork of the threaded server) and hands
 * the server that one's socket, then runs the requests; the job that found
 * the runner gone is sent to it. So nothing ever re-executes sbx, and the
 * server keeps working after any number of kills, as long as a runner and
 * its standby are not killed at once (then every request fails: restart
 * sbx serve). A run in flight when its runner died keeps its output but
 * not its exit status (125 and a message).
 *
 * May call: core (the exit codes), util, libc.
 */
#ifndef SBX_SERVE_RUNNER_H
#define SBX_SERVE_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Runs a job (msg, len bytes, NUL-terminated) in the runner's fork: its
 * return is the child's exit status. */
typedef int (*runner_job_fn)(const char *msg, size_t len);

/* Forks the runner and its standby. Call while the process has one
 * thread. Returns 0, or -1 when it could not fork the runner (without a
 * standby, the server works while the runner lives). */
int runner_start(runner_job_fn fn);
/* Is a runner there to take jobs (as far as the last launch knows)? */
bool runner_alive(void);
/* Starts job in a fork of the runner (its standby's, when it is found
 * gone), in/out/err its fds 0, 1, 2 (ours stay open: the caller closes
 * them). Returns the request's status socket, the child's pid in *pid and a
 * pidfd of it in *pidfd (-1 if none; the caller closes it), or -1 with
 * errno: the runner could not fork, EMSGSIZE a job over 64 KiB, ECHILD no
 * runner left. */
int runner_launch(const char *job, int in, int out, int err, pid_t *pid, int *pidfd);
/* SIGTERMs the child: through its pidfd, else by asking the runner. -1
 * when neither worked. */
int runner_cancel(int status_fd, int pidfd);
/* Waits for the child's end: its wait status (as waitpid gives it), or -1
 * when the runner died first. Closes status_fd. */
int runner_wait(int status_fd);
/* Closes the runner's and the standby's sockets: each exits once its
 * children have. Waits for those that are the server's children. */
void runner_stop(void);

#endif
