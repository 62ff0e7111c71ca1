/* prepare_run — `sbx prepare` after its code is loaded: the config and
 * policy applied, the request finished, the report made (prepare_check.h)
 * and printed, as text or as one JSON object. One home for every front:
 * `sbx prepare`, sbx serve's POST /v1/prepare and sbx mcp's prepare tool
 * (run/job.h's run_job_prepare), none of which needs the command line.
 */
#ifndef SBX_PREPARE_RUN_H
#define SBX_PREPARE_RUN_H

#include "run/runopt.h"

/* ro: after runopt_load_code (not runopt_finish: this calls it). Returns
 * the verdict (0 the code may run, 1 it may not) or EXIT_SBX_FAILURE after
 * an error message. */
int prepare_run(struct run_options *ro);

#endif
