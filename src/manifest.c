#include "manifest.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <yaml.h>

#include "util.h"

#define YAML_MAX_DEPTH 64
#define YAML_MAX_NODES 200000 /* aliases could otherwise expand a small file */

static const struct {
	const char *name;
	unsigned bit;
} layer_names[] = {
    {"seccomp", LAYER_SECCOMP}, {"namespaces", LAYER_NAMESPACES}, {"landlock", LAYER_LANDLOCK},
    {"cgroup", LAYER_CGROUP},	{"rlimits", LAYER_RLIMITS},
};
#define NLAYERS (sizeof(layer_names) / sizeof(layer_names[0]))

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
	for (size_t i = 0; i < NLAYERS; i++)
		if (layers & layer_names[i].bit)
			json_array_append_new(a, json_string(layer_names[i].name));
	return a;
}

/* ---- YAML out ------------------------------------------------------------ */

static int write_handler(void *data, unsigned char *buffer, size_t size)
{
	buf_append(data, buffer, size);
	return 1;
}

/* How the loader below reads a plain scalar; a string that would not read
 * back as a string must be quoted. */
enum scalar_kind { SK_STRING, SK_NULL, SK_BOOL_TRUE, SK_BOOL_FALSE, SK_INT, SK_REAL };

static enum scalar_kind classify_plain(const char *s, size_t len, long long *iv, double *rv)
{
	if (len == 0 || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") ||
	    !strcmp(s, "NULL"))
		return SK_NULL;
	if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
		return SK_BOOL_TRUE;
	if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
		return SK_BOOL_FALSE;
	/* Numbers as JSON writes them: -?digits[.digits][e[+-]digits]. */
	size_t i = 0;
	if (s[i] == '-')
		i++;
	size_t digits = i;
	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == digits)
		return SK_STRING;
	bool real = false;
	if (i < len && s[i] == '.') {
		real = true;
		i++;
		size_t f = i;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == f)
			return SK_STRING;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		real = true;
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		size_t e = i;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == e)
			return SK_STRING;
	}
	if (i != len)
		return SK_STRING;
	errno = 0;
	if (!real) {
		char *end;
		long long v = strtoll(s, &end, 10);
		if (errno == 0 && *end == '\0') {
			*iv = v;
			return SK_INT;
		}
	}
	char *end;
	errno = 0;
	double d = strtod(s, &end);
	if (*end != '\0' || !isfinite(d))
		return SK_STRING;
	*rv = d;
	return SK_REAL;
}

static bool must_quote(const char *s)
{
	long long iv;
	double rv;
	if (classify_plain(s, strlen(s), &iv, &rv) != SK_STRING)
		return true;
	/* Other YAML readers take these for booleans, numbers or dates. */
	static const char *const yaml11[] = {"y", "n", "yes", "no", "on", "off", NULL};
	for (size_t i = 0; yaml11[i]; i++)
		if (!strcasecmp(s, yaml11[i]))
			return true;
	return strchr("0123456789+-.", s[0]) != NULL;
}

static void emit(yaml_emitter_t *e, yaml_event_t *ev)
{
	/* Emission into memory fails only on bad event order: a bug here. */
	if (!yaml_emitter_emit(e, ev))
		warning("internal: YAML emitter: %s", e->problem ? e->problem : "failed");
}

static void emit_scalar(yaml_emitter_t *e, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
				     style);
	emit(e, &ev);
}

static void emit_value(yaml_emitter_t *e, json_t *v)
{
	yaml_event_t ev;
	char num[64];
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		bool empty = json_object_size(v) == 0;
		yaml_mapping_start_event_initialize(
		    &ev, NULL, NULL, 1, empty ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
		emit(e, &ev);
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			emit_scalar(e, key,
				    must_quote(key) ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
						    : YAML_ANY_SCALAR_STYLE);
			emit_value(e, val);
		}
		yaml_mapping_end_event_initialize(&ev);
		emit(e, &ev);
		return;
	}
	case JSON_ARRAY: {
		bool empty = json_array_size(v) == 0;
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
						     empty ? YAML_FLOW_SEQUENCE_STYLE
							   : YAML_BLOCK_SEQUENCE_STYLE);
		emit(e, &ev);
		size_t i;
		json_t *val;
		json_array_foreach(v, i, val) emit_value(e, val);
		yaml_sequence_end_event_initialize(&ev);
		emit(e, &ev);
		return;
	}
	case JSON_STRING: {
		const char *s = json_string_value(v);
		/* A string with a NUL cannot be a YAML scalar; JSON-escape it
		 * in a double-quoted scalar is not possible with libyaml either,
		 * so it is cut there (inputs with NULs are vanishingly rare). */
		emit_scalar(
		    e, s, must_quote(s) ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
		return;
	}
	case JSON_INTEGER:
		snprintf(num, sizeof(num), "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		emit_scalar(e, num, YAML_PLAIN_SCALAR_STYLE);
		return;
	case JSON_REAL: {
		double d = json_real_value(v);
		snprintf(num, sizeof(num), "%.17g", d);
		/* Keep it a real on the way back: 2.0 must not become 2. */
		if (!strpbrk(num, ".eE"))
			snprintf(num + strlen(num), sizeof(num) - strlen(num), ".0");
		emit_scalar(e, num, YAML_PLAIN_SCALAR_STYLE);
		return;
	}
	case JSON_TRUE: emit_scalar(e, "true", YAML_PLAIN_SCALAR_STYLE); return;
	case JSON_FALSE: emit_scalar(e, "false", YAML_PLAIN_SCALAR_STYLE); return;
	case JSON_NULL: emit_scalar(e, "null", YAML_PLAIN_SCALAR_STYLE); return;
	}
}

