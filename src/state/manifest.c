/* manifest — a deployment in memory (struct deployment) and its JSON form,
 * the manifest's keys: built for writing, and read back with every field
 * checked, so a damaged manifest is named, never trusted. Calls util and
 * jansson; the YAML text is manifest_yaml.c's, the file manifest_file.c's. */
#include "state/manifest.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void deployment_init(struct deployment *d)
{
	memset(d, 0, sizeof(*d));
	d->inputs = json_object();
	d->labels = json_object();
	d->files = json_array();
	d->artefacts = json_array();
}

void deployment_release(struct deployment *d)
{
	free(d->interpreter);
	free(d->source);
	json_decref(d->inputs);
	json_decref(d->labels);
	json_decref(d->files);
	json_decref(d->artefacts);
	json_decref(d->prepare);
	memset(d, 0, sizeof(*d));
}

json_t *manifest_layers_json(unsigned layers)
{
	json_t *a = json_array();
	for (unsigned i = 0; i < LAYER_COUNT; i++)
		if (layers & (1u << i))
			json_array_append_new(a, json_string(request_layer_name(i)));
	return a;
}

/* ---- the manifest -------------------------------------------------------- */

static json_t *limit_json(uint64_t v)
{
	return v ? json_integer((json_int_t)v) : json_null();
}

json_t *manifest_to_json(const struct deployment *d)
{
	json_t *settings =
	    json_pack("{s:o, s:o, s:o, s:o, s:o, s:O, s:O, s:o, s:b}", "timeout_ms",
		      limit_json(d->limits.timeout_ms), "cpu_ms", limit_json(d->limits.cpu_ms),
		      "memory_bytes", limit_json(d->limits.memory_bytes), "output_bytes",
		      limit_json(d->limits.output_bytes), "files_bytes",
		      limit_json(d->limits.files_bytes), "inputs", d->inputs, "labels", d->labels,
		      "require", manifest_layers_json(d->require), "no_history", d->no_history);
	json_t *j = json_pack(
	    "{s:i, s:s, s:i, s:s, s:s, s:o, s:s, s:o, s:{s:s, s:I, s:s}, s:o, "
	    "s:O, s:O}",
	    "format", MANIFEST_FORMAT, "name", d->name, "version", d->version, "status", "active",
	    "language", d->lang->name, "interpreter",
	    d->interpreter ? json_string(d->interpreter) : json_null(), "created", d->created,
	    "source", d->source ? json_string(d->source) : json_null(), "code", "file",
	    d->code_file, "size", (json_int_t)d->code_size, "sha256", d->code_sha256, "settings",
	    settings, "files", d->files, "artefacts", d->artefacts);
	if (j && d->engine != JS_ENGINE_UNSET)
		json_object_set_new(settings, "engine",
				    json_string(request_engine_name(d->engine)));
	if (j && d->prepare)
		json_object_set(j, "prepare", d->prepare);
	return j;
}

/* Field readers: each names the file and the key, and says what is
 * expected, so a damaged manifest can be repaired or deleted knowingly. */
static int bad(const char *where, const char *key, const char *want)
{
	return error("%s: '%s' must be %s (the manifest is damaged: fix it, or remove the "
		     "version with `sbx delete`)",
		     where, key, want);
}

static int get_string(json_t *o, const char *key, const char *where, bool optional,
		      const char **out)
{
	json_t *v = json_object_get(o, key);
	if ((!v || json_is_null(v)) && optional) {
		*out = NULL;
		return 0;
	}
	if (!json_is_string(v))
		return bad(where, key, "a string");
	*out = json_string_value(v);
	return 0;
}

