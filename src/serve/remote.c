/* remote — the transport of `sbx --remote` over libcurl, and the commands
 * that only read (list, get, delete, stats, doctor). */
#include "serve/remote.h"
#include "serve/routes.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/error_kinds.h"
#include "core/outcome.h"
#include "serve/curl.h"
#include "util/util.h"

#define REPLY_CAP (256u << 20)

static const char *remote_url;
static char *remote_token;

bool remote_supports(const char *c)
{
	static const char *const ok[] = {"run",	  "prepare", "deploy", "exec-deployment", "list",
					 "get",	  "delete",  "stats",  "doctor",	  "session",
					 "batch", "events",  NULL};
	for (size_t i = 0; ok[i]; i++)
		if (!strcmp(ok[i], c))
			return true;
	return false;
}

static size_t on_header(char *data, size_t size, size_t n, void *ctx)
{
	struct remote_reply *r = ctx;
	size_t len = size * n;
	if (len > 16 && !strncasecmp(data, "X-Sbx-Exit-Code:", 16))
		r->exit_code = atoi(data + 16);
	if (len > 13 && !strncasecmp(data, "Content-Type:", 13) &&
	    memmem(data, len, "application/x-ndjson", 20))
		r->ndjson = true;
	if (len > 16 && !strncasecmp(data, "X-Sbx-Path-Type:", 16)) {
		/* the header's bytes are not NUL-terminated */
		size_t i = 16, k = 0;
		while (i < len && data[i] == ' ')
			i++;
		while (i < len && k + 1 < sizeof r->path_type && data[i] != '\r' && data[i] != '\n')
			r->path_type[k++] = data[i++];
		r->path_type[k] = '\0';
	}
	return len;
}

static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
	struct remote_reply *r = ctx;
	size_t len = size * n;
	buf_append(&r->body, data, len);
	/* Streamed: every complete line is handed on as it comes. */
	while (r->ndjson && r->on_line && r->line_start < r->body.len) {
		char *nl = memchr(r->body.data + r->line_start, '\n', r->body.len - r->line_start);
		if (!nl)
			break;
		size_t l = (size_t)(nl - (r->body.data + r->line_start));
		r->on_line(r->ctx, r->body.data + r->line_start, l);
		r->line_start += l + 1;
	}
	/* Lines handed on are dropped, so a stream that never ends (sbx
	 * events --follow) keeps only its unfinished line. */
	if (r->ndjson && r->on_line && r->line_start > 0) {
		memmove(r->body.data, r->body.data + r->line_start, r->body.len - r->line_start);
		r->body.len -= r->line_start;
		r->line_start = 0;
		r->body.dropped = 0;
	}
	return len;
}

