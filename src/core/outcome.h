/* outcome — what happened: status, output, result, error, resources.
 *
 * The outcome becomes the SPEC's result record (outcome_to_json) and the
 * process exit code (outcome_exit_code). Keys are an API: add, never rename.
 */
#ifndef SBX_OUTCOME_H
#define SBX_OUTCOME_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/buf.h"
#include "core/request.h"

enum status {
	STATUS_OK,
	STATUS_ERROR,
	STATUS_TIMEOUT,
	STATUS_MEMORY_LIMIT,
	STATUS_OUTPUT_LIMIT,
	STATUS_SIGNALED,
	STATUS_SYSCALL_BLOCKED,
	STATUS_BLOCKED,
	STATUS_UNAVAILABLE,
	STATUS_SANDBOX_ERROR,
	STATUS_COUNT
};

/* Exit codes of sbx itself (timeout(1) conventions, see the SPEC). */
#define EXIT_SBX_FAILURE     125
#define EXIT_TIMEOUT	     124
#define EXIT_BLOCKED	     126
#define EXIT_UNAVAILABLE     127
#define EXIT_MEMORY_LIMIT    137
#define EXIT_OUTPUT_LIMIT    141
#define EXIT_SYSCALL_BLOCKED 159

/* Namespaces, as a bitmask in the sandbox report. */
enum ns_kind {
	NS_USER = 1u << 0,
	NS_MOUNT = 1u << 1,
	NS_PID = 1u << 2,
	NS_NET = 1u << 3,
	NS_IPC = 1u << 4,
	NS_UTS = 1u << 5,
	NS_CGROUP = 1u << 6,
};

struct sandbox_report {
	bool seccomp;
	bool rlimits;
	unsigned namespaces; /* NS_* */
	int landlock_abi;    /* 0: not applied */
	const char *cgroup;  /* "v1", "v2" or NULL */
	char note[256];	     /* why a layer is missing, "" if none */
};

struct stream_capture {
	struct buf kept; /* first limits.output_bytes bytes */
	uint64_t total;	 /* all bytes the code wrote */
};

struct outcome {
	enum status status;
	bool exited; /* the code exited by itself; exit_code is valid */
	int exit_code;
	int signal;	 /* 0: none */
	json_t *result;	 /* NULL: null */
	json_t *error;	 /* NULL or {name, message, line, column, traceback} */
	json_t *results; /* rich results, an array; NULL: [] */
	struct stream_capture out, err;
	json_t *files; /* array of {name, size, sha256, path} */
	double wall_ms, cpu_ms;
	uint64_t memory_peak_kb;
	struct sandbox_report sandbox;
	/* More keys for the record that sbx itself decides ("findings",
	 * "risk", "compile"), or NULL. Never filled from the code's report. */
	json_t *extra;
};

void outcome_init(struct outcome *out, const struct request *req);
void outcome_release(struct outcome *out);
const char *status_name(enum status s);
/* -1 if unknown. */
int status_from_name(const char *name);
int outcome_exit_code(const struct outcome *out);
/* Sets status and error {name, message} (line/column null, traceback ""). */
void outcome_fail(struct outcome *out, enum status s, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The full result record (new reference). */
json_t *outcome_to_json(const struct outcome *out, const struct request *req);
/* Whether out's stdout matches expected as a judge compares (trailing
 * whitespace of each line and trailing empty lines aside); a run that did
 * not end ok, or whose stdout was cut, fails. */
bool outcome_verdict_passed(const struct outcome *out, const char *expected);
/* JSON for the sandbox report. */
json_t *sandbox_report_to_json(const struct sandbox_report *r);

#endif
