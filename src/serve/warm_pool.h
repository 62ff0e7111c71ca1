/* warm_pool — `sbx serve`'s warm sandboxes (config serve.warm_pool).
 *
 * For each language given a size, the server keeps that many runs started
 * ahead through the runner (runner.h) as "warm" jobs (runner_job.h) with
 * the settings a plain POST /v1/runs of that language gets: each has set up
 * its sandbox and started its interpreter, and waits for a request on its
 * stdin (run/warm_run.h). A request whose job is that one and whose body
 * has only "language" (that one) and "code" takes one (request_child_start_job), which
 * runs it and is gone: each is used for exactly one run. A thread refills
 * the pool once that run has ended (and at once when a request found none
 * ready), never beyond its size; sandboxes that ended
 * unused are dropped, and a pool whose sandboxes keep ending so is turned
 * off with a message (the runs go cold). Every other request goes cold.
 * The warm sandboxes are not runs: admission (admission.h) does not count them.
 *
 * May call: serve's child, api and runner, run/warm_run.h (its set-up
 * byte), core, util, libc.
 */
#ifndef SBX_SERVE_WARM_POOL_H
#define SBX_SERVE_WARM_POOL_H

#include <jansson.h>
#include <stddef.h>

#include "serve/request_child.h"
#include "serve/server.h"

/* After runner_start, before any other thread: reads the config file's
 * serve.warm_pool and starts filling. 0, or -1 after a message (the
 * server then runs every request cold). */
int warm_pool_start(const struct serve_config *cfg);
/* At the end of the drain, before runner_stop: no more refills, and every
 * warm sandbox is told to go (end of its input) and waited for. */
void warm_pool_stop(void);
/* 0: a warm sandbox took the request and c is it (as request_child_start's);
 * -1: none fits or is ready, start it cold. */
int warm_pool_take(struct request_child *c, const char *job, const char *input, size_t len,
		   int client_fd);
/* A warm sandbox's run ended (request_child_finish): start its successor now,
 * when it no longer competes with that run for the CPU. */
void warm_pool_refill(void);
/* {"python": {"size": N, "ready": N, "set_up": N, "on": B}, ...} for
 * /v1/ready (ready: started; set_up: of those, waiting at their gate); {}
 * without a pool. */
json_t *warm_pool_json(void);

#endif
