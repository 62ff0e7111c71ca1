/* remote_run — run, exec-deployment, prepare and deploy through a server.
 *
 * The command line is parsed here by the same option tables as locally
 * (runopt), so the code, the language and the local files are read on
 * this machine; the request goes out as the JSON body of the API (the keys
 * of a batch line). Text mode asks for the NDJSON stream and prints the
 * code's output as it comes, then the result line and sbx's summary as
 * render.c does locally. */
#include <openssl/evp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error_kinds.h"
#include "core/outcome.h"
#include "core/request_keys.h"
#include "render/render_text.h"
#include "run/runopt.h"
#include "serve/curl.h"
#include "serve/remote.h"
#include "run/out_dir.h"
#include "serve/remote_files.h"
#include "serve/routes.h"
#include "util/util.h"

struct rctx {
	struct run_options ro;
	const struct opt_spec *const *tables;
	json_t *as_typed; /* the keys sent as the flags were typed (as_typed_key) */
	int format;	  /* 0 text, 1 json, 2 ndjson */
	/* the stream */
	json_t *record;
	char last_stdout_byte;
	bool code_is_file;
	bool session;	     /* sbx session exec */
	const char *out_dir; /* -o: the files the code made come back into it */
};

/* A flag whose value the server reads as the command line does, so it is
 * sent as typed under the key the request keys' table gives the flag: the
 * limits (a number or a string, "2s", "512M") and a deployment's name. */
static const struct request_key *as_typed_key(const char *long_name)
{
	char flag[48];
	snprintf(flag, sizeof flag, "--%s", long_name);
	for (const struct request_key *k = request_keys; k->key; k++)
		if (k->flag && !strcmp(k->flag, flag) &&
		    ((k->types & RK_NUM) || !strcmp(k->key, "name")))
			return k;
	return NULL;
}

static int rr_option(void *ctx, int id, const char *arg)
{
	struct rctx *c = ctx;
	const struct opt_spec *o = NULL;
	for (size_t i = 0; c->tables[i] && !o; i++)
		for (const struct opt_spec *s = c->tables[i]; s->long_name; s++)
			if (s->id == id)
				o = s;
	const char *n = o ? o->long_name : "";
	if (c->session && id >= RO_FIRST_FREE)
		return error("usage: sbx session exec: --%s is not an exec option (see 'sbx "
			     "session -h')",
			     n);
	/* -o: the server returns the files, written here (remote_files.c) */
	if (!strcmp(n, "out-dir")) {
		c->out_dir = arg;
		return 0;
	}
	static const char *const local_only[] = {
	    "out-dir",	"out-dir-dotfiles", "require", "no-history", "block",	 "policy",
	    "max-code", "state-dir",	    "config",  "request",    "markdown", NULL};
	for (size_t i = 0; local_only[i]; i++)
		if (!strcmp(n, local_only[i]))
			return error("--%s is not available with --remote (the server decides "
				     "it): run without --remote",
				     n);
	const struct request_key *typed = as_typed_key(n);
	if (typed)
		json_object_set_new(c->as_typed, typed->key, json_string(arg));
	else if (!strcmp(n, "json"))
		c->format = 1;
	else if (!strcmp(n, "format")) {
		if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "ndjson"))
			return error("invalid --format '%s': use text, json or ndjson", arg);
		c->format = !strcmp(arg, "json") ? 1 : !strcmp(arg, "ndjson") ? 2 : 0;
	} else
		return runopt_handle(&c->ro, id, arg);
	return 0;
}

static json_t *base64_file(const char *path, uint64_t cap)
{
	struct buf b = BUF_INIT;
	if (read_file(path, (size_t)cap, &b) != 0) {
		buf_release(&b);
		return NULL;
	}
	size_t n = b.len;
	char *enc = xmalloc(4 * ((n + 2) / 3) + 1);
	EVP_EncodeBlock((unsigned char *)enc, (const unsigned char *)(b.data ? b.data : ""),
			(int)n);
	json_t *v = json_pack("{s:s}", "base64", enc);
	free(enc);
	buf_release(&b);
	return v;
}