void manifest_yaml_emit(json_t *v, const char *comment, struct buf *out)
{
	if (comment)
		buf_puts(out, comment);
	yaml_emitter_t e;
	yaml_event_t ev;
	yaml_emitter_initialize(&e);
	yaml_emitter_set_output(&e, write_handler, out);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_width(&e, 100);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	emit(&e, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	emit(&e, &ev);
	emit_value(&e, v);
	yaml_document_end_event_initialize(&ev, 1);
	emit(&e, &ev);
	yaml_stream_end_event_initialize(&ev);
	emit(&e, &ev);
	yaml_emitter_flush(&e);
	yaml_emitter_delete(&e);
}

/* ---- YAML in ------------------------------------------------------------- */

struct loader {
	yaml_document_t *doc;
	const char *where;
	size_t nodes;
};

static json_t *load_node(struct loader *l, yaml_node_t *n, int depth)
{
	if (depth > YAML_MAX_DEPTH || ++l->nodes > YAML_MAX_NODES) {
		error("%s:%zu:%zu: nested too deeply or too large (aliases?)", l->where,
		      n->start_mark.line + 1, n->start_mark.column + 1);
		return NULL;
	}
	switch (n->type) {
	case YAML_SCALAR_NODE: {
		const char *s = (const char *)n->data.scalar.value;
		size_t len = n->data.scalar.length;
		if (strlen(s) != len) {
			error("%s:%zu:%zu: a NUL byte inside a value", l->where,
			      n->start_mark.line + 1, n->start_mark.column + 1);
			return NULL;
		}
		/* The loader gives every untagged scalar the str tag, so the
		 * style alone says whether a scalar was quoted. */
		if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
			long long iv;
			double rv;
			switch (classify_plain(s, len, &iv, &rv)) {
			case SK_NULL: return json_null();
			case SK_BOOL_TRUE: return json_true();
			case SK_BOOL_FALSE: return json_false();
			case SK_INT: return json_integer(iv);
			case SK_REAL: return json_real(rv);
			case SK_STRING: break;
			}
		}
		json_t *str = json_stringn(s, len);
		if (!str)
			error("%s:%zu:%zu: not valid UTF-8", l->where, n->start_mark.line + 1,
			      n->start_mark.column + 1);
		return str;
	}
	case YAML_SEQUENCE_NODE: {
		json_t *a = json_array();
		for (yaml_node_item_t *it = n->data.sequence.items.start;
		     it < n->data.sequence.items.top; it++) {
			json_t *v = load_node(l, yaml_document_get_node(l->doc, *it), depth + 1);
			if (!v) {
				json_decref(a);
				return NULL;
			}
			json_array_append_new(a, v);
		}
		return a;
	}
	case YAML_MAPPING_NODE: {
		json_t *o = json_object();
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		     p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(l->doc, p->key);
			if (!k || k->type != YAML_SCALAR_NODE) {
				error("%s:%zu:%zu: keys must be plain strings", l->where,
				      n->start_mark.line + 1, n->start_mark.column + 1);
				json_decref(o);
				return NULL;
			}
			const char *key = (const char *)k->data.scalar.value;
			if (json_object_get(o, key)) {
				error("%s:%zu:%zu: duplicate key '%s'", l->where,
				      k->start_mark.line + 1, k->start_mark.column + 1, key);
				json_decref(o);
				return NULL;
			}
			json_t *v =
			    load_node(l, yaml_document_get_node(l->doc, p->value), depth + 1);
			if (!v) {
				json_decref(o);
				return NULL;
			}
			json_object_set_new(o, key, v);
		}
		return o;
	}
	default: error("%s: empty YAML node", l->where); return NULL;
	}
}

