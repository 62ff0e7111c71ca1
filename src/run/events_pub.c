/* events_pub — a run's live events (events_pub.h). */
#include "run/events_pub.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "state/events_log.h"
#include "util/util.h"

#define PROGRESS_MS 1000.0 /* at most one output event per stream per second */

struct events_pub {
	const struct request *req;
	const char *session;
	uint64_t bytes[2];   /* stdout, stderr so far */
	double last_emit[2]; /* monotonic ms; 0: none yet */
};

/* The fields every event carries, then fields (stolen). */
static void publish(struct events_pub *p, const char *type, json_t *fields)
{
	const struct request *req = p->req;
	char ts[32];
	render_iso8601_now(ts);
	json_t *labels = json_object();
	for (size_t i = 0; i < req->nlabels; i++)
		json_object_set_new(labels, req->labels[i].key, json_string(req->labels[i].value));
	json_t *dep = req->deployment_name ? json_pack("{s:s, s:i}", "name", req->deployment_name,
						       "version", req->deployment_version)
					   : json_null();
	json_t *ev = json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "event", type, "ts", ts, "id",
			       req->id, "language", req->lang ? req->lang->name : "unknown",
			       "labels", labels, "deployment", dep, "session",
			       p->session ? json_string(p->session) : json_null());
	if (fields)
		json_object_update(ev, fields);
	json_decref(fields);
	events_log_append(req->state_dir, ev);
	json_decref(ev);
}

static void on_event(void *ctx, const char *type, json_t *fields)
{
	struct events_pub *p = ctx;
	if (!strcmp(type, "execution_started"))
		publish(p, type, NULL);
	else if (!strcmp(type, "security_issue"))
		publish(p, type,
			json_pack("{s:O?}", "finding", json_object_get(fields, "finding")));
}

static void on_output(void *ctx, int stream, size_t len)
{
	struct events_pub *p = ctx;
	int s = stream == 2;
	p->bytes[s] += len;
	double now = now_monotonic_ms();
	if (p->last_emit[s] != 0 && now - p->last_emit[s] < PROGRESS_MS)
		return;
	p->last_emit[s] = now;
	publish(p, "output",
		json_pack("{s:s, s:I}", "stream", s ? "stderr" : "stdout", "bytes",
			  (json_int_t)p->bytes[s]));
}

struct events_pub *events_pub_attach(const struct request *req, const char *session,
				     struct render *r)
{
	if (!req->state_dir)
		return NULL;
	struct events_pub *p = xcalloc(1, sizeof(*p));
	p->req = req;
	p->session = session;
	render_set_tap(r, &(struct render_tap){on_event, on_output, p});
	return p;
}

void events_pub_finish(struct events_pub *p, const struct outcome *out)
{
	if (!p)
		return;
	json_t *err = out->error;
	if (out->status == STATUS_TIMEOUT)
		publish(p, "execution_timeout",
			json_pack("{s:O?, s:I}", "error", json_object_get(err, "name"),
				  "timeout_ms", (json_int_t)p->req->limits.timeout_ms));
	else if (out->status == STATUS_MEMORY_LIMIT || out->status == STATUS_OUTPUT_LIMIT)
		publish(p, "resource_limit_exceeded",
			json_pack("{s:s}", "limit",
				  out->status == STATUS_MEMORY_LIMIT ? "memory" : "output"));
	json_t *name = json_object_get(err, "name");
	publish(p, out->status == STATUS_OK ? "execution_completed" : "execution_failed",
		json_pack("{s:s, s:b, s:o, s:o, s:f, s:I, s:I, s:I}", "status",
			  status_name(out->status), "ok", out->status == STATUS_OK, "exit_code",
			  out->exited ? json_integer(out->exit_code) : json_null(), "error",
			  json_is_string(name) ? json_copy(name) : json_null(), "wall_ms",
			  round(out->wall_ms * 1000) / 1000, "stdout_bytes",
			  (json_int_t)out->out.total, "stderr_bytes", (json_int_t)out->err.total,
			  "memory_peak_kb", (json_int_t)out->memory_peak_kb));
}

void events_pub_free(struct events_pub *p)
{
	free(p);
}
