/* session_kernels — a workspace's kernels: one per language that ran in
 * the session, all in the same run directory (the code's working
 * directory is shared: a file one language writes, the next reads). The
 * session's own language starts with the daemon; another language's kernel
 * starts on its first execution and is kept, and each restores its own
 * saved state when it starts (the kernels name their state files by
 * language; a JavaScript or TypeScript kernel's replay log is named here).
 *
 * Memory: every kernel runs in a sandbox of its own with the session's
 * memory limit; together they are kept within it at each execution's
 * start by stopping the idle ones (least recently used first) while the
 * kernels' resident memory adds up to more (session_kernels_fit_memory).
 * May call: session_kernel_link, session_account, sandbox (rundir), engine
 * (engine_kernel), core (lang), util, libc.
 */
#include "session/session_daemon_int.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/lang.h"
#include "engine/engine_kernel.h"
#include "sandbox/rundir.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

int session_kernels_reopen_rundir(struct daemon *d)
{
	rundir_close(&d->wd);
	return rundir_open(&d->wd, json_string_value(json_object_get(d->m, "rundir")));
}

struct kernel_slot *session_kernels_slot(struct daemon *d, const char *name, char *why, size_t n)
{
	const struct lang *l = name ? lang_by_name(name) : NULL;
	if (!l) {
		snprintf(why, n, "unknown language '%s': use %s", name ? name : "",
			 lang_all_names());
		return NULL;
	}
	for (size_t i = 0; i < d->nkernels; i++)
		if (!strcmp(d->kernels[i].lang, l->name))
			return &d->kernels[i];
	if (!engine_kernel_supported(l)) {
		snprintf(why, n,
			 "sessions do not support %s yet: use 'sbx run -l %s' for one-shot runs",
			 l->name, l->name);
		return NULL;
	}
	if (d->nkernels == MAX_KERNELS || strlen(l->name) >= LANG_NAME_MAX) {
		snprintf(why, n, "the session has a kernel for each of %zu languages already",
			 d->nkernels);
		return NULL;
	}
	struct kernel_slot *s = &d->kernels[d->nkernels++];
	memset(s, 0, sizeof *s);
	s->d = d;
	snprintf(s->lang, sizeof s->lang, "%s", l->name);
	session_kernel_link_init(&s->k);
	s->k.group = &d->group; /* the kernel's cgroup is made in it */
	/* The session's own language keeps the names it always had; another
	 * JavaScript-like kernel gets a replay log of its own. */
	const char *own = json_string_value(json_object_get(d->m, "language"));
	bool primary = own && !strcmp(own, l->name);
	json_t *replay =
	    primary ? json_string("replay.jsonl") : json_sprintf("replay.%s.jsonl", l->name);
	s->view = json_pack("{s:s, s:O, s:O, s:o}", "language", l->name, "rundir",
			    json_object_get(d->m, "rundir"), "memory_bytes",
			    json_object_get(d->m, "memory_bytes"), "replay", replay);
	json_object_set(s->view, "require", json_object_get(d->m, "require"));
	json_object_set(s->view, "disk_bytes", json_object_get(d->m, "disk_bytes"));
	s->saved_count = d->count;
	/* Its count from the manifest: a daemon restarted after kill -9. */
	size_t i;
	json_t *was;
	json_array_foreach(json_object_get(d->m, "kernels"), i, was)
	{
		const char *lang = json_string_value(json_object_get(was, "language"));
		if (lang && !strcmp(lang, l->name))
			s->executions = json_integer_value(json_object_get(was, "executions"));
	}
	return s;
}

int session_kernels_start(struct daemon *d, struct kernel_slot *s, char *why, size_t n)
{
	/* Nothing in flight in the writer thread while the host forks: it
	 * would keep a copy of the manifest's lock for its whole life. */
	persist_drain(&d->persist);
	/* The run directory afresh: the last kernel's code may have swapped
	 * a name in it for a link, which rundir_open removes (and the fds the
	 * daemon kept would name the directory it renamed away). */
	if (session_kernels_reopen_rundir(d) < 0 ||
	    session_kernel_link_start(&s->k, d->state_dir, s->view, &d->wd) < 0) {
		snprintf(why, n, "%s", *error_first_message() ? error_first_message() : "fork");
		return -1;
	}
	/* What the restore printed reaches daemon_to_client while nothing
	 * is busy: dropped. */
	if (session_kernel_link_await_ready(&s->k, START_MS, daemon_to_client, s, why, n) < 0)
		return -1;
	s->restored_pending = s->k.restored;
	if (s->k.restored && !s->recovered[0])
		snprintf(s->recovered, sizeof s->recovered,
			 "the session's %s kernel was not running: restored from the state it "
			 "saved after its last execution",
			 s->lang);
	d->renew_at = 0; /* renewed next: the start may have outlasted the lease */
	return 0;
}

