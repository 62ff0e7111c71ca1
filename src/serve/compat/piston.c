/* piston — see piston.h. Piston's own messages for bad requests (its
 * api/src/api/v2.js), its stage objects ({stdout, stderr, output, code,
 * signal, status, message, memory, cpu_time, wall_time}), and the names
 * its clients ask for (c++, rscript, node-js...), so unmodified clients
 * work. What differs is documented in README's compatibility table:
 * any `version` is taken (sbx runs the installed interpreter), the
 * compile limits are sbx's own (at least 10 s and 512 MiB), and `output`
 * is stdout then stderr, not their interleaving.
 */
#include "serve/compat/piston.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <duktape.h>

#include "core/lang.h"
#include "engine/engine.h"
#include "engine/interp.h"

/* Piston's name for a language where it is not sbx's, and the aliases
 * Piston's packages add. */
static const struct {
	enum lang_id id;
	const char *name;
	const char *aliases[4];
} piston_names[] = {
    {LANG_JAVASCRIPT, "javascript", {"node-javascript", "node-js", NULL}},
    {LANG_TYPESCRIPT, "typescript", {"node-ts", "tsc", NULL}},
    {LANG_PYTHON, "python", {"py3", NULL}},
    {LANG_R, "rscript", {"r", NULL}},
    {LANG_C, "c", {"gcc", NULL}},
    {LANG_CPP, "c++", {"cpp", "g++", NULL}},
    {LANG_BASH, "bash", {NULL}},
};

static const char *piston_name(const struct lang *l, const char *const **extra)
{
	for (size_t i = 0; i < sizeof piston_names / sizeof piston_names[0]; i++)
		if (piston_names[i].id == l->id) {
			*extra = piston_names[i].aliases;
			return piston_names[i].name;
		}
	*extra = NULL;
	return l->name;
}

/* A language by Piston's name or alias, else sbx's. */
static const struct lang *lang_of(const char *name)
{
	for (size_t i = 0; i < sizeof piston_names / sizeof piston_names[0]; i++) {
		if (!strcasecmp(name, piston_names[i].name))
			return lang_get(piston_names[i].id);
		for (size_t a = 0; piston_names[i].aliases[a]; a++)
			if (!strcasecmp(name, piston_names[i].aliases[a]))
				return lang_get(piston_names[i].id);
	}
	return lang_by_name(name);
}

/* "Python 3.11.2" → "3.11.2"; "go version go1.19.8 ..." → "1.19.8". */
static void version_number(const char *line, char *out, size_t n)
{
	snprintf(out, n, "0.0.0");
	for (const char *p = line; *p; p++) {
		if (!isdigit((unsigned char)*p))
			continue;
		size_t k = 0;
		while (p[k] && (isdigit((unsigned char)p[k]) || p[k] == '.'))
			k++;
		while (k && p[k - 1] == '.')
			k--;
		if (memchr(p, '.', k)) {
			snprintf(out, n, "%.*s", (int)k, p);
			return;
		}
		p += k ? k - 1 : 0;
	}
}

static void lang_version(const struct lang *l, const char *state_dir, char *out, size_t n)
{
	if (l->engine == ENGINE_DUKTAPE) {
		long v = DUK_VERSION;
		snprintf(out, n, "%ld.%ld.%ld", v / 10000, v / 100 % 100, v % 100);
		return;
	}
	char exe[PATH_MAX], line[160] = "";
	if (engine_spawn_resolve(l->interpreter, NULL, exe, sizeof exe) == 0)
		interp_version(state_dir, exe, l->version_flag, line, sizeof line);
	version_number(line, out, n);
}

/* Each alias once, never the language's own name. */
static void add_alias(json_t *aliases, const char *name, const char *alias)
{
	if (!strcasecmp(alias, name))
		return;
	size_t i;
	json_t *a;
	json_array_foreach(aliases, i, a) if (!strcasecmp(json_string_value(a), alias)) return;
	json_array_append_new(aliases, json_string(alias));
}

json_t *piston_runtimes(const char *state_dir)
{
	json_t *list = json_array();
	for (int i = 0; i < LANG_COUNT; i++) {
		const struct lang *l = lang_get((enum lang_id)i);
		const char *const *extra;
		const char *name = piston_name(l, &extra);
		json_t *aliases = json_array();
		add_alias(aliases, name, l->name);
		for (size_t a = 0; l->aliases[a]; a++)
			add_alias(aliases, name, l->aliases[a]);
		for (size_t a = 0; extra && extra[a]; a++)
			add_alias(aliases, name, extra[a]);
		char version[64];
		lang_version(l, state_dir, version, sizeof version);
		json_t *rt = json_pack("{s:s, s:s, s:o}", "language", name, "version", version,
				       "aliases", aliases);
		if (l->engine == ENGINE_DUKTAPE)
			json_object_set_new(rt, "runtime", json_string("duktape"));
		json_array_append_new(list, rt);
	}
	return list;
}