int remote_call(const char *method, const char *path, const char *body, size_t len,
		const char *accept, struct remote_reply *r)
{
	char url[4096], hdr[4200];
	const char *base = remote_url;
	buf_init(&r->body, REPLY_CAP);
	r->status = 0;
	r->exit_code = -1;
	CURL *h = curl.easy_init();
	if (!h)
		return error("libcurl could not start");
	if (!strncmp(base, "unix:", 5)) {
		curl.easy_setopt(h, CURLOPT_UNIX_SOCKET_PATH, base + 5);
		snprintf(url, sizeof(url), "http://localhost%s", path);
	} else {
		size_t bl = strlen(base);
		while (bl && base[bl - 1] == '/')
			bl--;
		snprintf(url, sizeof(url), "%.*s%s", (int)bl, base, path);
	}
	/* The command line made this request: the server words its messages
	 * with this command line's flags, as the same command would here. */
	struct curl_slist *hs = curl.slist_append(NULL, "X-Sbx-Front: cli");
	if (accept) {
		snprintf(hdr, sizeof(hdr), "Accept: %s", accept);
		hs = curl.slist_append(hs, hdr);
	}
	if (remote_token) {
		snprintf(hdr, sizeof(hdr), "Authorization: Bearer %s", remote_token);
		hs = curl.slist_append(hs, hdr);
	}
	if (body) {
		hs = curl.slist_append(hs, "Content-Type: application/json");
		curl.easy_setopt(h, CURLOPT_POSTFIELDS, body);
		curl.easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
	}
	curl.easy_setopt(h, CURLOPT_URL, url);
	curl.easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
	curl.easy_setopt(h, CURLOPT_HTTPHEADER, hs);
	curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl.easy_setopt(h, CURLOPT_HEADERDATA, r);
	curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
	curl.easy_setopt(h, CURLOPT_WRITEDATA, r);
	curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
	/* A node behind a load balancer sends a session named on another node
	 * to its id (307: the same method and body); the token goes along,
	 * the host being the same. */
	curl.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
	curl.easy_setopt(h, CURLOPT_MAXREDIRS, 3L);
	curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	CURLcode rc = curl.easy_perform(h);
	curl.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r->status);
	curl.easy_cleanup(h);
	curl.slist_free_all(hs);
	if (rc != CURLE_OK)
		return error("cannot reach the sbx server at %s: %s (is `sbx serve` running "
			     "there? see --remote)",
			     remote_url, curl.easy_strerror(rc));
	return 0;
}

int remote_fail(struct remote_reply *r)
{
	json_t *o = json_loadb(r->body.data ? r->body.data : "", r->body.len, JSON_ALLOW_NUL, NULL);
	json_t *err = json_object_get(o, "error");
	const char *m = json_string_value(json_object_get(err, "message"));
	/* The server's kind, so the record this side writes has it too. */
	const struct error_kind_row *k =
	    error_kind_by_name(json_string_value(json_object_get(err, "kind")));
	if (m)
		error_of(k ? k->kind : ERROR_INVALID, "%s", m);
	else
		error("the server answered HTTP %ld without an error message", r->status);
	json_decref(o);
	/* The server's X-Sbx-Exit-Code: a deploy of code that fails
	 * validation exits 1, as locally; any other failure 125. */
	return r->exit_code > 0 && r->exit_code < EXIT_SBX_FAILURE ? r->exit_code
								   : EXIT_SBX_FAILURE;
}

/* Prints an answer as the local command would and returns its exit code. */
static int print_reply(struct remote_reply *r)
{
	if (r->status != 200)
		return remote_fail(r);
	fwrite(r->body.data ? r->body.data : "", 1, r->body.len, stdout);
	return r->exit_code >= 0 ? r->exit_code : 0;
}

/* list, get, delete, stats, doctor: their options become the query. */
struct query_ctx {
	const struct opt_spec *const *tables;
	struct buf query;
	const char *accept;
	bool bad;
};

static const struct opt_spec *spec_of(const struct opt_spec *const *t, int id)
{
	for (size_t i = 0; t[i]; i++)
		for (const struct opt_spec *o = t[i]; o->long_name; o++)
			if (o->id == id)
				return o;
	return NULL;
}

static int query_option(void *ctx, int id, const char *arg)
{
	struct query_ctx *q = ctx;
	const struct opt_spec *o = spec_of(q->tables, id);
	const char *n = o ? o->long_name : "?";
	if (!strcmp(n, "json")) {
		q->accept = "application/json";
		return 0;
	}
	if (!strcmp(n, "format")) {
		q->accept = !strcmp(arg, "text")     ? "text/plain"
			    : !strcmp(arg, "ndjson") ? "application/x-ndjson"
						     : "application/json";
		return 0;
	}
	if (!strcmp(n, "help") || !strcmp(n, "state-dir") || !strcmp(n, "config") || !arg)
		return error("--%s is not available with --remote: the server uses its own", n);
	char key[64];
	snprintf(key, sizeof(key), "%s", n);
	for (char *p = key; *p; p++)
		if (*p == '-')
			*p = '_';
	char *v = curl.easy_escape(NULL, arg, 0);
	buf_printf(&q->query, "%c%s=%s", q->query.len ? '&' : '?', key, v ? v : "");
	curl.free(v);
	return 0;
}

