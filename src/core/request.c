#include "core/request.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/request_keys.h"
#include "core/config.h"
#include "util/buf.h"
#include "util/opt.h"
#include "util/textout.h"
#include "util/front.h"
#include "util/util.h"

#define INPUTS_FILE_CAP (16u << 20)

void request_init(struct request *req)
{
	memset(req, 0, sizeof(*req));
	req->inputs = json_object();
	req->format = FORMAT_TEXT;
	/* Limits stay 0 (unset) until request_finish: flags fill them first,
	 * then the config file, then the built-in defaults. */
}

void request_release(struct request *req)
{
	free(req->code);
	free(req->code_origin);
	free(req->engine_reason);
	free(req->engine_hint);
	json_decref(req->markdown);
	json_decref(req->inputs);
	for (size_t i = 0; i < req->nfiles; i++) {
		free(req->files[i].src);
		free(req->files[i].name);
	}
	free(req->files);
	for (size_t i = 0; i < req->nlabels; i++) {
		free(req->labels[i].key);
		free(req->labels[i].value);
	}
	free(req->labels);
	free(req->out_dir);
	free(req->stdin_path);
	for (size_t i = 0; i < req->nenv; i++)
		free(req->env[i]);
	free(req->env);
	for (size_t i = 0; i < req->nargs; i++)
		free(req->args[i]);
	free(req->args);
	free(req->state_dir);
	free(req->deployment_name);
	free(req->request_id);
	free(req->expected_stdout);
	if (req->config) {
		config_release(req->config);
		free(req->config);
	}
	memset(req, 0, sizeof(*req));
}

void request_set_code(struct request *req, char *code, size_t len, const char *origin)
{
	free(req->code);
	free(req->code_origin);
	req->code = code;
	req->code_len = len;
	req->code_origin = xstrdup(origin);
	sha256_hex(code, len, req->code_sha256);
}

/* Splits "KEY=VALUE"; the key must be non-empty. */
static int split_key_value(const char *what, const char *kv, char **key, const char **value)
{
	const char *eq = strchr(kv, '=');
	if (!eq || eq == kv)
		return error("invalid %s '%s': expected KEY=VALUE", what, kv);
	*key = xstrndup(kv, (size_t)(eq - kv));
	*value = eq + 1;
	return 0;
}

int request_add_input(struct request *req, const char *key_value)
{
	char *key;
	const char *value;
	if (split_key_value("input", key_value, &key, &value) != 0)
		return -1;
	/* VALUE is JSON when it parses as JSON (numbers, true, [1,2]), else a
	 * plain string, so `-i name=Ada` and `-i n=3` both do what people mean. */
	json_error_t jerr;
	json_t *v = json_loads(value, JSON_DECODE_ANY, &jerr);
	if (!v)
		v = json_string(value);
	if (!v) {
		free(key);
		return error("input '%s' is not valid UTF-8", key_value);
	}
	/* jansson refuses a key that is not UTF-8 (and frees v): say so
	 * instead of dropping the input. */
	if (json_object_set_new(req->inputs, key, v) != 0) {
		free(key);
		return error("input '%s': the key is not valid UTF-8", key_value);
	}
	free(key);
	return 0;
}

int request_merge_inputs(struct request *req, const char *json_or_file)
{
	struct buf text = BUF_INIT;
	const char *src = json_or_file;
	const char *where = "--inputs";
	if (!strcmp(json_or_file, "@-")) {
		where = "the inputs on standard input (--inputs @-)";
		if (read_fd(STDIN_FILENO, INPUTS_FILE_CAP, &text) != 0)
			return error("cannot read --inputs @- from standard input: %s",
				     errno == EFBIG ? "over 16 MiB" : strerror(errno));
		src = buf_cstr(&text);
	} else if (json_or_file[0] == '@') {
		where = json_or_file + 1;
		if (read_file(where, INPUTS_FILE_CAP, &text) != 0)
			return error("cannot read inputs file %s: %s", where, strerror(errno));
		src = buf_cstr(&text);
	}
	json_error_t jerr;
	json_t *obj = json_loads(src, 0, &jerr);
	int rc = 0;
	if (!obj) {
		rc = error("invalid JSON in %s at line %d, column %d: %s", where, jerr.line,
			   jerr.column, jerr.text);
	} else if (!json_is_object(obj)) {
		rc = error("%s must be a JSON object such as {\"x\": 1}", where);
	} else {
		json_object_update(req->inputs, obj);
	}
	json_decref(obj);
	buf_release(&text);
	return rc;
}

