/* session_daemon_exec — the daemon's executions, one at a time in arrival
 * order, each in the kernel of its language (the request's "language",
 * else the session's: session_kernels.c). Per execution the daemon
 * enforces the wall-clock timeout and the CPU-time limit (session_daemon.c's
 * loop), the output cap (daemon_to_client), and builds the record from the
 * kernel's checked frames and its own measures.
 * May call: session_kernels, session_kernel_link, session_store, session_proto,
 * sandbox (workdir), engine, util, libc.
 */
#include "session/session_daemon_int.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox/rundir.h"
#include "util/util.h"

static json_int_t mget(struct daemon *d, const char *key)
{
	return json_integer_value(json_object_get(d->m, key));
}

void daemon_to_client(void *ctx, int stream, const char *data, size_t len)
{
	struct kernel_slot *s = ctx;
	struct daemon *d = s->d;
	if (!d->busy || d->cur != s)
		return; /* a background thread's output between executions */
	d->bytes[stream - 1] += len;
	if (d->bytes[stream - 1] > d->hard_cap && d->phase < 2 && s->k.code_pid > 0) {
		kill(s->k.code_pid, SIGKILL);
		d->phase = 2;
		d->killed_for = "output";
	}
	if (d->cur_job.fd >= 0 &&
	    proto_send(d->cur_job.fd, stream == 1 ? 'O' : 'E', data, len) < 0) {
		close(d->cur_job.fd);
		d->cur_job.fd = -1;
	}
}

static json_t *session_field(struct daemon *d)
{
	struct kernel_slot *s = d->cur;
	json_t *f = json_pack("{s:s, s:O, s:I, s:b, s:s}", "id", d->id, "name",
			      json_object_get(d->m, "name"), "execution_count", d->count,
			      "restored", s->restored_pending, "language", s->lang);
	if (d->fresh_pending)
		json_object_set_new(f, "fresh", json_true());
	if (s->restored_pending) {
		json_object_set(f, "unsaved", s->k.unsaved ? s->k.unsaved : json_array());
		if (s->recovered[0])
			json_object_set_new(f, "recovered", json_string(s->recovered));
	}
	return f;
}

/* A kernel's save: a JavaScript kernel's replay line appended (the
 * writer thread makes it durable), the save's size for the manifest. */
static void on_saved(struct daemon *d, struct kernel_slot *s, json_t *f, json_int_t count)
{
	int replay = session_replay_save(s->view, d->wd.priv_fd, f);
	if (replay >= 0)
		persist_replay(&d->persist, replay);
	s->saved_count = count;
	json_t *p = json_pack("{s:O, s:O, s:O}", "last_save_ms", json_object_get(f, "ms"),
			      "last_save_bytes", json_object_get(f, "bytes"), "unsaved",
			      json_object_get(f, "unsaved"));
	json_object_update(d->m, p);
	persist_manifest(&d->persist, p);
	json_decref(p);
}

