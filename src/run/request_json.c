/* request_json — a request given as one JSON object instead of flags. */
#include "run/request_json.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/request_keys.h"
#include "util/buf.h"
#include "util/rmtree.h"
#include "util/front.h"
#include "util/util.h"

/* The row's flag as a runopt id: every filler that goes through a flag
 * names it by the row's flag, so the table says how a key fills. 0 after
 * a message when run has no such flag (test_request_keys catches it). */
static int flag_id(const struct request_key *row)
{
	int id = runopt_id_of_flag(row->flag);
	if (!id)
		error("internal: request key \"%s\" fills through %s, which is not an "
		      "option of run (fix its row in core/request_keys.c)",
		      row->key, row->flag ? row->flag : "no flag");
	return id;
}

/* KEY=VALUE pairs from an object of strings (env, labels). */
static int fill_pairs(struct run_options *ro, int id, const char *key, json_t *v)
{
	const char *k;
	json_t *s;
	json_object_foreach(v, k, s)
	{
		if (!json_is_string(s))
			return error("request key \"%s\": the value of \"%s\" must be a string",
				     key, k);
		if (strchr(k, '='))
			return error("request key \"%s\": the name \"%s\" contains '=': use a "
				     "name without it",
				     key, k);
		char *pair = xasprintf("%s=%s", k, json_string_value(s));
		int rc = runopt_handle(ro, id, pair);
		free(pair);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Writes data to a new file of tmp's directory; its path in *path. */
static int tmp_write(struct request_json_tmp *tmp, const char *data, size_t len, char **path)
{
	if (!tmp->dir) {
		const char *base = getenv("TMPDIR");
		char *tmpl = xasprintf("%s/sbx-request.XXXXXX", base && *base ? base : "/tmp");
		if (!mkdtemp(tmpl)) {
			int e = errno;
			free(tmpl);
			return error(
			    "cannot make a temporary directory for the request's files: %s",
			    strerror(e));
		}
		tmp->dir = tmpl;
	}
	*path = xasprintf("%s/%u", tmp->dir, tmp->nfiles++);
	int fd = open(*path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0 || write_all(fd, data, len) != 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return error("cannot write %s: %s", *path, strerror(e));
	}
	return close(fd) == 0 ? 0 : error("cannot write %s: %s", *path, strerror(errno));
}

/* The bytes of base64 text into *out (malloc'd, *outlen bytes). */
static int decode_base64(const char *name, const char *in, size_t len, char **out, size_t *outlen)
{
	if (len > INT32_MAX)
		return error("request key \"files\": \"%s\" is too large", name);
	EVP_ENCODE_CTX *ctx = EVP_ENCODE_CTX_new();
	if (!ctx)
		die("out of memory");
	unsigned char *dst = xmalloc(len / 4 * 3 + 4);
	int n = 0, fin = 0;
	EVP_DecodeInit(ctx);
	int ok = EVP_DecodeUpdate(ctx, dst, &n, (const unsigned char *)in, (int)len) >= 0 &&
		 EVP_DecodeFinal(ctx, dst + n, &fin) >= 0;
	EVP_ENCODE_CTX_free(ctx);
	if (!ok) {
		free(dst);
		return error("request key \"files\": \"%s\" is not valid base64: send its "
			     "bytes base64-encoded, or as {\"text\": ...}",
			     name);
	}
	*out = (char *)dst;
	*outlen = (size_t)n + (size_t)fin;
	return 0;
}

/* "files": {"NAME": {"text": S} | {"base64": S}} — each written to the
 * temporary directory and added as --file TMP:NAME would be. */
static int fill_files(struct run_options *ro, int id, json_t *v, struct request_json_tmp *tmp)
{
	const char *name;
	json_t *f;
	json_object_foreach(v, name, f)
	{
		/* The name is checked here, before anything is written: a bad
		 * one is the request's mistake (sbx_error), on every front. */
		const char *problem =
		    strchr(name, ':') ? "the name contains ':'" : request_file_path_problem(name);
		if (problem)
			return error("request key \"files\": invalid file name \"%s\": %s; use a "
				     "file name or a path below the working directory (data/x.csv)",
				     name, problem);
		json_t *text = json_object_get(f, "text"), *b64 = json_object_get(f, "base64");
		if (!json_is_object(f) || json_object_size(f) != 1 ||
		    !json_is_string(text ? text : b64))
			return error("request key \"files\": \"%s\" must be {\"text\": STRING} or "
				     "{\"base64\": STRING}",
				     name);
		const char *s = json_string_value(text ? text : b64);
		size_t len = json_string_length(text ? text : b64);
		char *bytes = NULL;
		if (b64 && decode_base64(name, s, len, &bytes, &len) != 0)
			return -1;
		char *path = NULL;
		int rc = tmp_write(tmp, bytes ? bytes : s, len, &path);
		free(bytes);
		if (rc == 0) {
			char *spec = xasprintf("%s:%s", path, name);
			rc = runopt_handle(ro, id, spec);
			free(spec);
		}
		free(path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* The string written to a temporary file, whose path goes to the flag
 * (--stdin). */
static int fill_file(struct run_options *ro, int id, json_t *v, struct request_json_tmp *tmp)
{
	char *path = NULL;
	int rc = tmp_write(tmp, json_string_value(v), json_string_length(v), &path);
	if (rc == 0)
		rc = runopt_handle(ro, id, path);
	free(path);
	return rc;
}

/* The value as its flag's argument, in the text the flag reads. */
static int fill_flag(struct run_options *ro, const struct request_key *row, json_t *v,
		     struct request_json_tmp *tmp)
{
	int id = flag_id(row);
	if (!id)
		return -1;
	switch (row->fill) {
	case RK_FILL_FLAG: return runopt_handle(ro, id, json_string_value(v));
	case RK_FILL_FLAG_SCALAR: {
		char text[REQUEST_KEY_SCALAR_MAX];
		return request_key_scalar_text(row->key, v, text, sizeof text)
			   ? -1
			   : runopt_handle(ro, id, text);
	}
	case RK_FILL_FLAG_JSON: {
		char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		int rc = text ? runopt_handle(ro, id, text) : error("out of memory");
		free(text);
		return rc;
	}
	case RK_FILL_FLAG_PAIRS: return fill_pairs(ro, id, row->key, v);
	case RK_FILL_FLAG_FILE: return fill_file(ro, id, v, tmp);
	case RK_FILL_FLAG_FILES: return fill_files(ro, id, v, tmp);
	default: return error("internal: request key \"%s\" has no flag filler", row->key);
	}
}

/* One key of a request file or batch line: its row's check, then its
 * row's filler (core/request_keys.c). */
static int apply_key(struct run_options *ro, const char *key, json_t *v, bool allow_deployment,
		     const char **deployment, struct request_json_tmp *tmp)
{
	struct request *req = ro->req;
	const struct request_key *row = request_key_find(key);
	if (!row || !(row->routes & RK_LINE) || row->fill == RK_FILL_NONE) {
		char keys[400];
		request_key_list(RK_LINE, keys, sizeof keys);
		return error("unknown request key \"%s\": the keys are %s", key, keys);
	}
	/* Which door may name the program and which a deployment comes
	 * before the value: the message names the fix, whatever was sent. */
	if (row->fill == RK_FILL_CODE && allow_deployment)
		return error("request key \"code\": exec-deployment runs the deployment's "
			     "stored code; send code to run instead");
	if (row->fill == RK_FILL_DEPLOYMENT && !allow_deployment)
		return error("request key \"deployment\" names a deployment to run: send "
			     "the request to exec-deployment instead of run");
	if (row->check && row->check(key, v) != 0)
		return -1;
	char *base = (char *)req;
	switch (row->fill) {
	case RK_FILL_CODE: ro->code_arg = json_string_value(v); return 0;
	case RK_FILL_DEPLOYMENT: *deployment = json_string_value(v); return 0;
	case RK_FILL_TEXT: {
		char **field = (char **)(base + row->field);
		free(*field);
		*field = xstrdup(json_string_value(v));
		return 0;
	}
	case RK_FILL_BOOL: *(bool *)(base + row->field) = json_is_true(v); return 0;
	case RK_FILL_PRINT_RESULT:
		req->print_result = json_is_true(v) ? PRINT_RESULT_ALWAYS : PRINT_RESULT_NEVER;
		return 0;
	case RK_FILL_ARGS: {
		size_t i;
		json_t *a;
		json_array_foreach(v, i, a) request_add_arg(req, json_string_value(a));
		return 0;
	}
	default: return fill_flag(ro, row, v, tmp);
	}
}

int request_json_apply(struct run_options *ro, json_t *obj, bool allow_deployment,
		       const char **deployment, struct request_json_tmp *tmp)
{
	if (deployment)
		*deployment = NULL;
	if (!json_is_object(obj))
		return error("a request must be a JSON object such as {\"language\": \"python\", "
			     "\"code\": \"print(1)\"}");
	const char *key;
	json_t *v;
	/* Its messages name its keys, not the flags they stand for. */
	front_request_keys(true);
	json_object_foreach(obj, key, v)
	{
		if (apply_key(ro, key, v, allow_deployment, deployment, tmp) != 0) {
			front_request_keys(false);
			return -1;
		}
	}
	front_request_keys(false);
	if (!ro->code_arg && !(deployment && *deployment))
		return error(allow_deployment ? "the request has no \"deployment\": name the "
						"deployment to run"
					      : "the request has no \"code\": add the program as "
						"\"code\"");
	return 0;
}

json_t *request_json_read(const char *path)
{
	struct buf text = BUF_INIT;
	bool is_stdin = !strcmp(path, "-");
	int rc = is_stdin ? read_fd(STDIN_FILENO, REQUEST_JSON_MAX, &text)
			  : read_file(path, REQUEST_JSON_MAX, &text);
	const char *where = is_stdin ? "standard input" : path;
	if (rc != 0) {
		error("cannot read the request from %s: %s", where,
		      errno == EFBIG ? "over the most sbx accepts (the code limit plus the "
				       "files limit in base64)"
				     : strerror(errno));
		buf_release(&text);
		return NULL;
	}
	json_error_t jerr;
	json_t *obj =
	    json_loadb(text.data ? text.data : "", text.len, JSON_REJECT_DUPLICATES, &jerr);
	buf_release(&text);
	if (!obj)
		error("invalid JSON in the request from %s at line %d, column %d: %s", where,
		      jerr.line, jerr.column, jerr.text);
	return obj;
}

int request_json_load(struct run_options *ro, int nops, bool allow_deployment,
		      const char **deployment, json_t **obj, struct request_json_tmp *tmp)
{
	*obj = NULL;
	if (!ro->request_path)
		return 0;
	if (ro->code_arg || nops > 0 || ro->markdown)
		return error("--request carries the %s: drop %s",
			     allow_deployment ? "deployment" : "code",
			     ro->code_arg   ? "-e"
			     : ro->markdown ? "--markdown"
					    : "the operand");
	*obj = request_json_read(ro->request_path);
	if (!*obj)
		return -1;
	return request_json_apply(ro, *obj, allow_deployment, deployment, tmp);
}

void request_json_cleanup(struct request_json_tmp *tmp)
{
	if (tmp->dir) {
		rmtree_at(AT_FDCWD, tmp->dir, 0);
		free(tmp->dir);
	}
	tmp->dir = NULL;
	tmp->nfiles = 0;
}