const char *request_file_name_problem(const char *name)
{
	size_t len = strlen(name);
	if (len == 0)
		return "the name is empty";
	if (len > NAME_MAX)
		return "the name is longer than 255 bytes";
	if (strchr(name, '/'))
		return "the name contains '/' (give a plain file name)";
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return "'.' and '..' are not file names";
	if (!strcmp(name, REQUEST_INPUTS_FILE))
		return "'" REQUEST_INPUTS_FILE "' is reserved for the inputs (use --inputs @FILE)";
	if (!utf8_printable(name, len))
		return "the name contains a control character or bytes that are not UTF-8";
	return NULL;
}

const char *request_file_path_problem(const char *path)
{
	size_t len = strlen(path), depth = 0;
	if (len == 0)
		return "the name is empty";
	if (len > REQUEST_FILE_PATH_MAX)
		return "the path is longer than 1024 bytes";
	if (!strcmp(path, REQUEST_INPUTS_FILE))
		return request_file_name_problem(path);
	for (const char *p = path;;) {
		size_t n = strcspn(p, "/");
		char part[NAME_MAX + 1];
		if (n == 0)
			return *p ? "the path has an empty part (a leading or doubled '/')"
				  : "the path ends with '/'";
		if (n > NAME_MAX)
			return "a part of the path is longer than 255 bytes";
		if (++depth > REQUEST_FILE_DEPTH)
			return "the path is more than 16 directories deep";
		memcpy(part, p, n);
		part[n] = 0;
		const char *problem =
		    strcmp(part, REQUEST_INPUTS_FILE) ? request_file_name_problem(part) : NULL;
		if (problem)
			return problem;
		if (!p[n])
			return NULL;
		p += n + 1;
	}
}

int request_add_file(struct request *req, const char *spec)
{
	/* PATH[:NAME] — the last colon splits, so a NAME never contains one and
	 * a PATH with colons can still be given as PATH:NAME. */
	const char *colon = strrchr(spec, ':');
	char *src, *name;
	if (colon && colon != spec) {
		src = xstrndup(spec, (size_t)(colon - spec));
		name = xstrdup(colon + 1);
	} else {
		src = xstrdup(spec);
		const char *slash = strrchr(src, '/');
		name = xstrdup(slash ? slash + 1 : src);
	}
	const char *problem = request_file_path_problem(name);
	if (problem) {
		error("invalid file name '%s' in --file %s: %s; use PATH[:NAME], NAME a file name "
		      "or a path below the working directory (data/x.csv)",
		      name, spec, problem);
		free(src);
		free(name);
		return -1;
	}
	req->files = xrealloc(req->files, (req->nfiles + 1) * sizeof(*req->files));
	req->files[req->nfiles].src = src;
	req->files[req->nfiles].name = name;
	req->nfiles++;
	return 0;
}

int request_add_label(struct request *req, const char *key_value)
{
	char *key;
	const char *value;
	if (split_key_value("label", key_value, &key, &value) != 0)
		return -1;
	/* Labels are written as JSON (manifest, record), where jansson would
	 * drop one that is not UTF-8 without a word: refuse it here. */
	json_t *probe = json_pack("{s:s}", key, value);
	if (!probe) {
		free(key);
		return error("label '%s' is not valid UTF-8", key_value);
	}
	json_decref(probe);
	req->labels = xrealloc(req->labels, (req->nlabels + 1) * sizeof(*req->labels));
	req->labels[req->nlabels].key = key;
	req->labels[req->nlabels].value = xstrdup(value);
	req->nlabels++;
	return 0;
}

