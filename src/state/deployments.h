/* deployments — what sbx list, sbx get and sbx delete do once their
 * options are taken, one home for every front: the commands, sbx serve's
 * GET /v1/deployments[/REF] and DELETE /v1/deployments/REF, sbx mcp's
 * list_deployments (each in a fork of its own). Each prints what the
 * command prints, in its format, and returns 0 or -1 after an error
 * message (the state directory, a damaged or unknown deployment).
 *
 * May call: core, util (and the rest of state).
 */
#ifndef SBX_STATE_DEPLOYMENTS_H
#define SBX_STATE_DEPLOYMENTS_H

#include <stdbool.h>

#include "core/lang.h"

/* sbx list's --language and --status: set by deployments_filter_set, which
 * checks the value and says what it takes. */
struct deployments_filter {
	const struct lang *lang;
	const char *status; /* "active" or "damaged" */
};
int deployments_filter_language(struct deployments_filter *f, const char *arg);
int deployments_filter_status(struct deployments_filter *f, const char *arg);

/* json: 0 text (a table), 1 JSON (an array), 2 NDJSON (a row a line).
 * state_dir_flag and config_flag: --state-dir's and --config's, NULL for
 * the defaults. */
int deployments_list(const char *state_dir_flag, const char *config_flag,
		     const struct deployments_filter *f, int json);
/* sbx get NAME[@VERSION]: its manifest, its versions and its executions. */
int deployments_get(const char *state_dir_flag, const char *config_flag, const char *ref, int json);
/* sbx delete REF...: every ref checked before anything is removed; a line
 * "deleted NAME[@VERSION]" for each removed. -1 if any failed. */
int deployments_delete(const char *state_dir_flag, const char *config_flag, char **refs, int nrefs);

#endif
