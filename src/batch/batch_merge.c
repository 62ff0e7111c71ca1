/* batch_merge — sbx batch --merge OUT…: each shard's out file is in input
 * order (records carry their input "line"), so a k-way merge on "line"
 * rebuilds the single-machine order holding one line per file in memory.
 * Record lines are copied byte for byte. A shard file out of order, two
 * files holding the same line, or a torn last line (a shard that was
 * killed: --resume it first) is an error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch_int.h"
#include "core/outcome.h"
#include "util/util.h"

struct shard {
	const char *path;
	FILE *f;
	char *text;
	size_t cap, n;	/* n: line number in this file */
	long long line; /* the current record's input line; -1 at the end */
};

static int advance(struct shard *s)
{
	ssize_t len = getline(&s->text, &s->cap, s->f);
	if (len <= 0) {
		if (ferror(s->f))
			return error("cannot read %s: %s", s->path, strerror(errno));
		s->line = -1;
		return 0;
	}
	s->n++;
	if (s->text[len - 1] != '\n')
		return error("%s ends in a torn line (an interrupted batch): run its sbx batch "
			     "again with --resume, then merge",
			     s->path);
	json_t *rec = json_loadb(s->text, (size_t)len, JSON_ALLOW_NUL, NULL);
	json_t *line = json_object_get(rec, "line");
	long long prev = s->line;
	s->line = json_is_integer(line) ? (long long)json_integer_value(line) : 0;
	json_decref(rec);
	if (s->line <= 0)
		return error("%s line %zu is not a batch record (no \"line\"): merge the files "
			     "sbx batch --out wrote",
			     s->path, s->n);
	if (s->line <= prev)
		return error("%s line %zu is out of input order (input line %lld after %lld): "
			     "merge the files sbx batch --out wrote, unedited",
			     s->path, s->n, s->line, prev);
	return 0;
}

int batch_merge(char *const *paths, size_t npaths, const char *out_path)
{
	int rc = EXIT_SBX_FAILURE;
	struct shard *sh = xcalloc(npaths, sizeof(*sh));
	FILE *out = stdout;
	if (out_path && !(out = fopen(out_path, "wx"))) {
		error("cannot create --out %s: %s (merge writes a new file)", out_path,
		      strerror(errno));
		free(sh);
		return rc;
	}
	for (size_t i = 0; i < npaths; i++) {
		sh[i].path = paths[i];
		sh[i].line = 0;
		if (!(sh[i].f = fopen(paths[i], "r"))) {
			error("cannot read %s: %s", paths[i], strerror(errno));
			goto out;
		}
		if (advance(&sh[i]) != 0)
			goto out;
	}
	for (;;) {
		struct shard *min = NULL;
		for (size_t i = 0; i < npaths; i++) {
			if (sh[i].line < 0)
				continue;
			if (min && sh[i].line == min->line) {
				error("input line %lld is in both %s and %s: the shards overlap "
				      "(give each file once, from one --shard I/N split)",
				      min->line, min->path, sh[i].path);
				goto out;
			}
			if (!min || sh[i].line < min->line)
				min = &sh[i];
		}
		if (!min)
			break;
		fputs(min->text, out);
		if (advance(min) != 0)
			goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; i < npaths; i++) {
		if (sh[i].f)
			fclose(sh[i].f);
		free(sh[i].text);
	}
	free(sh);
	if (fflush(out) != 0 || (out != stdout && fclose(out) != 0)) {
		error("cannot write the merged records: %s", strerror(errno));
		rc = EXIT_SBX_FAILURE;
	}
	return rc;
}
