/* manifest_yaml — the generic mapping between JSON values and a YAML
 * document (libyaml), so that any inputs survive the round trip: strings
 * that would read back as something else are quoted. Knows nothing of
 * deployments; calls util, buf and the two libraries only. */
#include "state/manifest.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util/util.h"

#define YAML_MAX_DEPTH 64
#define YAML_MAX_NODES 200000 /* aliases could otherwise expand a small file */

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