void daemon_finish_exec(struct daemon *d)
{
	struct kernel_slot *s = d->cur;
	json_t *rec = json_object();
	json_t *done = d->done;
	json_t *req = d->cur_job.req;
	double wall = now_monotonic_ms() - d->start_ms;
	uint64_t t = (uint64_t)json_integer_value(json_object_get(req, "timeout_ms"));
	d->count++;
	s->executions++;
	session_group_prefer(s->k.code_pid, false);
	struct exec_end e = {
	    .done = done,
	    .end = s->k.end,
	    .killed_for = d->killed_for,
	    /* the daemon sent the SIGINT for a limit (phase 1): the kernel's
	     * word does not decide it */
	    .interrupted = d->phase >= 1 && !(d->killed_for && strcmp(d->killed_for, "timeout")),
	    .cpu_fired = d->cpu_fired,
	    .exiting = d->exiting,
	    .limit_ms = d->cpu_fired ? d->cpu_limit_ms : (double)t,
	};
	const char *status = session_exec_status(&e, rec);
	s->last_out_of_memory = json_is_true(json_object_get(done, "out_of_memory"));
	if (!done && d->exiting && !strcmp(status, "error") && !json_object_get(rec, "error"))
		s->saved_count = d->count; /* sys.exit(N): it saved before it exited */
	json_object_set_new(rec, "done", json_true());
	json_object_set_new(rec, "status", json_string(status));
	json_object_set_new(rec, "wall_ms", json_real(wall));
	session_account_record(s->k.end, s->k.code_pid, d->acct_cpu0_ms, d->acct_peak0_kb, rec);
	if (done && session_kernel_link_is_sbx(s->view)) {
		/* A JavaScript kernel is sbx's C code (the JavaScript has no
		 * file descriptors): its heap's peak, as a run reports it. */
		json_object_set(rec, "cpu_ms", json_object_get(done, "cpu_ms"));
		json_object_set_new(rec, "memory_peak_kb",
				    json_integer((json_int_t)json_number_value(
					json_object_get(done, "maxrss_kb"))));
	}
	json_object_set(rec, "layers", s->k.layers ? s->k.layers : json_null());
	json_t *files = NULL;
	const char *out_dir = json_string_value(json_object_get(req, "out_dir"));
	workdir_collect(&d->wd, out_dir, json_is_true(json_object_get(req, "dotfiles")),
			(uint64_t)json_integer_value(json_object_get(req, "files_bytes")), &files);
	json_object_set_new(rec, "files", files ? files : json_array());
	json_object_set_new(rec, "session", session_field(d));
	if (d->cur_job.fd >= 0) {
		(void)proto_send_json(d->cur_job.fd, rec);
		close(d->cur_job.fd);
	}
	json_decref(rec);
	session_program_end(&d->wd, d->cur_job.req);
	json_decref(d->cur_job.req);
	d->cur_job.req = NULL;
	session_exec_io_end(&d->wd); /* its stdin */
	json_decref(d->done);
	d->done = NULL;
	d->busy = false;
	s->restored_pending = d->fresh_pending = false;
	s->recovered[0] = 0;
	uint64_t now = session_now_ms();
	json_t *patch = json_pack("{s:I, s:I, s:I}", "execution_count", d->count, "last_exec_at_ms",
				  (json_int_t)now, "expires_at_ms",
				  (json_int_t)(now + (uint64_t)mget(d, "ttl_ms")));
	json_object_update(d->m, patch);
	persist_manifest(&d->persist, patch);
	json_decref(patch);
	session_kernels_persist(d);
	d->idle_deadline = now_monotonic_ms() + (double)mget(d, "idle_ms");
	/* The save that came with the execution's end (a JavaScript kernel
	 * sends both at once), handled now that the client has its record. */
	json_t *saved = d->saved;
	d->saved = NULL;
	s->finished_seq = d->seq;
	s->finished_count = d->count;
	if (saved)
		on_saved(d, s, saved, d->count);
	json_decref(saved);
}

void daemon_refuse(struct daemon *d, struct job j, const char *why)
{
	proto_reply_error(j.fd, why);
	session_exec_io_drop(&d->wd, j.req);
	json_decref(j.req);
}

/* session exec --fresh: the execution gets a new kernel of its language
 * that restores nothing, so no earlier execution's code or objects run in
 * its process (the workspace's files stay, and so do the other languages'
 * kernels); the state it leaves is that language's from then on. */
static void start_fresh(struct daemon *d, struct kernel_slot *s)
{
	/* its state was saved after its last execution */
	session_kernel_link_stop(&s->k, daemon_to_client, s);
	json_t *mark = json_pack("{s:b}", "fresh", 1);
	int replay = session_kernels_reopen_rundir(d) == 0
			 ? session_replay_save(s->view, d->wd.priv_fd, mark)
			 : -1;
	if (replay >= 0)
		persist_replay(&d->persist, replay);
	json_decref(mark);
	s->k.fresh = true;
	d->fresh_pending = true;
}

static void stop_session(struct daemon *d, struct job j)
{
	session_kernels_stop_all(d);
	persist_drain(&d->persist); /* stopped: everything on disk */
	/* Gone before the answer: whoever looks next finds it stopped, and
	 * its lease free (the next request may start a daemon at once, on
	 * this node or another, while this one is still on its way out). */
	session_unlisten(d->state_dir, d->id, d->sock_ino);
	session_lease_release(d->state_dir, d->id, &d->lease);
	d->lease.gen = 0;  /* released: not again at the exit */
	d->stopped = true; /* the loop exits */
	json_t *r = json_pack("{s:b}", "stopped", 1);
	(void)proto_send_json(j.fd, r);
	json_decref(r);
	close(j.fd);
	json_decref(j.req);
}