static int remote_simple(const char *cmd, const struct opt_spec *const *tables, int argc,
			 char **argv)
{
	struct query_ctx q = {tables, BUF_INIT, "text/plain", false};
	char **ops = NULL;
	int rc = EXIT_SBX_FAILURE;
	int nops = opt_parse(argc, argv, cmd, tables, query_option, &q, &ops);
	if (nops < 0)
		goto out;
	bool one_ref = !strcmp(cmd, "get") || !strcmp(cmd, "delete");
	if (one_ref ? nops < 1 || (!strcmp(cmd, "get") && nops != 1) : nops != 0) {
		error("wrong operands for sbx %s: see sbx %s -h", cmd, cmd);
		goto out;
	}
	if (one_ref) {
		for (int i = 0; i < nops; i++) {
			char *ref = curl.easy_escape(NULL, ops[i], 0);
			char path[512];
			bool del = !strcmp(cmd, "delete");
			enum api_op op = del ? API_DELETE : API_GET;
			route_path(op, ref ? ref : "", path, sizeof path);
			curl.free(ref);
			struct remote_reply r = {0};
			if (remote_call(route_of(op)->method, path, NULL, 0, q.accept, &r) != 0) {
				buf_release(&r.body);
				goto out;
			}
			rc = del ? (r.status == 200 ? 0 : remote_fail(&r)) : print_reply(&r);
			buf_release(&r.body);
			if (rc)
				goto out;
		}
		goto out;
	}
	char path[4096];
	route_path(!strcmp(cmd, "list")	   ? API_LIST
		   : !strcmp(cmd, "stats") ? API_STATS
					   : API_DOCTOR,
		   NULL, path, sizeof path);
	snprintf(path + strlen(path), sizeof path - strlen(path), "%s", buf_cstr(&q.query));
	struct remote_reply r = {0};
	if (remote_call("GET", path, NULL, 0, q.accept, &r) == 0)
		rc = print_reply(&r);
	buf_release(&r.body);
out:
	buf_release(&q.query);
	free(ops);
	return rc;
}

int remote_main(const char *url, const char *token_file, const struct opt_spec *const *tables,
		int argc, char **argv)
{
	remote_url = url;
	if (strncmp(url, "unix:", 5) && strncmp(url, "http://", 7) && strncmp(url, "https://", 8))
		return error("invalid --remote '%s': use unix:PATH or http://HOST:PORT", url),
		       EXIT_SBX_FAILURE;
	const char *env = getenv("SBX_TOKEN");
	if (token_file) {
		struct buf b = BUF_INIT;
		if (read_file(token_file, 4096, &b) != 0) {
			buf_release(&b);
			return error("cannot read the token file %s", token_file), EXIT_SBX_FAILURE;
		}
		remote_token = buf_detach(&b, NULL);
		remote_token[strcspn(remote_token, "\r\n")] = '\0';
	} else if (env && *env) {
		remote_token = xstrdup(env);
	}
	if (curl_load() != 0)
		return EXIT_SBX_FAILURE;
	const char *cmd = argv[0];
	if (!strcmp(cmd, "run") || !strcmp(cmd, "exec-deployment") || !strcmp(cmd, "prepare") ||
	    !strcmp(cmd, "deploy"))
		return remote_run(cmd, tables, argc, argv);
	if (!strcmp(cmd, "session"))
		return remote_session(tables, argc, argv);
	if (!strcmp(cmd, "batch"))
		return remote_batch(tables, argc, argv);
	if (!strcmp(cmd, "events"))
		return remote_events(tables, argc, argv);
	return remote_simple(cmd, tables, argc, argv);
}