/* How deep containers nest in v (a scalar: 0), stopping past limit. */
static int json_depth(const json_t *v, int limit)
{
	int best = 0;
	if (limit < 0)
		return 1;
	if (json_is_object(v)) {
		const char *k;
		json_t *x;
		json_object_foreach((json_t *)v, k, x)
		{
			int d = json_depth(x, limit - 1);
			if (d > best)
				best = d;
			if (best > limit)
				break;
		}
		return best + 1;
	}
	if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v) && best <= limit; i++) {
			int d = json_depth(json_array_get(v, i), limit - 1);
			if (d > best)
				best = d;
		}
		return best + 1;
	}
	return 0;
}

/* Names --env refuses: what sbx sets for the sandbox to work (PATH, HOME,
 * TMPDIR), and what makes the dynamic loader or an interpreter run code
 * before sbx's prelude (LD_PRELOAD from a --file would run before the gate
 * opens, JAVA_TOOL_OPTIONS loads agents, R_PROFILE sources files,
 * NODE_OPTIONS --require's modules before node's prelude). Python
 * runs with -I, which ignores PYTHON* anyway: refused so nobody relies on
 * it. A trailing '*' is a prefix. LANG and LC_* may be overridden. */
static const char *const reserved_env[] = {
    "PATH",	     "HOME",
    "TMPDIR",	     "LD_*",
    "PYTHON*",	     "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
    "CLASSPATH",     "R_HOME",
    "R_PROFILE*",    "R_ENVIRON*",
    "R_LIBS*",	     "SBX_*",
    "NODE_OPTIONS",
};

static const char *env_reserved(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(reserved_env) / sizeof(reserved_env[0]); i++) {
		const char *r = reserved_env[i];
		size_t rl = strlen(r);
		if (r[rl - 1] == '*' ? len >= rl - 1 && !strncmp(name, r, rl - 1)
				     : len == rl && !strncmp(name, r, rl))
			return r;
	}
	return NULL;
}

int request_add_env(struct request *req, const char *key_value)
{
	const char *eq = strchr(key_value, '=');
	size_t len = eq ? (size_t)(eq - key_value) : 0;
	if (!eq || !len)
		return error("invalid %s '%s': expected KEY=VALUE", front_option("--env", "env"),
			     key_value);
	for (size_t i = 0; i < len; i++) {
		char c = key_value[i];
		bool ok = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			  (i > 0 && c >= '0' && c <= '9');
		if (!ok)
			return error("invalid %s name '%.*s': use letters, digits and '_', "
				     "not starting with a digit",
				     front_option("--env", "env"), (int)len, key_value);
	}
	const char *r = env_reserved(key_value, len);
	if (r)
		return error("%s %.*s: %s is set by sbx or read by the loader or interpreter "
			     "before the sandbox is complete, so it cannot be given",
			     front_option("--env", "env"), (int)len, key_value, r);
	json_t *probe = json_string(key_value);
	if (!probe)
		return error("%s '%.*s': the value is not valid UTF-8",
			     front_option("--env", "env"), (int)len, key_value);
	json_decref(probe);
	for (size_t i = 0; i < req->nenv; i++)
		if (!strncmp(req->env[i], key_value, len + 1)) {
			free(req->env[i]);
			req->env[i] = xstrdup(key_value);
			return 0;
		}
	req->env = xrealloc(req->env, (req->nenv + 2) * sizeof(*req->env));
	req->env[req->nenv++] = xstrdup(key_value);
	req->env[req->nenv] = NULL;
	return 0;
}

void request_add_arg(struct request *req, const char *arg)
{
	req->args = xrealloc(req->args, (req->nargs + 2) * sizeof(*req->args));
	req->args[req->nargs++] = xstrdup(arg);
	req->args[req->nargs] = NULL;
}