void daemon_start_job(struct daemon *d)
{
	struct job j = d->queue[0];
	memmove(d->queue, d->queue + 1, --d->nq * sizeof d->queue[0]);
	const char *op = json_string_value(json_object_get(j.req, "op"));
	if (!strcmp(op, "stop"))
		return stop_session(d, j);
	char why[512];
	/* The execution's language: the request's, else the session's. */
	const char *lang = json_string_value(json_object_get(j.req, "language"));
	struct kernel_slot *s = session_kernels_slot(
	    d, lang ? lang : json_string_value(json_object_get(d->m, "language")), why, sizeof why);
	if (!s)
		return daemon_refuse(d, j, why);
	if (json_is_true(json_object_get(j.req, "fresh")))
		start_fresh(d, s);
	if (s->k.host_pid <= 0 && session_kernels_start_within_memory(d, s, why, sizeof why) < 0)
		return daemon_refuse(d, j, why);
	/* The workspace's kernels together within the session's memory. */
	session_kernels_fit_memory(d, s);
	/* Afresh for every execution: the last one's code may have left a
	 * link for a directory (rundir.h), which the client replaced. */
	if (session_kernels_reopen_rundir(d) < 0) {
		snprintf(why, sizeof why, "%s", error_first_message());
		return daemon_refuse(d, j, why);
	}
	if (session_group_disk(d, s->k.code_pid, why, sizeof why) < 0)
		return daemon_refuse(d, j, why);
	d->disk_check_at = now_monotonic_ms() + DISK_WATCH_MS;
	/* The spools of clients killed before they sent (not the queue's). */
	json_t *keep[MAX_QUEUE + 1] = {j.req};
	for (size_t i = 0; i < d->nq; i++)
		keep[i + 1] = d->queue[i].req;
	session_stdin_sweep(d->wd.priv_fd, keep, d->nq + 1);
	/* --file copies for this execution, then what is there before it. */
	if (session_files_copy_in(&d->wd, j.req, why, sizeof why) < 0)
		return daemon_refuse(d, j, why);
	/* stdin, env, args (and Java's inputs.json, before the snapshot). */
	json_t *io = json_object();
	if (session_exec_io_start(&d->wd, s->view, j.req, io, why, sizeof why) < 0) {
		json_decref(io);
		return daemon_refuse(d, j, why);
	}
	session_program_start(&d->wd, s->view, j.req, io);
	session_modules_start(&d->wd, s->view, j.req, io);
	workdir_snapshot(&d->wd);
	if (d->cur_job.req != j.req)
		d->resent = 0;
	d->cur = s;
	s->last_used = now_monotonic_ms();
	d->cur_job = j;
	d->busy = true;
	d->taken = false;
	d->phase = 0;
	d->killed_for = NULL;
	d->bytes[0] = d->bytes[1] = 0;
	d->hard_cap = (uint64_t)json_integer_value(json_object_get(j.req, "output_bytes")) *
		      SBX_OUTPUT_HARD_FACTOR;
	d->results = results_stream_start(
	    (uint64_t)json_integer_value(json_object_get(j.req, "output_bytes")));
	session_kernel_link_reset_marks(&s->k);
	d->acct_cpu0_ms = session_account_cpu_ms(s->k.code_pid);
	d->acct_peak0_kb = session_account_peak_kb(s->k.code_pid);
	d->exiting = false;
	d->start_ms = now_monotonic_ms();
	d->deadline_ms =
	    d->start_ms + (double)json_integer_value(json_object_get(j.req, "timeout_ms"));
	d->cpu_limit_ms = (double)json_integer_value(json_object_get(j.req, "cpu_ms"));
	d->cpu0_ms = session_cpu_ms(s->k.code_pid);
	d->cpu_fired = false;
	/* In this order: the R kernel takes seq and code by position, then
	 * everything after the code as one object. */
	json_t *msg =
	    json_pack("{s:I, s:O}", "seq", ++d->seq, "code", json_object_get(j.req, "code"));
	json_object_update(msg, io);
	json_decref(io);
	json_object_set(msg, "inputs", json_object_get(j.req, "inputs"));
	/* The execution's output limit: the kernel bounds the result and the
	 * rich results by it, as a run's prelude does (core/results.h). */
	json_object_set(msg, "results_max", json_object_get(j.req, "output_bytes"));
	session_group_prefer(s->k.code_pid, true);
	if (session_kernel_link_send(&s->k, msg) < 0 && s->k.code_pid > 0)
		kill(s->k.code_pid, SIGKILL); /* finished when the host reports the end */
	json_decref(msg);
}

/* A rich result the kernel sent as it was made: bounded as a run's are
 * (results_stream.h), then on to the client ('R'); the record still takes
 * the results from the report at the end. */