/* A record's error kind, for the error this side says of it. */
static enum error_kind record_kind(json_t *rec)
{
	const struct error_kind_row *k = error_kind_by_name(
	    json_string_value(json_object_get(json_object_get(rec, "error"), "kind")));
	return k ? k->kind : ERROR_INVALID;
}
/* The request as the API's JSON body. NULL after a message. */
static json_t *build_body(struct rctx *c, const char *cmd)
{
	struct request *req = c->ro.req;
	json_t *b = json_object();
	bool run = !strcmp(cmd, "run"), exec = !strcmp(cmd, "exec-deployment");
	bool session = c->session;
	if (req->code) {
		json_t *code = json_stringn(req->code, req->code_len);
		if (!code) {
			error("the code is not valid UTF-8: --remote sends it as JSON text");
			goto fail;
		}
		json_object_set_new(b, "code", code);
		/* A session knows its language: only -l is checked against it. */
		if (!session || c->ro.lang_arg)
			json_object_set_new(b, "language", json_string(req->lang->name));
	}
	if (req->engine != JS_ENGINE_UNSET)
		json_object_set_new(b, "engine", json_string(request_engine_name(req->engine)));
	if (!strcmp(cmd, "prepare"))
		return b;
	if (json_object_size(req->inputs))
		json_object_set(b, "inputs", req->inputs);
	json_object_update(b, c->as_typed);
	json_t *labels = json_object(), *env = json_object();
	for (size_t i = 0; i < req->nlabels; i++)
		json_object_set_new(labels, req->labels[i].key, json_string(req->labels[i].value));
	for (size_t i = 0; i < req->nenv; i++) {
		char *eq = strchr(req->env[i], '=');
		char *k = xstrndup(req->env[i], eq ? (size_t)(eq - req->env[i]) : 0);
		json_object_set_new(env, k, json_string(eq ? eq + 1 : ""));
		free(k);
	}
	if (json_object_size(labels))
		json_object_set(b, "labels", labels);
	if (json_object_size(env))
		json_object_set(b, "env", env);
	json_decref(labels);
	json_decref(env);
	if (req->merge_output)
		json_object_set_new(b, "merge_output", json_true());
	if (req->print_result != PRINT_RESULT_AUTO && !session) /* drawn here */
		json_object_set_new(b, "print_result",
				    json_boolean(req->print_result == PRINT_RESULT_ALWAYS));
	if (!run && !exec && !session) {
		if (req->nfiles || req->nargs || req->stdin_path) {
			error("deploy --remote takes no -f, --stdin or arguments: give them to "
			      "exec-deployment");
			goto fail;
		}
		return b;
	}
	if (req->nargs) {
		json_t *a = json_array();
		for (size_t i = 0; i < req->nargs; i++)
			json_array_append_new(a, json_string(req->args[i]));
		json_object_set_new(b, "args", a);
	}
	if (req->nfiles) {
		json_t *files = json_object();
		json_object_set_new(b, "files", files);
		for (size_t i = 0; i < req->nfiles; i++) {
			json_t *f = base64_file(req->files[i].src, SBX_DEFAULT_FILES);
			if (!f)
				goto fail;
			json_object_set_new(files, req->files[i].name, f);
		}
	}
	if (req->stdin_path) {
		struct buf s = BUF_INIT;
		int rc = !strcmp(req->stdin_path, "-")
			     ? read_fd(0, SBX_DEFAULT_FILES, &s)
			     : read_file(req->stdin_path, SBX_DEFAULT_FILES, &s);
		json_t *v = rc == 0 ? json_stringn(s.data ? s.data : "", s.len) : NULL;
		buf_release(&s);
		if (!v) {
			error(
			    "--stdin %s: unreadable, or not UTF-8 text (--remote sends it as JSON "
			    "text)",
			    req->stdin_path);
			goto fail;
		}
		json_object_set_new(b, "stdin", v);
	}
	return b;
fail:
	json_decref(b);
	return NULL;
}

/* The exit code a record stands for (the SPEC's table). */
static int record_exit_code(json_t *rec)
{
	const char *st = json_string_value(json_object_get(rec, "status"));
	json_t *ec = json_object_get(rec, "exit_code");
	if (!st)
		return EXIT_SBX_FAILURE;
	if (!strcmp(st, "ok"))
		return 0;
	if (!strcmp(st, "error"))
		return json_integer_value(ec) > 0 && json_integer_value(ec) < 256
			   ? (int)json_integer_value(ec)
			   : 1;
	if (!strcmp(st, "timeout"))
		return 124;
	if (!strcmp(st, "memory_limit"))
		return 137;
	if (!strcmp(st, "output_limit"))
		return 141;
	if (!strcmp(st, "syscall_blocked"))
		return 159;
	if (!strcmp(st, "blocked"))
		return 126;
	if (!strcmp(st, "unavailable"))
		return 127;
	if (!strcmp(st, "signaled")) {
		const char *sig = json_string_value(json_object_get(rec, "signal"));
		for (int s = 1; sig && s < 65; s++) {
			const char *a = sigabbrev_np(s);
			if (a && !strncmp(sig, "SIG", 3) && !strcmp(sig + 3, a))
				return 128 + s;
		}
	}
	return EXIT_SBX_FAILURE;
}

