/* request_json — a request given as one JSON object instead of flags.
 *
 * The object has the keys of a batch line (SPEC "Batch"): what `sbx run
 * --request`, `sbx batch`, the HTTP service and the MCP server take. Each
 * key is checked and filled as its row in core/request_keys.c says: most
 * through the flag that means the same (runopt_handle), so a limit, a name
 * or a size is validated once, the same way, whichever door the request
 * came in by.
 */
#ifndef SBX_REQUEST_JSON_H
#define SBX_REQUEST_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/request_keys.h"
#include "run/runopt.h"

/* The largest request object read from a file or a pipe: the largest
 * program, the files limit in base64 (4/3) and 1 MiB of everything else. */
#define REQUEST_JSON_MAX (SBX_MAX_CODE + SBX_DEFAULT_FILES / 3 * 4 + (1u << 20))

/* What the contents given inline (files, stdin) were written to: a private
 * directory (mode 0700) under $TMPDIR, removed by request_json_cleanup. */
struct request_json_tmp {
	char *dir;
	unsigned nfiles;
};

/* Applies obj to ro (after runopt_init, before runopt_load_code and
 * runopt_finish), key by key as the equivalent flags would. The code of
 * "code" is borrowed from obj: keep obj until runopt_load_code returned.
 * "deployment" is accepted only with allow_deployment and then stored in
 * *deployment (borrowed, may be NULL). Returns -1 after an error message
 * that names the key and the fix. */
int request_json_apply(struct run_options *ro, json_t *obj, bool allow_deployment,
		       const char **deployment, struct request_json_tmp *tmp);
/* Reads one JSON object from path ("-": standard input), at most
 * REQUEST_JSON_MAX bytes. NULL after an error message. */
json_t *request_json_read(const char *path);
/* For run and exec-deployment: when --request was given, reads it into
 * *obj (the caller's, to json_decref after runopt_load_code) and applies
 * it; the code then comes from the request alone, so -e or a FILE beside
 * it is an error. Returns 0 without doing anything when --request was not
 * given. */
int request_json_load(struct run_options *ro, int nops, bool allow_deployment,
		      const char **deployment, json_t **obj, struct request_json_tmp *tmp);
void request_json_cleanup(struct request_json_tmp *tmp);

#endif