static json_t *fail(char *msg, size_t n, const char *text)
{
	snprintf(msg, n, "%s", text);
	return NULL;
}

/* A limit: absent or -1 (Piston's "the configured one") is sbx's
 * default; else a non-negative number. *set: whether to send it. */
static int limit(json_t *body, const char *key, json_int_t *v, bool *set, char *msg, size_t n)
{
	json_t *x = json_object_get(body, key);
	*set = false;
	if (!x || json_is_null(x))
		return 0;
	if (!json_is_number(x)) {
		snprintf(msg, n, "If specified, %s must be a number", key);
		return -1;
	}
	double d = json_number_value(x);
	if (d == -1)
		return 0;
	if (d < 0) {
		snprintf(msg, n, "%s must be non-negative", key);
		return -1;
	}
	/* Beyond any limit sbx takes (its own checks say which): refused
	 * here, before the conversion could overflow. */
	if (!(d <= 1e15)) {
		snprintf(msg, n, "%s cannot exceed the configured limit of 1000000000000000", key);
		return -1;
	}
	*v = (json_int_t)d;
	*set = *v > 0;
	return 0;
}

json_t *piston_request(json_t *body, char *msg, size_t n)
{
	if (!json_is_object(body))
		return fail(msg, n, "requests must be a JSON object");
	json_t *language = json_object_get(body, "language");
	json_t *version = json_object_get(body, "version");
	json_t *files = json_object_get(body, "files");
	if (!json_is_string(language))
		return fail(msg, n, "language is required as a string");
	if (!json_is_string(version))
		return fail(msg, n, "version is required as a string");
	if (!json_is_array(files))
		return fail(msg, n, "files is required as an array");
	size_t i;
	json_t *f;
	json_array_foreach(files, i, f)
	{
		if (!json_is_string(json_object_get(f, "content"))) {
			snprintf(msg, n, "files[%zu].content is required as a string", i);
			return NULL;
		}
		json_t *enc = json_object_get(f, "encoding");
		if (enc && !(json_is_string(enc) && (!strcmp(json_string_value(enc), "utf8") ||
						     !strcmp(json_string_value(enc), "base64")))) {
			snprintf(msg, n,
				 "files[%zu].encoding must be utf8 or base64 (sbx does "
				 "not take hex)",
				 i);
			return NULL;
		}
	}
	const struct lang *l = lang_of(json_string_value(language));
	if (!l) {
		snprintf(msg, n, "%s-%s runtime is unknown", json_string_value(language),
			 json_string_value(version));
		return NULL;
	}
	json_t *first = json_array_get(files, 0);
	json_t *enc0 = json_object_get(first, "encoding");
	if (!first || (enc0 && strcmp(json_string_value(enc0), "utf8")))
		return fail(msg, n, "files must include at least one utf8 encoded file");
	json_int_t timeout = 0, memory = 0, ignored;
	bool has_timeout, has_memory, set;
	if (limit(body, "run_timeout", &timeout, &has_timeout, msg, n) ||
	    limit(body, "run_memory_limit", &memory, &has_memory, msg, n) ||
	    limit(body, "compile_timeout", &ignored, &set, msg, n) ||
	    limit(body, "compile_memory_limit", &ignored, &set, msg, n) ||
	    limit(body, "run_cpu_time", &ignored, &set, msg, n) ||
	    limit(body, "compile_cpu_time", &ignored, &set, msg, n))
		return NULL;
	json_t *req =
	    json_pack("{s:s, s:O}", "language", l->name, "code", json_object_get(first, "content"));
	/* The other files beside the program, by their names. */
	json_t *extra = json_object();
	json_array_foreach(files, i, f)
	{
		if (i == 0)
			continue;
		const char *name = json_string_value(json_object_get(f, "name"));
		if (!name) {
			json_decref(extra);
			json_decref(req);
			snprintf(msg, n, "files[%zu].name is required for every file but the first",
				 i);
			return NULL;
		}
		json_t *e = json_object_get(f, "encoding");
		bool b64 = e && !strcmp(json_string_value(e), "base64");
		json_object_set_new(
		    extra, name,
		    json_pack("{s:O}", b64 ? "base64" : "text", json_object_get(f, "content")));
	}
	if (json_object_size(extra))
		json_object_set_new(req, "files", extra);
	else
		json_decref(extra);
	json_t *stdin_ = json_object_get(body, "stdin");
	if (json_is_string(stdin_) && json_string_length(stdin_))
		json_object_set(req, "stdin", stdin_);
	else if (stdin_ && !json_is_string(stdin_) && !json_is_null(stdin_)) {
		json_decref(req);
		return fail(msg, n, "stdin must be a string");
	}
	json_t *args = json_object_get(body, "args");
	if (args && !json_is_null(args)) {
		json_t *a;
		bool ok = json_is_array(args);
		json_array_foreach(args, i, a) ok = ok && json_is_string(a);
		if (!ok) {
			json_decref(req);
			return fail(msg, n, "args must be an array of strings");
		}
		json_object_set(req, "args", args);
	}
	if (has_timeout) {
		char t[32];
		snprintf(t, sizeof t, "%lldms", (long long)timeout);
		json_object_set_new(req, "timeout", json_string(t));
	}
	if (has_memory)
		json_object_set_new(req, "memory", json_integer(memory));
	return req;
}

