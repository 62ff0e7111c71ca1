/* history_stats_cmd — `sbx stats` once its options are taken, one home for
 * every front: the CLI parses its flags into a struct stats_query, sbx
 * serve's GET /v1/stats gives the query's parameters by the same names in
 * its runner's fork. history_stats() computes one JSON object; the JSON
 * formats print it as is, the text view is drawn from it.
 *
 * May call: core, util (and the rest of state).
 */
#ifndef SBX_STATE_HISTORY_STATS_CMD_H
#define SBX_STATE_HISTORY_STATS_CMD_H

#include <stdbool.h>
#include <stdint.h>

#include "state/history.h"

#define STATS_MAX_LABELS 16

struct stats_query {
	const char *state_dir_flag; /* --state-dir, NULL: the config's */
	const char *config_flag;    /* --config, NULL: the default */
	bool json;
	bool compact; /* ndjson: the object on one line */
	struct history_filter f;
	struct label labels[STATS_MAX_LABELS];
	char code[65];
	const char *since_arg, *until_arg;
	uint64_t failures;
};

void stats_query_init(struct stats_query *so);
void stats_query_release(struct stats_query *so);
/* One of sbx stats' options by its long name without "--" ("format",
 * "deployment", "language", "label", "since", "until", "code-sha256",
 * "failures"), checked; -1 after a message naming the flag. */
int stats_query_set(struct stats_query *so, const char *name, const char *arg);
/* The statistics printed in so's format: 0, or -1 after a message. */
int stats_query_run(struct stats_query *so);

#endif
