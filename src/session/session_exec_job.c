/* session_exec_job — one session execution in a front's fork
 * (session_exec_job.h). */
#include "session/session_exec_job.h"

#include <stdlib.h>

#include "run/request_json.h"
#include "run/runopt.h"
#include "session/session.h"
#include "util/util.h"

int session_exec_job_run(const struct session_exec_job *job)
{
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp = {NULL, 0};
	json_t *body = NULL;
	char id[SESSION_ID_LEN + 1];
	int rc = EXIT_SBX_FAILURE;
	request_init(&req);
	runopt_init(&ro, &req);
	/* The settings as the command line gives them (--state-dir, --config,
	 * --format, --out-dir, --request -), then what `sbx session exec`
	 * checks: the engine before and after the request, the request (its
	 * keys, limits and messages), the session and its language. */
	ro.state_dir_flag = job->state_dir;
	ro.config_flag = job->config;
	req.format = job->format;
	if (job->out_dir)
		req.out_dir = xstrdup(job->out_dir);
	if (runopt_handle(&ro, RO_REQUEST, "-") == 0 && session_exec_refuse(&req) == 0 &&
	    request_json_load(&ro, 0, false, NULL, &body, &tmp) == 0 &&
	    session_exec_refuse(&req) == 0 && session_exec_prepare(&ro, job->ref, NULL, 0, id) == 0)
		rc = session_exec(req.state_dir, id, &req);
	request_json_cleanup(&tmp);
	json_decref(body);
	request_release(&req);
	return rc;
}
