/* async_runs — runs answered at once, polled at /v1/runs/ID (async_runs.h). */
#include "serve/async_runs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "serve/request_child.h"
#include "serve/request_plan.h"
#include "serve/handler.h"
#include "serve/returned_files.h"
#include "util/buf.h"
#include "util/front.h"
#include "util/util.h"

#define ANSWER_CAP (256u << 20) /* as a synchronous answer's (handler.c) */
#define KEPT_DIR   "async-runs"

enum async_state { QUEUED, RUNNING, ENDING };

/* A run not yet ended. Lives in the list while its thread runs; every
 * field but args and ch (the thread's own) is read and written under mu. */
struct async_run {
	char id[API_RUN_ID_MAX + 1];
	enum async_state state;
	bool cancel_asked;
	bool child_live; /* ch may be cancelled: started, its stdout not yet at its end */
	/* A session's execution finishes in the session once begun (SPEC
	 * "Sessions"): only a queued one may be cancelled. */
	bool in_session;
	struct server *s;
	struct request_plan args;
	struct request_child ch;
	struct async_run *next;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER; /* a run ended */
static struct async_run *live;
static unsigned nlive;

bool async_wanted(json_t *body)
{
	return json_is_false(json_object_get(body, "wait"));
}

static struct async_run *find_live(const char *id)
{
	for (struct async_run *a = live; a; a = a->next)
		if (!strcmp(a->id, id))
			return a;
	return NULL;
}

static void kept_path(const struct server *s, const char *id, char *out, size_t n)
{
	snprintf(out, n, "%s/" KEPT_DIR "/%s.json", s->cfg->state_dir, id);
}

/* An ended run's kept answer (malloc'd), or NULL when there is none. */
static char *read_kept(const struct server *s, const char *id)
{
	char path[4096];
	kept_path(s, id, path, sizeof path);
	json_t *j = json_load_file(path, 0, NULL);
	char *text = j ? json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(j);
	return text;
}

/* Each 202 and each state answer: JSON, and where to poll. */
static enum MHD_Result respond_state(struct MHD_Connection *conn, int status, const char *id,
				     const char *body)
{
	struct MHD_Response *r =
	    mhd.create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	char location[32 + API_RUN_ID_MAX];
	snprintf(location, sizeof location, "/v1/runs/%s", id);
	mhd.add_response_header(r, "Content-Type", "application/json");
	mhd.add_response_header(r, "Location", location);
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, (unsigned)status, r);
	mhd.destroy_response(r);
	return rc;
}

static int by_mtime(const void *a, const void *b)
{
	const struct {
		time_t t;
		char *name;
	} *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t;
}

/* Keeps the kept answers bounded: older than ASYNC_KEEP_SECONDS go, then
 * the oldest beyond ASYNC_KEEP_MAX. */
static void prune_kept(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct kept {
		time_t t;
		char *name;
	} *k = NULL;
	size_t n = 0, cap = 0;
	time_t now = time(NULL);
	struct dirent *de;
	while ((de = readdir(d))) {
		struct stat st;
		if (de->d_name[0] == '.' || fstatat(dirfd(d), de->d_name, &st, 0) != 0)
			continue;
		if (now - st.st_mtime > ASYNC_KEEP_SECONDS) {
			unlinkat(dirfd(d), de->d_name, 0);
			continue;
		}
		if (n == cap)
			k = xrealloc(k, (cap = cap ? 2 * cap : 64) * sizeof(*k));
		k[n++] = (struct kept){st.st_mtime, xstrdup(de->d_name)};
	}
	qsort(k, n, sizeof(*k), by_mtime);
	for (size_t i = 0; i < n; i++) {
		if (n - i > ASYNC_KEEP_MAX)
			unlinkat(dirfd(d), k[i].name, 0);
		free(k[i].name);
	}
	free(k);
	closedir(d);
}

/* Writes the ended run's answer where GET finds it, whole or not at all
 * (a temporary file renamed). */
