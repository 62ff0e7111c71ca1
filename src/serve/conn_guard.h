/* conn_guard — a connection has a deadline to present its first request.
 *
 * libmicrohttpd's connection timeout counts idle time: a client that sends
 * one byte of its request head every few seconds, or whose head never ends,
 * keeps its connection (and its thread) as long as it likes, and the token
 * is checked only once the head is complete. Enough of them, without a
 * token, locked every client out. So each accepted connection is entered
 * here with a deadline (--head-timeout from its accept); it leaves when its
 * first request head is complete and authenticated (conn_guard_pass), or
 * when it closes. A thread shuts down (shutdown(2)) the socket of every
 * connection past its deadline: libmicrohttpd's thread then sees the end of
 * the stream and closes it as it would any other.
 *
 * Why shutdown from here is safe: libmicrohttpd tells the connection's end
 * (conn_guard_close, from MHD_CONNECTION_NOTIFY_CLOSED) before it closes
 * the socket, and both take the same lock: a socket shut here is still the
 * connection's own.
 *
 * May call: libc (pthreads, sockets).
 */
#ifndef SBX_SERVE_CONN_GUARD_H
#define SBX_SERVE_CONN_GUARD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct conn_guard_entry;

struct conn_guard {
	pthread_mutex_t mu;
	pthread_cond_t cv; /* on CLOCK_MONOTONIC */
	pthread_t thread;
	bool running, stop;
	uint64_t head_ms;
	struct conn_guard_entry *waiting, *last; /* accepted, not past their head */
	unsigned long shut;			 /* connections shut at their deadline */
};

/* Starts the thread. 0, or -1 with a message. */
int conn_guard_start(struct conn_guard *g, uint64_t head_ms);
/* Stops the thread (the connections stay as they are). */
void conn_guard_stop(struct conn_guard *g);
/* A connection was accepted on socket fd: its entry (for pass and close). */
struct conn_guard_entry *conn_guard_open(struct conn_guard *g, int fd);
/* Its first request head is complete and authenticated: no deadline any
 * more. Idempotent; e may be NULL. */
void conn_guard_pass(struct conn_guard *g, struct conn_guard_entry *e);
/* The connection ends (before its socket is closed): frees e (may be NULL). */
void conn_guard_close(struct conn_guard *g, struct conn_guard_entry *e);

#endif