static void on_event(void *ctx, const char *line, size_t len)
{
	struct rctx *c = ctx;
	if (c->format == 2) {
		fwrite(line, 1, len, stdout);
		fputc('\n', stdout);
		fflush(stdout);
	}
	json_t *ev = json_loadb(line, len, JSON_ALLOW_NUL, NULL);
	const char *type = json_string_value(json_object_get(ev, "event"));
	json_t *data = json_object_get(ev, "data");
	if (type && c->format == 0 && json_is_string(data) &&
	    (!strcmp(type, "stdout") || !strcmp(type, "stderr"))) {
		bool out = !strcmp(type, "stdout");
		fwrite(json_string_value(data), 1, json_string_length(data), out ? stdout : stderr);
		fflush(out ? stdout : stderr);
		if (out && json_string_length(data))
			c->last_stdout_byte = json_string_value(data)[json_string_length(data) - 1];
	}
	if (type && json_object_get(ev, "record")) {
		json_decref(c->record);
		c->record = json_incref(json_object_get(ev, "record"));
	}
	json_decref(ev);
}

/* What render.c's text mode prints after the output, drawn by the same
 * functions from the record: the rich results, the result line and sbx's
 * lines about a failure. */
static void text_finish(struct rctx *c)
{
	json_t *rec = c->record;
	enum print_result pr = c->ro.req->print_result;
	uint64_t limit = (uint64_t)json_integer_value(
	    json_object_get(json_object_get(rec, "limits"), "output_bytes"));
	if (pr == PRINT_RESULT_ALWAYS || (pr == PRINT_RESULT_AUTO && !c->code_is_file))
		render_text_results(stdout, json_object_get(rec, "results"),
				    json_object_get(rec, "result"), c->last_stdout_byte, limit);
	fflush(stdout);
	const char *st = json_string_value(json_object_get(rec, "status"));
	if (!st || !strcmp(st, "sbx_error")) /* sbx_error: said by the caller */
		return;
	const struct lang *l = lang_by_name(json_string_value(json_object_get(rec, "language")));
	json_t *ec = json_object_get(rec, "exit_code"), *t = json_object_get(rec, "truncated");
	const char *engine = json_string_value(json_object_get(rec, "engine"));
	struct render_failure x = {
	    .status = st,
	    .error = json_object_get(rec, "error"),
	    .code_is_file = c->code_is_file,
	    .shown = (l && l->engine == ENGINE_SPAWN) || (engine && !strcmp(engine, "node")),
	    .exited = json_is_integer(ec),
	    .exit_code = (int)json_integer_value(ec),
	    .truncated = json_is_true(json_object_get(t, "stdout")) ||
			 json_is_true(json_object_get(t, "stderr")),
	    .output_bytes = limit,
	};
	render_text_failure(stderr, &x);
	json_t *want = json_object_get(rec, "expected_stdout"),
	       *got = json_object_get(rec, "stdout");
	if (json_is_string(want) && json_is_string(got))
		render_text_verdict(stderr, json_string_value(want), json_string_value(got),
				    json_string_length(got));
}

/* -o: the JSON record, with the files in it: written into the directory,
 * then printed as the streamed answer would have been (text: the output,
 * then the lines of text_finish; JSON: the record). */
static int answer_with_files(struct rctx *c, struct remote_reply *r)
{
	json_t *rec = json_loadb(r->body.data ? r->body.data : "", r->body.len, 0, NULL);
	if (!json_is_object(rec)) {
		json_decref(rec);
		return error("the server's answer is not a record"), EXIT_SBX_FAILURE;
	}
	remote_files_save(rec, c->out_dir);
	if (c->format != 0) {
		char *s = json_dumps(rec, JSON_COMPACT | JSON_ENSURE_ASCII);
		puts(s ? s : "{}");
		free(s);
		record_written_set();
	} else {
		json_t *o = json_object_get(rec, "stdout"), *e = json_object_get(rec, "stderr");
		fwrite(json_string_value(o) ?: "", 1, json_string_length(o), stdout);
		fwrite(json_string_value(e) ?: "", 1, json_string_length(e), stderr);
		if (json_string_length(o))
			c->last_stdout_byte = json_string_value(o)[json_string_length(o) - 1];
		json_decref(c->record);
		c->record = json_incref(rec);
		text_finish(c);
	}
	int rc = record_exit_code(rec);
	json_decref(rec);
	return rc;
}

