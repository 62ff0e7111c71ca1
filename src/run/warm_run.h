/* warm_run — one warm sandbox of `sbx serve`'s pool (serve/warm_pool.c).
 *
 * A warm sandbox is an `sbx run` made before its request: its work
 * directory, cgroup, namespaces, seccomp filter and rlimits are in place and
 * its interpreter has started and loaded sbx's prelude, waiting on the gate
 * (sandbox.h) for the code. The request then comes on standard input. It
 * takes the sandbox when it asks for nothing the sandbox was not made with
 * (the same language, limits, format and policy; no files, stdin, inputs,
 * arguments or environment): its code goes in, the gate opens and the run
 * ends, is rendered and recorded as a cold one is, with "warm": true. Any
 * other request tears the sandbox down unused and runs cold in this same
 * process, exactly as `sbx run --request -` would. End of input before a
 * request (the server draining) tears it down with nothing recorded.
 * Python only: its prelude reads the code's file after the gate.
 */
#ifndef SBX_WARM_RUN_H
#define SBX_WARM_RUN_H

#include "core/request.h"

/* The one byte a warm sandbox writes on its standard error once it waits at
 * its gate for the request: the pool (serve/warm_pool.c) reads it and hands
 * out set-up sandboxes first; nothing else is written before the request. */
#define WARM_SET_UP '\n'

/* Loads the real request from standard input into a request of the
 * caller's (*req); -1 after a message, as `sbx run` would fail. */
typedef int (*warm_load_fn)(void *ctx, struct request **req);

/* tmpl: the request the sandbox is made for (its code empty). After the
 * run, *tmpl and the loaded request have swapped contents: the caller
 * releases both, once each. Returns sbx's exit code. */
int warm_run(struct request *tmpl, warm_load_fn load, void *ctx);

#endif
