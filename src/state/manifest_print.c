/* manifest_print — a deployment shown to a person (text) or as one JSON
 * object, for `sbx get` and `sbx list`. Calls the store (paths, sizes),
 * jansson and stdio only. */
#include "state/manifest.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "util/textout.h"

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
		text_printf(stdout, "%-12s %s\n", label, dflt);
	else if (ms)
		text_printf(stdout, "%-12s %gs\n", label, (double)v / 1000.0);
	else {
		human_size(v, s);
		text_printf(stdout, "%-12s %s\n", label, s);
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
	text_printf(stdout, "%-12s %s\n", "name", d->name);
	json_t *versions = extra ? json_object_get(extra, "versions") : NULL;
	if (json_is_array(versions) && json_array_size(versions) > 1) {
		text_printf(stdout, "%-12s %d (of", "version", d->version);
		size_t i;
		json_t *v;
		json_array_foreach(versions, i, v)
		    text_printf(stdout, " %" JSON_INTEGER_FORMAT, json_integer_value(v));
		text_printf(stdout, ")\n");
	} else {
		text_printf(stdout, "%-12s %d\n", "version", d->version);
	}
	text_printf(stdout, "%-12s %s%s%s%s\n", "language", d->lang->name,
		    d->interpreter ? " (" : "", d->interpreter ? d->interpreter : "",
		    d->interpreter ? ")" : "");
	text_printf(stdout, "%-12s %s\n", "created", d->created);
	if (d->source)
		text_printf(stdout, "%-12s %s\n", "source", d->source);
	human_size(d->code_size, sz);
	text_printf(stdout, "%-12s %s, %s, sha256 %s\n", "code", d->code_file, sz, d->code_sha256);
	print_limit("timeout", d->limits.timeout_ms, true, "default");
	print_limit("cpu-time", d->limits.cpu_ms, true, "the timeout");
	print_limit("memory", d->limits.memory_bytes, false, "default");
	print_limit("max-output", d->limits.output_bytes, false, "default");
	if (json_object_size(d->inputs)) {
		char *t = json_dumps(d->inputs, JSON_COMPACT | JSON_PRESERVE_ORDER);
		text_printf(stdout, "%-12s %s\n", "inputs", t ? t : "?");
		free(t);
	}
	const char *k;
	json_t *v;
	json_object_foreach(d->labels, k, v)
	    text_printf(stdout, "%-12s %s=%s\n", "label", k, json_string_value(v));
	if (d->require) {
		/* The names of manifest.c's table, in its order. */
		json_t *names = manifest_layers_json(d->require), *n;
		size_t j;
		text_printf(stdout, "%-12s", "require");
		json_array_foreach(names, j, n)
		{
			text_printf(stdout, " %s", json_string_value(n));
		}
		putchar('\n');
		json_decref(names);
	}
	if (d->no_history)
		text_printf(stdout, "%-12s off\n", "history");
	size_t i;
	json_array_foreach(d->files, i, v)
	{
		human_size((uint64_t)json_integer_value(json_object_get(v, "size")), sz);
		text_printf(stdout, "%-12s %s, %s\n", "file",
			    json_string_value(json_object_get(v, "name")), sz);
	}
	json_array_foreach(d->artefacts, i, v)
	{
		human_size((uint64_t)json_integer_value(json_object_get(v, "size")), sz);
		text_printf(stdout, "%-12s %s: %s, %s\n", "artefact",
			    json_string_value(json_object_get(v, "kind")),
			    json_string_value(json_object_get(v, "path")), sz);
	}
	json_t *f = d->prepare ? json_object_get(d->prepare, "findings") : NULL;
	if (json_array_size(f))
		text_printf(stdout, "%-12s %zu policy finding%s (warn)\n", "findings",
			    json_array_size(f), json_array_size(f) == 1 ? "" : "s");
	if (dirfd >= 0) {
		human_size(size, sz);
		text_printf(stdout, "%-12s %s\n", "size", sz);
	}
	text_printf(stdout, "%-12s %s\n", "path", path);
	free(path);
	json_t *ex = extra ? json_object_get(extra, "executions") : NULL;
	if (json_is_object(ex)) {
		json_t *n = json_object_get(ex, "executions");
		json_t *rate = json_object_get(ex, "success_rate");
		json_t *p50 = json_object_get(ex, "p50_wall_ms");
		json_t *last = json_object_get(ex, "last_run");
		text_printf(stdout, "%-12s %" JSON_INTEGER_FORMAT, "executions",
			    json_integer_value(n));
		if (json_integer_value(n) > 0) {
			text_printf(stdout, ", %.0f%% ok, p50 %.1f ms",
				    json_number_value(rate) * 100.0, json_number_value(p50));
			if (json_is_object(last))
				text_printf(stdout, ", last %s (%s)",
					    json_string_value(json_object_get(last, "time")),
					    json_string_value(json_object_get(last, "status")));
		}
		putchar('\n');
	}
	return ferror(stdout) ? -1 : 0;
}