static int get_uint(json_t *o, const char *key, const char *where, bool optional, uint64_t *out)
{
	json_t *v = json_object_get(o, key);
	if ((!v || json_is_null(v)) && optional) {
		*out = 0;
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return bad(where, key, "a whole number >= 0");
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

static bool hex64(const char *s)
{
	if (strlen(s) != 64)
		return false;
	for (size_t i = 0; i < 64; i++)
		if (!strchr("0123456789abcdef", s[i]))
			return false;
	return true;
}

/* A relative path of plain components, for files and artefacts. */
static bool plain_relpath(const char *p)
{
	if (!*p || *p == '/' || strlen(p) > 1024)
		return false;
	for (const char *c = p; *c;) {
		if (*c == '.' || *c == '/')
			return false;
		const char *slash = strchr(c, '/');
		if (!slash)
			break;
		c = slash + 1;
		if (!*c)
			return false;
	}
	return true;
}

static int check_entries(json_t *a, const char *key, const char *first, const char *where)
{
	if (!json_is_array(a))
		return bad(where, key, "a list");
	size_t i;
	json_t *e;
	json_array_foreach(a, i, e)
	{
		json_t *path = json_object_get(e, "path");
		json_t *fst = json_object_get(e, first);
		json_t *sha = json_object_get(e, "sha256");
		if (!json_is_object(e) || !json_is_string(path) || !json_is_string(fst) ||
		    !json_is_integer(json_object_get(e, "size")) || !json_is_string(sha))
			return bad(where, key, "a list of {path, size, sha256, ...}");
		if (!plain_relpath(json_string_value(path)) || !hex64(json_string_value(sha)))
			return bad(where, key,
				   "a list with plain relative paths and hex SHA-256 sums");
	}
	return 0;
}

int manifest_from_json(json_t *j, struct deployment *d, const char *where)
{
	const char *s;
	uint64_t u;
	if (!json_is_object(j))
		return error("%s: not a mapping (the manifest is damaged)", where);
	json_t *fmt = json_object_get(j, "format");
	if (!json_is_integer(fmt))
		return bad(where, "format", "a whole number");
	if (json_integer_value(fmt) > MANIFEST_FORMAT)
		return error("%s: manifest format %" JSON_INTEGER_FORMAT
			     " is newer than this sbx understands (%d): upgrade sbx",
			     where, json_integer_value(fmt), MANIFEST_FORMAT);
	if (get_string(j, "name", where, false, &s) != 0)
		return -1;
	if (!store_name_ok(s))
		return bad(where, "name", "a valid deployment name");
	snprintf(d->name, sizeof(d->name), "%s", s);
	if (get_uint(j, "version", where, false, &u) != 0)
		return -1;
	if (u < 1 || u > STORE_VERSION_MAX)
		return bad(where, "version", "a version number >= 1");
	d->version = (int)u;
	if (get_string(j, "language", where, false, &s) != 0)
		return -1;
	d->lang = lang_by_name(s);
	if (!d->lang)
		return bad(where, "language", "a known language");
	if (get_string(j, "interpreter", where, true, &s) != 0)
		return -1;
	free(d->interpreter);
	d->interpreter = s ? xstrdup(s) : NULL;
	if (get_string(j, "created", where, false, &s) != 0)
		return -1;
	snprintf(d->created, sizeof(d->created), "%s", s);
	if (get_string(j, "source", where, true, &s) != 0)
		return -1;
	free(d->source);
	d->source = s ? xstrdup(s) : NULL;

	json_t *code = json_object_get(j, "code");
	if (!json_is_object(code))
		return bad(where, "code", "a mapping {file, size, sha256}");
	if (get_string(code, "file", where, false, &s) != 0)
		return -1;
	if (!plain_relpath(s) || strchr(s, '/') || strlen(s) >= sizeof(d->code_file))
		return bad(where, "code.file", "a plain file name such as code.js");
	snprintf(d->code_file, sizeof(d->code_file), "%s", s);
	if (get_uint(code, "size", where, false, &d->code_size) != 0)
		return -1;
	if (get_string(code, "sha256", where, false, &s) != 0)
		return -1;
	if (!hex64(s))
		return bad(where, "code.sha256", "64 lower-case hex digits");
	snprintf(d->code_sha256, sizeof(d->code_sha256), "%s", s);

	json_t *st = json_object_get(j, "settings");
	if (st && !json_is_object(st))
		return bad(where, "settings", "a mapping");
	if (st) {
		struct limits *l = &d->limits;
		if (get_uint(st, "timeout_ms", where, true, &l->timeout_ms) ||
		    get_uint(st, "cpu_ms", where, true, &l->cpu_ms) ||
		    get_uint(st, "memory_bytes", where, true, &l->memory_bytes) ||
		    get_uint(st, "output_bytes", where, true, &l->output_bytes) ||
		    get_uint(st, "files_bytes", where, true, &l->files_bytes))
			return -1;
		json_t *v = json_object_get(st, "inputs");
		if (v && !json_is_null(v)) {
			if (!json_is_object(v))
				return bad(where, "settings.inputs", "a mapping");
			json_decref(d->inputs);
			d->inputs = json_incref(v);
		}
		v = json_object_get(st, "labels");
		if (v && !json_is_null(v)) {
			const char *k;
			json_t *lv;
			if (!json_is_object(v))
				return bad(where, "settings.labels", "a mapping of strings");
			json_object_foreach(v, k, lv) if (!json_is_string(lv)) return bad(
			    where, "settings.labels", "a mapping of strings");
			json_decref(d->labels);
			d->labels = json_incref(v);
		}
		v = json_object_get(st, "require");
		if (v && !json_is_null(v)) {
			size_t i;
			json_t *lv;
			if (!json_is_array(v))
				return bad(where, "settings.require", "a list of layers");
			json_array_foreach(v, i, lv)
			{
				unsigned k;
				for (k = 0; k < LAYER_COUNT; k++)
					if (json_is_string(lv) &&
					    !strcmp(json_string_value(lv), request_layer_name(k)))
						break;
				if (k == LAYER_COUNT)
					return bad(where, "settings.require",
						   "a list of seccomp, namespaces, landlock, "
						   "cgroup, rlimits");
				d->require |= 1u << k;
			}
		}
		v = json_object_get(st, "engine");
		if (v && (!json_is_string(v) ||
			  request_engine_from_name(json_string_value(v), &d->engine) != 0))
			return bad(where, "settings.engine", "duktape or node");
		v = json_object_get(st, "no_history");
		if (v && !json_is_boolean(v) && !json_is_null(v))
			return bad(where, "settings.no_history", "true or false");
		d->no_history = json_is_true(v);
	}
	json_t *v = json_object_get(j, "files");
	if (v && !json_is_null(v)) {
		if (check_entries(v, "files", "name", where) != 0)
			return -1;
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e)
		{
			const char *n = json_string_value(json_object_get(e, "name"));
			if (!*n || strchr(n, '/') || !strcmp(n, ".") || !strcmp(n, ".."))
				return bad(where, "files", "a list with plain file names");
		}
		json_decref(d->files);
		d->files = json_incref(v);
	}
	v = json_object_get(j, "artefacts");
	if (v && !json_is_null(v)) {
		if (check_entries(v, "artefacts", "kind", where) != 0)
			return -1;
		json_decref(d->artefacts);
		d->artefacts = json_incref(v);
	}
	v = json_object_get(j, "prepare");
	if (v && !json_is_null(v)) {
		json_decref(d->prepare);
		d->prepare = json_incref(v);
	}
	return 0;
}
