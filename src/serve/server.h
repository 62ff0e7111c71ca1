/* server — `sbx serve`: the HTTP API on a unix socket or TCP.
 *
 * One thread per connection (libmicrohttpd's model): a request that runs
 * code blocks its thread on an sbx child (request_child.h) while admission
 * (admission.h) bounds how many run and how many wait. The main thread waits
 * for SIGTERM/SIGINT: it stops accepting, lets the runs in flight finish
 * and answer, and returns 0.
 *
 * May call: serve's own files, run and below.
 */
#ifndef SBX_SERVE_SERVER_H
#define SBX_SERVE_SERVER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "serve/conn_guard.h"
#include "serve/admission.h"

/* How long a connection that has shown its token may be idle (between
 * keep-alive requests, or a client that stopped reading). */
#define SERVE_IDLE_TIMEOUT_S	      120u
#define SERVE_HEAD_TIMEOUT_DEFAULT_MS 10000u
#define SERVE_PER_ADDRESS_DEFAULT     32u

struct serve_config {
	const char *listen;	/* "unix:PATH", "HOST:PORT", "PORT"; NULL: STATE/serve.sock */
	const char *token_file; /* NULL: no token (refused for TCP) */
	const char *ready_file; /* written with the bound address once listening */
	const char *state_dir;	/* resolved, absolute; handed to every child */
	const char *config;	/* --config, handed on; may be NULL */
	unsigned max_concurrent, max_queue;
	unsigned max_subscribers; /* GET /v1/events streams at once */
	unsigned max_async;	  /* "wait": false runs not finished (async_runs.h) */
	size_t max_body;
	/* Connections from one address at once (0: no limit; libmicrohttpd
	 * counts TCP clients only, a unix socket's are the user's own). */
	unsigned max_per_address;
	/* From a connection's accept to its first request head, complete and
	 * with the token (conn_guard.h); once it has been, the connection may
	 * then be idle for SERVE_IDLE_TIMEOUT_S. */
	uint64_t head_timeout_ms;
	/* --node: 1-255, 0 for none. Handed to the children as SBX_NODE (the
	 * sessions they create carry it in their ids: session.h). */
	unsigned node;
	/* --compat: the other APIs served beside sbx's own (SERVE_COMPAT_*). */
	unsigned compat;
};

/* SERVE_COMPAT_*: serve/api.h. */

/* The state shared by the connection threads. */
struct server {
	const struct serve_config *cfg;
	unsigned char token_sha256[32];
	int have_token;
	struct admission admission;
	struct conn_guard guard;
	atomic_bool draining; /* SIGTERM came: every new request gets 503 */
};

/* Runs the server until SIGTERM/SIGINT. Returns 0 after a clean drain, 125
 * on a setup failure (with a message). */
int serve_main(const struct serve_config *cfg);

#endif
