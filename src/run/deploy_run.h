/* deploy_run — `sbx deploy` once its options are taken: the code loaded,
 * checked as sbx prepare checks it (syntax, policy), built, and stored with
 * its run settings and build artefacts as version N+1 of a named
 * deployment, whose manifest is then printed. One home for every front:
 * `sbx deploy`, sbx serve's POST /v1/deployments and sbx mcp's deploy_code
 * (run/job.h's RUN_JOB_DEPLOY, in the front's fork), none of which
 * re-executes sbx.
 */
#ifndef SBX_DEPLOY_RUN_H
#define SBX_DEPLOY_RUN_H

#include "run/runopt.h"

/* deploy's own option, -n/--name NAME: ro->extra = deploy_run_option with
 * ro->extra_ctx a `const char *` that gets the (checked) name. */
enum { RO_DEPLOY_NAME = RO_FIRST_FREE };
int deploy_run_option(void *ctx, int id, const char *arg);

/* The option id of one of sbx deploy's flags ("--timeout", "--name"), as
 * its command line takes it; 0 for none. */
int deploy_run_flag_id(const char *flag);

/* ro: the options taken (runopt_handle; not yet runopt_finish: this calls
 * it); name: -n's, NULL to take it from the code's file name; operands:
 * the code operand and the program arguments after "--" (refused).
 * Returns sbx's exit code: 0 stored (the manifest printed in ro's
 * format), 1 the code was refused (after saying why), EXIT_SBX_FAILURE
 * after an error message. */
int deploy_run(struct run_options *ro, const char *name, char **operands, int nops);

#endif