static void keep(const struct server *s, const char *id, json_t *answer)
{
	char dir[4096], path[4096], tmp[4200];
	snprintf(dir, sizeof dir, "%s/" KEPT_DIR, s->cfg->state_dir);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return;
	kept_path(s, id, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (json_dump_file(answer, tmp, JSON_COMPACT | JSON_ENSURE_ASCII) != 0 ||
	    rename(tmp, path) != 0) {
		unlink(tmp);
		fprintf(stderr, "sbx: cannot keep async run %s's answer in %s: %s\n", id, dir,
			strerror(errno));
	}
	prune_kept(dir);
}

/* What the synchronous request would have answered, from the child's
 * stdout and exit code: its record, or the error it would have been. */
static json_t *ended_answer(struct async_run *a, bool cancel_asked, struct buf *out, int code,
			    char *files_dir)
{
	json_t *rec = json_loadb(out->data ? out->data : "", out->len, JSON_ALLOW_NUL, NULL);
	const char *status = json_string_value(json_object_get(rec, "status"));
	/* asked, and it ended by it (not one that finished just before) */
	bool cancelled = cancel_asked && (!status || !strcmp(status, "signaled"));
	json_t *ans = json_pack("{s:s, s:s, s:i}", "id", a->id, "state",
				cancelled ? "cancelled" : "done", "exit_code", code);
	if (rec && !(status && !strcmp(status, "sbx_error")) && code != 125 && !out->dropped) {
		if (files_dir)
			returned_files_attach(rec, files_dir);
		json_object_set_new(ans, "record", rec);
		return ans;
	}
	/* An sbx failure: the error the synchronous answer would have been. */
	struct api_error e = {0};
	const char *m =
	    json_string_value(json_object_get(json_object_get(rec, "error"), "message"));
	const char *err = buf_cstr(&a->ch.errbuf);
	if (!strncmp(err, "sbx: ", 5))
		err += 5;
	if (out->dropped)
		api_fail(&e, ERROR_INTERNAL, "internal", "the answer is larger than %u bytes",
			 ANSWER_CAP);
	else if (m || *err)
		api_fail_kind(&e, api_record_kind(rec), "%.*s", m ? 400 : (int)strcspn(err, "\n"),
			      m ? m : err);
	else
		api_fail_kind(&e, NULL, "sbx exited with status %d and no message", code);
	char *ej = api_error_json(&e);
	json_t *ejson = json_loads(ej, 0, NULL);
	free(ej);
	json_object_set_new(ans, "error", json_incref(json_object_get(ejson, "error")));
	json_object_set_new(ans, "http_status", json_integer(e.status));
	json_decref(ejson);
	json_decref(rec);
	return ans;
}

static void *run_thread(void *arg)
{
	struct async_run *a = arg;
	struct server *s = a->s;
	/* In admission's queue as a synchronous request waits, in its order;
	 * when that queue is full too (a synchronous request would get 503),
	 * it tries again each second until a cancel (--max-async bounds how
	 * many do). */
	unsigned places = 0;
	pthread_mutex_lock(&mu);
	while (!a->cancel_asked) {
		pthread_mutex_unlock(&mu);
		places = admission_enter_upto(&s->admission, 1);
		pthread_mutex_lock(&mu);
		if (places)
			break;
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		t.tv_sec += 1;
		pthread_cond_timedwait(&changed, &mu, &t);
	}
	json_t *ans = NULL;
	if (a->cancel_asked) {
		pthread_mutex_unlock(&mu);
		ans = json_pack("{s:s, s:s, s:n}", "id", a->id, "state", "cancelled", "record");
	} else if (request_child_start_plan(&a->ch, &a->args, -1) != 0) {
		pthread_mutex_unlock(&mu);
		ans = json_pack("{s:s, s:s, s:{s:s, s:s, s:s}, s:i}", "id", a->id, "state", "done",
				"error", "code", "internal", "kind", "internal", "message",
				"cannot start sbx", "http_status", 500);
	} else {
		a->state = RUNNING;
		a->child_live = true;
		pthread_mutex_unlock(&mu);
		struct buf out;
		buf_init(&out, ANSWER_CAP);
		request_child_collect(&a->ch, &out);
		pthread_mutex_lock(&mu);
		a->child_live = false; /* request_child_finish closes what a cancel uses */
		a->state = ENDING;
		bool asked = a->cancel_asked;
		pthread_mutex_unlock(&mu);
		int code = request_child_finish(&a->ch);
		char *files_dir = a->args.files_dir;
		a->args.files_dir = NULL;
		ans = ended_answer(a, asked, &out, code, files_dir);
		returned_files_drop(files_dir);
		buf_release(&out);
	}
	if (places)
		admission_leave_n(&s->admission, places);
	keep(s, a->id, ans);
	json_decref(ans);
	pthread_mutex_lock(&mu);
	for (struct async_run **p = &live; *p; p = &(*p)->next)
		if (*p == a) {
			*p = a->next;
			break;
		}
	nlive--;
	pthread_cond_broadcast(&changed);
	pthread_mutex_unlock(&mu);
	buf_release(&a->ch.errbuf);
	request_plan_release(&a->args);
	free(a);
	admission_track(&s->admission, -1); /* the drain at SIGTERM waits for this run */
	return NULL;
}

/* The id the run is known by: the client's "id", or a new execution id
 * put in the body so the record carries it. 0, or -1 with e. */
static int run_id(json_t *body, char id[API_RUN_ID_MAX + 1], struct api_error *e)
{
	const char *given = json_string_value(json_object_get(body, "id"));
	if (given) {
		if (api_check_run_id(given, strlen(given), e))
			return -1;
		snprintf(id, API_RUN_ID_MAX + 1, "%s", given);
		return 0;
	}
	make_execution_id(id);
	json_object_set_new(body, "id", json_string(id));
	return 0;
}

enum MHD_Result async_runs_start(struct server *s, struct MHD_Connection *conn,
				 const struct api_route *r, json_t *body, const struct api_query *q)
{
	struct api_error e = {0};
	struct async_run *a = xcalloc(1, sizeof(*a));
	a->s = s;
	a->in_session = r->op == API_SESSION_EXEC;
	json_object_del(body, "wait"); /* the server's to do, not the child's */
	if (run_id(body, a->id, &e) || request_plan_build(r, body, q, "json", s->cfg->state_dir,
							  s->cfg->config, &a->args, &e)) {
		request_plan_release(&a->args);
		free(a);
		return respond_error(conn, &e);
	}
	if (front_get() == FRONT_CLI)
		request_plan_front_cli(&a->args);
	pthread_mutex_lock(&mu);
	char *kept = find_live(a->id) ? NULL : read_kept(s, a->id);
	if (find_live(a->id) || kept)
		api_fail(&e, ERROR_CONFLICT, "duplicate_id",
			 "a run with id '%s' was already started here: give another \"id\", or "
			 "none for a new one",
			 a->id);
	else if (nlive >= s->cfg->max_async)
		api_fail(&e, ERROR_UNAVAILABLE, "too_many_async",
			 "%u runs with \"wait\": false have not ended yet (this server's "
			 "--max-async): retry after a second, or poll and cancel some",
			 nlive);
	free(kept);
	if (e.status) {
		pthread_mutex_unlock(&mu);
		request_plan_release(&a->args);
		free(a);
		return respond_error(conn, &e);
	}
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	admission_track(&s->admission, 1);
	pthread_t t;
	if (pthread_create(&t, &attr, run_thread, a) != 0) {
		pthread_mutex_unlock(&mu);
		pthread_attr_destroy(&attr);
		admission_track(&s->admission, -1);
		request_plan_release(&a->args);
		free(a);
		api_fail(&e, ERROR_UNAVAILABLE, "overloaded",
			 "cannot start a thread for the run: retry after a second");
		return respond_error(conn, &e);
	}
	pthread_attr_destroy(&attr);
	a->next = live;
	live = a;
	nlive++;
	char id[API_RUN_ID_MAX + 1];
	snprintf(id, sizeof id, "%s", a->id); /* a is the thread's once mu is let go */
	pthread_mutex_unlock(&mu);
	char b[64 + 2 * API_RUN_ID_MAX];
	snprintf(b, sizeof b, "{\"id\":\"%s\",\"state\":\"queued\",\"location\":\"/v1/runs/%s\"}",
		 id, id);
	return respond_state(conn, 202, id, b);
}

/* ?wait=S: 0 to ASYNC_WAIT_MAX_S seconds. -1 with e when not. */
static int wait_seconds(const struct api_query *q, struct api_error *e)
{
	int w = 0;
	for (size_t i = 0; i < q->n; i++) {
		char *end;
		long v = strtol(q->value[i], &end, 10);
		if (*end || v < 0 || v > ASYNC_WAIT_MAX_S)
			return api_fail(e, ERROR_INVALID, "bad_parameter",
					"wait=%.40s: give whole seconds, 0 to %d", q->value[i],
					ASYNC_WAIT_MAX_S);
		w = (int)v;
	}
	return w;
}

enum MHD_Result async_runs_answer(struct server *s, struct MHD_Connection *conn,
				  const struct api_route *r, const struct api_query *q)
{
	struct api_error e = {0};
	bool cancel = r->op == API_RUN_CANCEL;
	/* A cancel answers once the run has ended (SIGTERM ends one within
	 * its grace); a poll with ?wait= blocks until then, at most S. */
	int wait = cancel ? ASYNC_WAIT_MAX_S : wait_seconds(q, &e);
	if (wait < 0)
		return respond_error(conn, &e);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += wait;
	pthread_mutex_lock(&mu);
	struct async_run *a = find_live(r->ref);
	if (a && cancel && a->in_session && a->state != QUEUED) {
		pthread_mutex_unlock(&mu);
		api_fail(&e, ERROR_CONFLICT, "not_cancellable",
			 "run '%s' is a session's execution and has begun: it finishes in the "
			 "session (its timeout ends it), as when a client hangs up; poll GET "
			 "/v1/runs/%s for its record",
			 r->ref, r->ref);
		return respond_error(conn, &e);
	}
	if (a && cancel) {
		a->cancel_asked = true;
		if (a->child_live)
			request_child_cancel(&a->ch);
		pthread_cond_broadcast(&changed); /* a queued one waiting to retry */
	}
	while (wait && (a = find_live(r->ref)) &&
	       pthread_cond_timedwait(&changed, &mu, &until) != ETIMEDOUT)
		;
	a = find_live(r->ref);
	char b[96 + API_RUN_ID_MAX];
	if (a)
		snprintf(b, sizeof b, "{\"id\":\"%s\",\"state\":\"%s\"%s}", a->id,
			 a->state == QUEUED ? "queued" : "running",
			 a->cancel_asked ? ",\"cancel_asked\":true" : "");
	pthread_mutex_unlock(&mu);
	if (a)
		return respond_state(conn, 200, r->ref, b);
	char *kept = read_kept(s, r->ref);
	if (!kept) {
		api_fail(
		    &e, ERROR_NOT_FOUND, "not_found",
		    "no run '%s' started with \"wait\": false on this server (an ended one "
		    "is kept %d hours, the last %d): sbx history show ID on the server's machine "
		    "has every run's record",
		    r->ref, ASYNC_KEEP_SECONDS / 3600, ASYNC_KEEP_MAX);
		return respond_error(conn, &e);
	}
	enum MHD_Result rc = respond_state(conn, 200, r->ref, kept);
	free(kept);
	return rc;
}
