/* fuzz_request_json — a request given as one JSON object (run --request,
 * batch lines, the service's bodies, MCP tool calls): request_json_apply.
 *
 * The first byte picks run (even) or exec-deployment (odd); the rest is
 * the JSON text. Checks: an accepted request has its code (or deployment),
 * every inline file it wrote exists until cleanup and is gone after it, a
 * request_id is a short string without control characters, and a refused
 * request leaves nothing behind either. */
#include <jansson.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "core/request.h"
#include "run/request_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	bool deployment_ok = data[0] & 1;
	json_t *obj = json_loadb((const char *)data + 1, size - 1, JSON_REJECT_DUPLICATES, NULL);
	if (!obj)
		return 0;
	struct request req;
	struct run_options ro;
	struct request_json_tmp tmp = {NULL, 0};
	const char *dep = NULL;
	request_init(&req);
	runopt_init(&ro, &req);
	int rc = request_json_apply(&ro, obj, deployment_ok, &dep, &tmp);
	if (rc == 0) {
		FUZZ_CHECK(deployment_ok ? dep != NULL : ro.code_arg != NULL);
		for (size_t i = 0; i < req.nfiles; i++) {
			struct stat st;
			FUZZ_CHECK(stat(req.files[i].src, &st) == 0 && S_ISREG(st.st_mode));
			FUZZ_CHECK(fuzz_path_below(req.files[i].name));
		}
		if (req.request_id) {
			FUZZ_CHECK(strlen(req.request_id) <= REQUEST_ID_MAX);
			for (const char *p = req.request_id; *p; p++)
				FUZZ_CHECK((unsigned char)*p >= 0x20 && *p != 0x7f);
		}
	}
	char *dir = tmp.dir ? strdup(tmp.dir) : NULL;
	request_json_cleanup(&tmp);
	if (dir)
		FUZZ_CHECK(access(dir, F_OK) != 0);
	free(dir);
	request_release(&req);
	json_decref(obj);
	return 0;
}