uint64_t request_default_max_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || page <= 0)
		return SBX_DEFAULT_MEMORY; /* unknown: only the default is safe */
	uint64_t bytes = (uint64_t)pages * (uint64_t)page;
	bytes &= ~((1ull << 20) - 1);
	return bytes > SBX_DEFAULT_MEMORY ? bytes : SBX_DEFAULT_MEMORY;
}

uint64_t request_max_memory(const struct limits *l)
{
	return l->max_memory_bytes ? l->max_memory_bytes : request_default_max_memory();
}

int request_finish(struct request *req)
{
	struct limits *l = &req->limits;
	uint64_t max = l->max_timeout_ms ? l->max_timeout_ms : SBX_MAX_TIMEOUT_MS;
	/* A configured maximum below the built-in default bounds the default
	 * too: max_timeout: 1 alone means runs of at most a second, not an
	 * error on every run (found by fuzz_config). */
	if (!l->timeout_ms)
		l->timeout_ms = SBX_DEFAULT_TIMEOUT_MS < max ? SBX_DEFAULT_TIMEOUT_MS : max;
	uint64_t max_memory = request_max_memory(l);
	/* As with max_timeout: a ceiling below the default lowers the default. */
	if (!l->memory_bytes)
		l->memory_bytes = SBX_DEFAULT_MEMORY < max_memory ? SBX_DEFAULT_MEMORY : max_memory;
	if (!l->output_bytes)
		l->output_bytes = SBX_DEFAULT_OUTPUT;
	if (!l->files_bytes)
		l->files_bytes = SBX_DEFAULT_FILES;
	if (!l->disk_bytes)
		l->disk_bytes = SBX_DEFAULT_DISK;
	if (!l->code_bytes)
		l->code_bytes = SBX_DEFAULT_CODE;
	if (l->code_bytes > SBX_MAX_CODE)
		return error("a code size limit of %.3g MiB is over the most sbx accepts (%llu "
			     "MiB): lower --max-code or limits.max_code",
			     (double)l->code_bytes / (1 << 20),
			     (unsigned long long)(SBX_MAX_CODE >> 20));
	if (req->code_len > l->code_bytes)
		return error_of(
		    ERROR_LIMIT,
		    "the code is %.3g MiB, over the %.3g MiB limit on code size: shorten "
		    "it%s",
		    (double)req->code_len / (1 << 20), (double)l->code_bytes / (1 << 20),
		    front_get() == FRONT_CLI ? ", or raise the limit with --max-code "
					       "(limits.max_code in the config file)"
					     : " (the server's limits.max_code)");
	char got[32], most[32];
	opt_format_duration(max, most);
	if (l->timeout_ms > max) {
		opt_format_duration(l->timeout_ms, got);
		return error_of(
		    ERROR_LIMIT, "timeout of %s is over the maximum of %s: use a shorter %s%s", got,
		    most, request_key_name("timeout"),
		    front_get() == FRONT_CLI ? " or raise max_timeout in the config file"
					     : " (the server's max_timeout)");
	}
	if (l->cpu_ms > max) {
		opt_format_duration(l->cpu_ms, got);
		return error_of(
		    ERROR_LIMIT, "CPU time of %s is over the maximum of %s: use a shorter %s%s",
		    got, most, request_key_name("cpu_time"),
		    front_get() == FRONT_CLI ? " or raise max_timeout in the config file"
					     : " (the server's max_timeout)");
	}
	if (l->memory_bytes > max_memory) {
		opt_format_size(l->memory_bytes, got);
		opt_format_size(max_memory, most);
		return error_of(
		    ERROR_LIMIT,
		    "a memory limit of %s is over the maximum of %s: ask for less (%s)%s", got,
		    most, request_key_name("memory"),
		    front_get() == FRONT_CLI ? " or raise limits.max_memory in the config file"
					     : " (the server's limits.max_memory)");
	}
	/* Every language's reader handles this depth with room to spare;
	 * deeper inputs broke them differently (Python's parser, Duktape's
	 * and R's stacks). */
	if (req->inputs && json_depth(req->inputs, SBX_MAX_INPUT_DEPTH) > SBX_MAX_INPUT_DEPTH)
		return error("the inputs nest more than %d levels deep (the inputs object "
			     "itself is level 1): flatten them, or pass the data in a --file",
			     SBX_MAX_INPUT_DEPTH);
	if (!req->id[0])
		make_execution_id(req->id);
	if (!req->lang)
		req->lang = lang_get(LANG_JAVASCRIPT);
	if (req->engine == JS_ENGINE_UNSET)
		req->engine = JS_ENGINE_DUKTAPE;
	if (req->engine == JS_ENGINE_NODE && req->lang->engine != ENGINE_DUKTAPE)
		return error("%s node applies to javascript and typescript, not %s: drop %s",
			     request_key_name("engine"), req->lang->name,
			     request_key_name("engine"));
	/* The strongest isolation per engine. Duktape's child runs under a
	 * default-deny seccomp allow-list (its own pipes, memory, clocks):
	 * narrower than anything namespaces would hide, so seccomp and rlimits
	 * are its strongest. An interpreter (python3, java, Rscript) needs a
	 * deny-list, so it takes every layer: namespaces, Landlock, a cgroup. */
	if (req->require & LAYER_STRONGEST)
		req->require = (req->require & ~LAYER_STRONGEST) |
			       (req->lang->engine == ENGINE_DUKTAPE && !request_uses_node(req)
				    ? LAYERS_EMBEDDED
				    : LAYERS_ALL);
	return 0;
}