/* Stops the least recently used running kernel but keep, saying why in
 * its recovered note; false when there is none. */
static bool stop_lru(struct daemon *d, const struct kernel_slot *keep, long long limit_kb)
{
	struct kernel_slot *lru = NULL;
	for (size_t i = 0; i < d->nkernels; i++) {
		struct kernel_slot *s = &d->kernels[i];
		if (s->k.host_pid > 0 && s != keep && (!lru || s->last_used < lru->last_used))
			lru = s;
	}
	if (!lru)
		return false;
	session_kernel_link_stop(&lru->k, daemon_to_client, lru);
	snprintf(lru->recovered, sizeof lru->recovered,
		 "the session's %s kernel was stopped to keep the workspace's kernels "
		 "within its memory limit (%lld MiB together): restored from the state it "
		 "saved after its last execution",
		 lru->lang, limit_kb >> 10);
	session_kernels_persist(d);
	return true;
}

int session_kernels_start_within_memory(struct daemon *d, struct kernel_slot *s, char *why,
					size_t n)
{
	long long limit_kb =
	    (long long)(json_integer_value(json_object_get(d->m, "memory_bytes")) >> 10);
	for (;;) {
		if (session_kernels_start(d, s, why, n) == 0)
			return 0;
		const char *st = json_string_value(json_object_get(s->k.end, "status"));
		if (!st || strcmp(st, "memory_limit") || !stop_lru(d, s, limit_kb))
			return -1;
	}
}

void session_kernels_fit_memory(struct daemon *d, const struct kernel_slot *keep)
{
	long long limit_kb =
	    (long long)(json_integer_value(json_object_get(d->m, "memory_bytes")) >> 10);
	if (limit_kb <= 0)
		return;
	for (;;) {
		long long total = 0;
		for (size_t i = 0; i < d->nkernels; i++) {
			struct kernel_slot *s = &d->kernels[i];
			if (s->k.host_pid <= 0)
				continue;
			long long kb = session_account_rss_kb(s->k.code_pid);
			total += kb > 0 ? kb : 0;
		}
		if (total <= limit_kb || !stop_lru(d, keep, limit_kb))
			return;
	}
}

void session_kernels_kill_all(struct daemon *d)
{
	for (size_t i = 0; i < d->nkernels; i++)
		if (d->kernels[i].k.code_pid > 0)
			kill(d->kernels[i].k.code_pid, SIGKILL);
}

void session_kernels_stop_all(struct daemon *d)
{
	for (size_t i = 0; i < d->nkernels; i++)
		session_kernel_link_stop(&d->kernels[i].k, daemon_to_client, &d->kernels[i]);
	/* The kernels shared the daemon's uid (session_kernel_link.c): what any
	 * of them left behind, a kernel's own end did not kill. */
	sandbox_kill_shared_uid(getpid());
	session_kernels_persist(d);
}

static json_t *slot_entry(const struct kernel_slot *s)
{
	bool running = s->k.host_pid > 0 && s->k.code_pid > 0;
	json_t *k = json_pack("{s:s, s:s, s:I}", "language", s->lang, "state",
			      running ? "running" : "stopped", "executions", s->executions);
	if (running)
		json_object_set_new(k, "pid", json_integer(s->k.code_pid));
	return k;
}

void session_kernels_persist(struct daemon *d)
{
	/* In the order they first ran: the manifest's list, each entry this
	 * daemon has a kernel for brought up to date (a daemon restarted after
	 * kill -9 has not started them all again), then the new ones. */
	json_t *list = json_array();
	bool listed[MAX_KERNELS] = {false};
	size_t i;
	json_t *was;
	json_array_foreach(json_object_get(d->m, "kernels"), i, was)
	{
		const char *lang = json_string_value(json_object_get(was, "language"));
		size_t j = 0;
		while (lang && j < d->nkernels && strcmp(d->kernels[j].lang, lang))
			j++;
		if (!lang) {
			continue;
		} else if (j < d->nkernels) {
			listed[j] = true;
			json_array_append_new(list, slot_entry(&d->kernels[j]));
		} else {
			json_array_append_new(list, json_pack("{s:s, s:s, s:O}", "language", lang,
							      "state", "stopped", "executions",
							      json_object_get(was, "executions")));
		}
	}
	for (size_t j = 0; j < d->nkernels; j++)
		if (!listed[j])
			json_array_append_new(list, slot_entry(&d->kernels[j]));
	json_t *p = json_pack("{s:o}", "kernels", list);
	json_object_update(d->m, p);
	persist_manifest(&d->persist, p);
	json_decref(p);
}

void session_kernels_release(struct daemon *d)
{
	for (size_t i = 0; i < d->nkernels; i++) {
		session_kernel_link_release(&d->kernels[i].k);
		json_decref(d->kernels[i].view);
	}
	d->nkernels = 0;
}