json_t *manifest_yaml_load(const char *text, size_t len, const char *where)
{
	yaml_parser_t p;
	yaml_document_t doc;
	json_t *v = NULL;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (!yaml_parser_load(&p, &doc)) {
		error("%s:%zu:%zu: invalid YAML: %s%s%s", where, p.problem_mark.line + 1,
		      p.problem_mark.column + 1, p.problem ? p.problem : "syntax error",
		      p.context ? " " : "", p.context ? p.context : "");
		yaml_parser_delete(&p);
		return NULL;
	}
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (!root) {
		error("%s: empty file", where);
	} else {
		struct loader l = {&doc, where, 0};
		v = load_node(&l, root, 0);
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	return v;
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
	if (j && d->prepare)
		json_object_set(j, "prepare", d->prepare);
	return j;
}

void manifest_format(const struct deployment *d, struct buf *out)
{
	json_t *j = manifest_to_json(d);
	manifest_yaml_emit(j,
			   "# sbx deployment manifest, written by `sbx deploy`.\n"
			   "# The code and artefacts beside it are checked against it on every "
			   "run.\n",
			   out);
	json_decref(j);
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
				size_t k;
				for (k = 0; k < NLAYERS; k++)
					if (json_is_string(lv) &&
					    !strcmp(json_string_value(lv), layer_names[k].name))
						break;
				if (k == NLAYERS)
					return bad(where, "settings.require",
						   "a list of seccomp, namespaces, landlock, "
						   "cgroup, rlimits");
				d->require |= layer_names[k].bit;
			}
		}
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

int manifest_parse(const char *text, size_t len, const char *where, struct deployment *d)
{
	deployment_init(d);
	json_t *j = manifest_yaml_load(text, len, where);
	if (!j)
		return -1;
	int rc = manifest_from_json(j, d, where);
	json_decref(j);
	return rc;
}

int manifest_load(struct store *s, const char *name, int version, struct deployment *d,
		  struct buf *code, int *dirfd_out)
{
	deployment_init(d);
	int resolved = 0;
	int fd = store_open_version(s, name, version, &resolved);
	if (fd < 0)
		return -1;
	char *dir = store_version_path(s, name, resolved);
	struct buf text = BUF_INIT;
	struct buf where = BUF_INIT;
	buf_printf(&where, "%s/%s", dir, STORE_MANIFEST);
	int rc = -1;
	if (store_read_at(fd, STORE_MANIFEST, MANIFEST_MAX_BYTES, &text, dir) != 0)
		goto out;
	deployment_release(d);
	if (manifest_parse(buf_cstr(&text), text.len, buf_cstr(&where), d) != 0)
		goto out;
	/* The directory decides what a version is: a manifest copied from
	 * elsewhere must not make one deployment run as another. */
	if (strcmp(d->name, name) || d->version != resolved) {
		error("%s: says %s version %d but lives in %s/%d (the manifest is damaged: fix "
		      "it, or remove the version with `sbx delete`)",
		      buf_cstr(&where), d->name, d->version, name, resolved);
		goto out;
	}
	if (code) {
		if (store_read_at(fd, d->code_file, 64u << 20, code, dir) != 0)
			goto out;
		char sha[65];
		sha256_hex(code->data ? code->data : "", code->len, sha);
		if (strcmp(sha, d->code_sha256) || code->len != d->code_size) {
			error("%s/%s does not match the SHA-256 in its manifest (the deployment "
			      "is damaged: deploy it again, or remove it with `sbx delete`)",
			      dir, d->code_file);
			goto out;
		}
	}
	rc = 0;
out:
	buf_release(&text);
	buf_release(&where);
	free(dir);
	if (rc == 0 && dirfd_out)
		*dirfd_out = fd;
	else
		close(fd);
	return rc;
}

