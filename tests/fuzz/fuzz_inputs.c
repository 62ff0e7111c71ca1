/* fuzz_inputs — the request's outside text: --inputs JSON
 * (request_merge_inputs), -i KEY=VALUE (request_add_input), --file
 * PATH[:NAME] (request_add_file) and --label KEY=VALUE.
 *
 * The input is a list of NUL-separated words; a word's first byte picks
 * the call (mod 4), the rest is its argument. Checks: inputs stay a JSON
 * object that serialises and reads back, an accepted -i really sets its
 * key, an accepted --file has a name that stays below the working
 * directory, an accepted label is UTF-8. */
#include <jansson.h>

#include "fuzz.h"
#include "core/request.h"

static void check_inputs(json_t *inputs)
{
	FUZZ_CHECK(json_is_object(inputs));
	char *text = json_dumps(inputs, JSON_COMPACT);
	FUZZ_CHECK(text);
	json_error_t err;
	json_t *back = json_loads(text, 0, &err);
	FUZZ_CHECK(back && json_equal(back, inputs));
	json_decref(back);
	free(text);
}

static void add_input(struct request *req, const char *arg)
{
	if (request_add_input(req, arg) != 0)
		return;
	/* Accepted: KEY is set (a key jansson refuses must not vanish). */
	const char *eq = strchr(arg, '=');
	FUZZ_CHECK(eq && eq > arg);
	char *key = strndup(arg, (size_t)(eq - arg));
	FUZZ_CHECK(key);
	FUZZ_CHECK(json_object_get(req->inputs, key));
	free(key);
}

static void add_file(struct request *req, const char *arg)
{
	size_t before = req->nfiles;
	if (request_add_file(req, arg) != 0) {
		FUZZ_CHECK(req->nfiles == before);
		return;
	}
	FUZZ_CHECK(req->nfiles == before + 1);
	const struct file_spec *f = &req->files[before];
	FUZZ_CHECK(f->src && f->name && f->name[0]);
	FUZZ_CHECK(fuzz_path_below(f->name));
}

static void add_label(struct request *req, const char *arg)
{
	if (request_add_label(req, arg) != 0)
		return;
	/* Accepted: it can be written to the manifest's JSON. */
	const struct label *l = &req->labels[req->nlabels - 1];
	FUZZ_CHECK(l->key[0]);
	FUZZ_CHECK(fuzz_utf8_valid((const unsigned char *)l->key, strlen(l->key)));
	FUZZ_CHECK(fuzz_utf8_valid((const unsigned char *)l->value, strlen(l->value)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = fuzz_cstr(data, size);
	struct request req;
	request_init(&req);
	for (size_t i = 0; i < size;) {
		char *w = buf + i;
		size_t n = strlen(w);
		i += n + 1;
		if (n == 0)
			continue;
		const char *arg = w + 1;
		switch ((unsigned char)w[0] % 4) {
		case 0:
			/* "@FILE" reads a file: not what this target is about. */
			if (arg[0] != '@')
				request_merge_inputs(&req, arg);
			break;
		case 1: add_input(&req, arg); break;
		case 2: add_file(&req, arg); break;
		case 3: add_label(&req, arg); break;
		}
		check_inputs(req.inputs);
	}
	request_release(&req);
	free(buf);
	return 0;
}