static void send_result(struct daemon *d, json_t *item_text)
{
	/* A client of an older sbx would take the frame for the record. */
	if (d->cur_job.fd < 0 || !json_is_true(json_object_get(d->cur_job.req, "results_stream")))
		return;
	json_t *item = json_loadb(json_string_value(item_text), json_string_length(item_text),
				  JSON_ALLOW_NUL, NULL);
	json_t *entry = results_stream_take(&d->results, item);
	json_decref(item);
	char *text = entry ? json_dumps(entry, JSON_COMPACT | JSON_ALLOW_NUL) : NULL;
	json_decref(entry);
	if (text && d->cur_job.fd >= 0 && proto_send(d->cur_job.fd, 'R', text, strlen(text)) < 0) {
		close(d->cur_job.fd);
		d->cur_job.fd = -1;
	}
	free(text);
}

void daemon_on_ctl(struct daemon *d, struct kernel_slot *s)
{
	json_t *f = NULL;
	int r;
	while ((r = session_kernel_link_read_ctl(&s->k, &f)) == 1) {
		/* Only the frames of the last execution sent, from its kernel,
		 * count (they are checked, not trusted: session_frames.c). */
		json_int_t seq = 0;
		static const char *const kinds[] = {"start", "exiting", "done", "saved", "result"};
		for (size_t i = 0; i < 5; i++)
			if (json_object_get(f, kinds[i]))
				seq = json_integer_value(json_object_get(f, kinds[i]));
		bool last = d->cur == s && seq == d->seq;
		bool this_one = d->busy && last;
		if (json_object_get(f, "start") && this_one) {
			d->taken = true;
		} else if (json_object_get(f, "result") && this_one && !d->done) {
			send_result(d, json_object_get(f, "item"));
		} else if (json_object_get(f, "exiting") && this_one) {
			d->exiting = true;
		} else if (json_object_get(f, "done") && this_one && !d->done) {
			d->done = f;
			f = NULL;
		} else if (json_object_get(f, "saved") && this_one && !d->saved) {
			d->saved = f; /* after the reply: see daemon_finish_exec */
			f = NULL;
		} else if (json_object_get(f, "saved") && !this_one && seq &&
			   seq == s->finished_seq) {
			/* its last execution's save, come after the reply (the
			 * next execution, of this kernel or another, may be
			 * running already) */
			on_saved(d, s, f, s->finished_count);
		}
		json_decref(f);
		f = NULL;
		if (!session_kernel_link_has_line(&s->k))
			break;
	}
	if (r < 0 && s->k.ctl >= 0) {
		close(s->k.ctl); /* the host's pipe tells how it ended */
		s->k.ctl = -1;
	}
}

void daemon_on_kernel_end(struct daemon *d, struct kernel_slot *s)
{
	const char *st = json_string_value(json_object_get(s->k.end, "status"));
	int sig = (int)json_integer_value(json_object_get(s->k.end, "signal"));
	bool running = d->busy && d->cur == s;
	bool exiting = d->cur == s && d->exiting;
	if (running && !d->done && !d->taken && d->resent == 0 && d->nq < MAX_QUEUE) {
		/* Sent to a kernel that was already dying (kill -9 between two
		 * executions): the execution never started; it goes first to
		 * the next kernel. */
		memmove(d->queue + 1, d->queue, d->nq++ * sizeof d->queue[0]);
		d->queue[0] = d->cur_job;
		d->busy = false;
		d->resent = 1;
	} else if (running && !d->done) {
		daemon_finish_exec(d);
	}
	session_kernel_link_reap(&s->k);
	if (exiting)
		snprintf(s->recovered, sizeof s->recovered,
			 "the kernel exited with execution %lld's nonzero exit code: restored from "
			 "the state saved after execution %lld",
			 (long long)d->count, (long long)s->saved_count);
	else if (s->last_out_of_memory && (!running || d->resent))
		snprintf(
		    s->recovered, sizeof s->recovered,
		    "the kernel ended after execution %lld ran out of memory, its state unsaved: "
		    "restored from the state saved after execution %lld",
		    (long long)d->count, (long long)s->saved_count);
	else
		snprintf(s->recovered, sizeof s->recovered,
			 "the kernel ended (%s%s%s): restored from the state saved after "
			 "execution %lld",
			 st ? st : "unknown", sig ? ", signal " : "", sig ? strsignal(sig) : "",
			 (long long)s->saved_count);
	if (d->cur == s)
		d->exiting = false;
}