/* 268435456 -> "256M"; exact multiples only, else bytes. */
static void human_size(uint64_t v, char out[32])
{
	static const char units[] = "KMGT";
	int u = -1;
	while (v >= 1024 && v % 1024 == 0 && u < 3) {
		v /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(out, 32, "%llu bytes", (unsigned long long)v);
	else
		snprintf(out, 32, "%llu%c", (unsigned long long)v, units[u]);
}

static void print_limit(const char *label, uint64_t v, bool ms, const char *dflt)
{
	char s[32];
	if (!v)
		printf("%-12s %s\n", label, dflt);
	else if (ms)
		printf("%-12s %gs\n", label, (double)v / 1000.0);
	else {
		human_size(v, s);
		printf("%-12s %s\n", label, s);
	}
}

int manifest_print(const struct store *s, const struct deployment *d, int dirfd, json_t *extra,
		   int json)
{
	char *path = store_version_path(s, d->name, d->version);
	uint64_t size = dirfd >= 0 ? store_dir_size(dirfd) : 0;
	if (json) {
		json_t *j = manifest_to_json(d);
		json_object_set_new(j, "path", json_string(path));
		if (dirfd >= 0)
			json_object_set_new(j, "size", json_integer((json_int_t)size));
		if (extra)
			json_object_update(j, extra);
		char *text = json_dumps(j, (json == 2 ? JSON_COMPACT : JSON_INDENT(2)) |
					       JSON_PRESERVE_ORDER);
		json_decref(j);
		free(path);
		if (!text)
			return -1;
		int rc = puts(text) < 0 ? -1 : 0;
		free(text);
		return rc;
	}
	char sz[32];
	printf("%-12s %s\n", "name", d->name);
	json_t *versions = extra ? json_object_get(extra, "versions") : NULL;
	if (json_is_array(versions) && json_array_size(versions) > 1) {
		printf("%-12s %d (of", "version", d->version);
		size_t i;
		json_t *v;
		json_array_foreach(versions, i, v)
		    printf(" %" JSON_INTEGER_FORMAT, json_integer_value(v));
		printf(")\n");
	} else {
		printf("%-12s %d\n", "version", d->version);
	}
	printf("%-12s %s%s%s%s\n", "language", d->lang->name, d->interpreter ? " (" : "",
	       d->interpreter ? d->interpreter : "", d->interpreter ? ")" : "");
	printf("%-12s %s\n", "created", d->created);
	if (d->source)
		printf("%-12s %s\n", "source", d->source);
	human_size(d->code_size, sz);
	printf("%-12s %s, %s, sha256 %s\n", "code", d->code_file, sz, d->code_sha256);
	print_limit("timeout", d->limits.timeout_ms, true, "default");
	print_limit("cpu-time", d->limits.cpu_ms, true, "the timeout");
	print_limit("memory", d->limits.memory_bytes, false, "default");
	print_limit("max-output", d->limits.output_bytes, false, "default");
	if (json_object_size(d->inputs)) {
		char *t = json_dumps(d->inputs, JSON_COMPACT | JSON_PRESERVE_ORDER);
		printf("%-12s %s\n", "inputs", t ? t : "?");
		free(t);
	}
	const char *k;
	json_t *v;
	json_object_foreach(d->labels, k, v)
	    printf("%-12s %s=%s\n", "label", k, json_string_value(v));
	if (d->require) {
		printf("%-12s", "require");
		for (size_t i = 0; i < NLAYERS; i++)
			if (d->require & layer_names[i].bit)
				printf(" %s", layer_names[i].name);
		putchar('\n');
	}
	if (d->no_history)
		printf("%-12s off\n", "history");
	size_t i;
	json_array_foreach(d->files, i, v)
	{
		human_size((uint64_t)json_integer_value(json_object_get(v, "size")), sz);
		printf("%-12s %s, %s\n", "file", json_string_value(json_object_get(v, "name")), sz);
	}
	json_array_foreach(d->artefacts, i, v)
	{
		human_size((uint64_t)json_integer_value(json_object_get(v, "size")), sz);
		printf("%-12s %s: %s, %s\n", "artefact",
		       json_string_value(json_object_get(v, "kind")),
		       json_string_value(json_object_get(v, "path")), sz);
	}
	json_t *f = d->prepare ? json_object_get(d->prepare, "findings") : NULL;
	if (json_array_size(f))
		printf("%-12s %zu policy finding%s (warn)\n", "findings", json_array_size(f),
		       json_array_size(f) == 1 ? "" : "s");
	if (dirfd >= 0) {
		human_size(size, sz);
		printf("%-12s %s\n", "size", sz);
	}
	printf("%-12s %s\n", "path", path);
	free(path);
	json_t *ex = extra ? json_object_get(extra, "executions") : NULL;
	if (json_is_object(ex)) {
		json_t *n = json_object_get(ex, "executions");
		json_t *rate = json_object_get(ex, "success_rate");
		json_t *p50 = json_object_get(ex, "p50_wall_ms");
		json_t *last = json_object_get(ex, "last_run");
		printf("%-12s %" JSON_INTEGER_FORMAT, "executions", json_integer_value(n));
		if (json_integer_value(n) > 0) {
			printf(", %.0f%% ok, p50 %.1f ms", json_number_value(rate) * 100.0,
			       json_number_value(p50));
			if (json_is_object(last))
				printf(", last %s (%s)",
				       json_string_value(json_object_get(last, "time")),
				       json_string_value(json_object_get(last, "status")));
		}
		putchar('\n');
	}
	return ferror(stdout) ? -1 : 0;
}