const char *request_engine_name(enum js_engine e)
{
	return e == JS_ENGINE_NODE ? "node" : "duktape";
}

int request_engine_from_name(const char *name, enum js_engine *out)
{
	if (!strcmp(name, "duktape"))
		*out = JS_ENGINE_DUKTAPE;
	else if (!strcmp(name, "node"))
		*out = JS_ENGINE_NODE;
	else
		return -1;
	return 0;
}

bool request_uses_node(const struct request *req)
{
	/* node is the second engine of the languages Duktape runs. */
	return req->engine == JS_ENGINE_NODE && req->lang && req->lang->engine == ENGINE_DUKTAPE;
}

bool request_code_is_file(const struct request *req)
{
	const char *o = req->code_origin;
	return o && strcmp(o, "-e") && strcmp(o, "-") && !req->code_from_markdown &&
	       !req->deployment_name;
}

void request_code_path(const struct request *req, char *out, size_t cap)
{
	const char *o = req->code_origin ? req->code_origin : "";
	char cwd[PATH_MAX];
	int n = -1;
	if (o[0] != '/' && getcwd(cwd, sizeof cwd))
		n = snprintf(out, cap, "%s/%s", cwd, o);
	if (n < 0 || (size_t)n >= cap)
		snprintf(out, cap, "%s", o);
}

_Static_assert(LAYERS_ALL == (1u << LAYER_COUNT) - 1, "a layer without a name");

const char *request_layer_name(unsigned i)
{
	static const char *const names[LAYER_COUNT] = {"seccomp", "namespaces", "landlock",
						       "cgroup", "rlimits"};
	return i < LAYER_COUNT ? names[i] : "";
}

const char *request_layer_names(unsigned bits, char *buf, size_t n)
{
	buf[0] = '\0';
	for (unsigned i = 0; i < LAYER_COUNT; i++)
		if (bits & (1u << i)) {
			if (buf[0])
				strncat(buf, ",", n - strlen(buf) - 1);
			strncat(buf, request_layer_name(i), n - strlen(buf) - 1);
		}
	return buf;
}

uint64_t request_cpu_ms(const struct request *req)
{
	return req->limits.cpu_ms ? req->limits.cpu_ms : req->limits.timeout_ms;
}
