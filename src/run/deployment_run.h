/* deployment_run — running a stored deployment: its manifest loaded, its
 * code, inputs, labels, limits, files and build applied under what the
 * caller's options and request already set, then the pipeline.
 *
 * Precedence: what was given now (flags, request keys), then the
 * deployment's stored settings, then the config file and the built-in
 * defaults (runopt_finish). One home for every front: `sbx exec-deployment`,
 * sbx serve's runs, sbx batch's "deployment" lines and MCP's tool call
 * (run/job.h), so none of them needs the command line to run one.
 */
#ifndef SBX_DEPLOYMENT_RUN_H
#define SBX_DEPLOYMENT_RUN_H

#include "run/runopt.h"

/* ro: after runopt_init and the options/request (not runopt_finish: this
 * calls it). ref: NAME[@VERSION]. Returns sbx's exit code, as
 * execute_and_render's (-1 when a batch worker's turn never came), or
 * EXIT_SBX_FAILURE after an error message. */
int deployment_run(struct run_options *ro, const char *ref);

#endif
