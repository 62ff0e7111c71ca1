/* dukbc — build-time tool: compile JavaScript to Duktape bytecode.
 *
 * Usage: dukbc OUT.bc NAME IN.js [IN.js...]
 *
 * The inputs are concatenated (a newline between files) and compiled as one
 * program whose file name is NAME; the program function is dumped with
 * duk_dump_function() to OUT.bc. Duktape does not validate bytecode when it
 * loads it, so sbx only ever loads bytecode this tool produced at build time,
 * with the very Duktape build (build/duktape.o, sbx's duk_config.h) that will
 * load it: the dump format depends on the configuration.
 *
 * Linked against build/duktape.o, which calls the exec-timeout hook that sbx
 * defines in engine_duktape.c; at build time nothing times out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "duktape.h"

duk_bool_t sbx_duk_exec_timeout(void *udata);
duk_bool_t sbx_duk_exec_timeout(void *udata)
{
	(void)udata;
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 1 << 20;
			char *p = realloc(data, cap);
			if (!p) {
				free(data);
				fclose(f);
				return NULL;
			}
			data = p;
		}
		size_t got = fread(data + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(data);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = n;
	return data;
}

int main(int argc, char **argv)
{
	duk_context *ctx;
	FILE *out;
	void *bc;
	duk_size_t bclen;
	int i;

	if (argc < 4) {
		fprintf(stderr, "usage: dukbc OUT.bc NAME IN.js [IN.js...]\n");
		return 2;
	}
	ctx = duk_create_heap_default();
	if (!ctx)
		return 1;
	for (i = 3; i < argc; i++) {
		size_t len;
		char *src = slurp(argv[i], &len);
		if (!src) {
			fprintf(stderr, "dukbc: cannot read %s\n", argv[i]);
			return 1;
		}
		duk_push_lstring(ctx, src, len);
		duk_push_string(ctx, "\n");
		free(src);
	}
	duk_concat(ctx, (argc - 3) * 2);
	duk_push_string(ctx, argv[2]);
	if (duk_pcompile(ctx, 0) != 0) {
		fprintf(stderr, "dukbc: %s: %s\n", argv[2], duk_safe_to_string(ctx, -1));
		return 1;
	}
	duk_dump_function(ctx);
	bc = duk_get_buffer(ctx, -1, &bclen);
	out = fopen(argv[1], "wb");
	if (!out || fwrite(bc, 1, bclen, out) != bclen || fclose(out) != 0) {
		fprintf(stderr, "dukbc: cannot write %s\n", argv[1]);
		return 1;
	}
	duk_destroy_heap(ctx);
	return 0;
}