/* Piston's stage status: TO (time), SG (signal), RE (a non-zero exit), OL
 * (output), XX (sbx's own failure); NULL when it ended well. */
static const char *stage_status(const char *status)
{
	if (!status || !strcmp(status, "ok"))
		return NULL;
	if (!strcmp(status, "timeout"))
		return "TO";
	if (!strcmp(status, "signaled") || !strcmp(status, "memory_limit") ||
	    !strcmp(status, "syscall_blocked"))
		return "SG";
	if (!strcmp(status, "output_limit"))
		return "OL";
	if (!strcmp(status, "error"))
		return "RE";
	return "XX";
}

static json_t *stage(json_t *rec, bool compile_failed)
{
	json_t *out = json_object_get(rec, "stdout"), *err = json_object_get(rec, "stderr");
	const char *o = json_is_string(out) ? json_string_value(out) : "";
	const char *e = json_is_string(err) ? json_string_value(err) : "";
	size_t ol = strlen(o), el = strlen(e);
	char *both = malloc(ol + el + 1);
	if (!both)
		return NULL;
	memcpy(both, o, ol);
	memcpy(both + ol, e, el + 1);
	const char *status = json_string_value(json_object_get(rec, "status"));
	json_t *code = json_object_get(rec, "exit_code");
	json_t *sig = json_object_get(rec, "signal");
	const char *ps = compile_failed ? "RE" : stage_status(status);
	/* Piston reports what its sandbox killed as SIGKILL. */
	bool killed = ps && (!strcmp(ps, "TO") || !strcmp(ps, "OL"));
	json_t *msg = json_object_get(json_object_get(rec, "error"), "message");
	json_t *peak = json_object_get(json_object_get(rec, "memory_kb"), "peak");
	json_t *cpu = json_object_get(json_object_get(rec, "time_ms"), "cpu");
	json_t *wall = json_object_get(json_object_get(rec, "time_ms"), "wall");
	json_t *s = json_pack(
	    "{s:s, s:s, s:s, s:O, s:o, s:O, s:o, s:I, s:I, s:I}", "stdout", o, "stderr", e,
	    "output", both, "code", json_is_integer(code) ? code : json_null(), "signal",
	    killed ? json_string("SIGKILL") : json_incref(json_is_string(sig) ? sig : json_null()),
	    "message", ps && json_is_string(msg) ? msg : json_null(), "status",
	    ps ? json_string(ps) : json_null(), "memory",
	    (json_int_t)(json_is_integer(peak) ? json_integer_value(peak) * 1024 : 0), "cpu_time",
	    (json_int_t)(json_is_number(cpu) ? json_number_value(cpu) : 0), "wall_time",
	    (json_int_t)(json_is_number(wall) ? json_number_value(wall) : 0));
	free(both);
	return s;
}

json_t *piston_answer(json_t *rec, json_t *body, const char *state_dir)
{
	const struct lang *l = lang_of(json_string_value(json_object_get(body, "language")));
	const char *const *extra;
	char version[64];
	lang_version(l, state_dir, version, sizeof version);
	json_t *ans =
	    json_pack("{s:s, s:s}", "language", piston_name(l, &extra), "version", version);
	const char *ename =
	    json_string_value(json_object_get(json_object_get(rec, "error"), "name"));
	/* Piston reports a compile stage for the languages that build. */
	bool compiled = lang_ops(l)->build_kind != NULL;
	if (compiled && ename && !strcmp(ename, "CompileError")) {
		/* As Piston: the compile stage failed, and run is that stage. */
		json_t *c = stage(rec, true);
		json_object_set(ans, "compile", c);
		json_object_set_new(ans, "run", c);
		return ans;
	}
	if (compiled)
		json_object_set_new(ans, "compile",
				    json_pack("{s:s, s:s, s:s, s:i, s:n, s:n, s:n}", "stdout", "",
					      "stderr", "", "output", "", "code", 0, "signal",
					      "message", "status"));
	json_object_set_new(ans, "run", stage(rec, false));
	return ans;
}