int remote_run(const char *cmd, const struct opt_spec *const *tables, int argc, char **argv)
{
	struct request req;
	struct rctx c;
	char **ops = NULL;
	int rc = EXIT_SBX_FAILURE;
	json_t *body = NULL;
	char *text = NULL;
	memset(&c, 0, sizeof(c));
	c.tables = tables;
	c.as_typed = json_object();
	c.last_stdout_byte = '\n';
	request_init(&req);
	runopt_init(&c.ro, &req);
	bool exec = !strcmp(cmd, "exec-deployment");
	c.session = !strcmp(cmd, "session-exec");
	int nops = opt_parse(argc, argv, c.session ? "session" : cmd, tables, rr_option, &c, &ops);
	if (nops < 0)
		goto out;
	runopt_take_args(&c.ro, ops, &nops);
	if (exec && nops != 1) {
		error("give one deployment: sbx --remote URL exec-deployment NAME[@VERSION]");
		goto out;
	}
	if (c.session && nops < 1) {
		error("session exec needs the session: sbx session exec ID|NAME (-e CODE | FILE | "
		      "-)");
		goto out;
	}
	if (c.session ? runopt_load_code(&c.ro, ops + 1, nops - 1, false)
		      : runopt_load_code(&c.ro, exec ? ops + 1 : ops, exec ? 0 : nops, exec))
		goto out;
	c.code_is_file = req.code && request_code_is_file(&req);
	if (!(body = build_body(&c, cmd)))
		goto out;
	/* -o is checked, and made, before anything runs, as locally */
	if (c.out_dir) {
		if (out_dir_prepare(c.out_dir) != 0)
			goto out;
		json_object_set_new(body, "return_files", json_true());
	}
	text = json_dumps(body, JSON_COMPACT);
	char path[512];
	if (exec || c.session) {
		char *ref = curl.easy_escape(NULL, ops[0], 0);
		route_path(exec ? API_EXEC : API_SESSION_EXEC, ref ? ref : "", path, sizeof path);
		curl.free(ref);
	} else {
		route_path(!strcmp(cmd, "deploy")    ? API_DEPLOY
			   : !strcmp(cmd, "prepare") ? API_PREPARE
						     : API_RUN,
			   NULL, path, sizeof path);
	}
	bool runs = exec || c.session || !strcmp(cmd, "run");
	const char *accept = c.format == 1 || c.out_dir ? "application/json"
			     : runs || c.format == 2	? "application/x-ndjson"
							: "text/plain";
	struct remote_reply r = {0};
	r.on_line = runs ? on_event : NULL;
	r.ctx = &c;
	if (remote_call("POST", path, text, strlen(text), accept, &r) != 0) {
		buf_release(&r.body);
		goto out;
	}
	if (r.status != 200) {
		rc = remote_fail(&r);
	} else if (c.out_dir) {
		rc = answer_with_files(&c, &r);
	} else if (!r.ndjson || !runs) {
		fwrite(r.body.data ? r.body.data : "", 1, r.body.len, stdout);
		rc = r.exit_code >= 0 ? r.exit_code : 0;
	} else {
		if (r.line_start < r.body.len) /* a last line without its newline */
			on_event(&c, r.body.data + r.line_start, r.body.len - r.line_start);
		if (c.format == 0 && c.record)
			text_finish(&c);
		rc = c.record ? record_exit_code(c.record) : EXIT_SBX_FAILURE;
		if (!c.record)
			error("the server's stream ended without a record");
		else if (rc == EXIT_SBX_FAILURE && c.format == 0)
			error_of(record_kind(c.record), "%s",
				 json_string_value(json_object_get(
				     json_object_get(c.record, "error"), "message")));
		if (c.format == 2)
			record_written_set();
	}
	buf_release(&r.body);
out:
	json_decref(c.record);
	json_decref(c.as_typed);
	json_decref(body);
	free(text);
	free(ops);
	request_release(&req);
	return rc;
}
