/* manifest — a deployment's manifest.yaml: what was stored and how to run it.
 *
 * The manifest is YAML (libyaml) so a person can read it; in memory it is a
 * struct deployment. The mapping goes through JSON values (jansson) so inputs,
 * which are arbitrary JSON, survive the round trip exactly: strings that
 * would read back as numbers, booleans or null are written quoted.
 */
#ifndef SBX_MANIFEST_H
#define SBX_MANIFEST_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "core/lang.h"
#include "core/request.h"
#include "state/store.h"

#define MANIFEST_FORMAT	   1
#define MANIFEST_MAX_BYTES (4u << 20)

struct deployment {
	char name[STORE_NAME_MAX + 1];
	int version;
	const struct lang *lang;
	char *interpreter;  /* "Python 3.11.2", "duktape 2.7.0"; NULL: unknown */
	char created[32];   /* RFC 3339, UTC, milliseconds */
	char *source;	    /* the file it was deployed from, "-e" or "-" */
	char code_file[32]; /* "code.py", inside the version directory */
	uint64_t code_size;
	char code_sha256[65];
	/* Run settings: limits as given at deploy time (0: not given, so the
	 * config and built-in defaults of the day apply). */
	struct limits limits;
	json_t *inputs;	  /* object: default inputs */
	json_t *labels;	  /* object of strings */
	unsigned require; /* LAYER_* */
	/* JavaScript/TypeScript: the engine it was checked and runs with
	 * (settings.engine; absent in older manifests: UNSET, the day's default). */
	enum js_engine engine;
	bool no_history;
	json_t *files;	   /* [{"name", "path", "size", "sha256"}] copied in */
	json_t *artefacts; /* [{"kind", "path", "size", "sha256"}] */
	json_t *prepare;   /* {"findings": [...], "risk": x} or NULL */
};

void deployment_init(struct deployment *d);
void deployment_release(struct deployment *d);

/* The deployment as one JSON object (the manifest's keys; new reference). */
json_t *manifest_to_json(const struct deployment *d);
/* Fills d from JSON; where names the file in messages. */
int manifest_from_json(json_t *j, struct deployment *d, const char *where);

/* manifest.yaml text for d. */
void manifest_format(const struct deployment *d, struct buf *out);
/* Parses manifest.yaml text into d (initialised here). Messages name where
 * and, for YAML errors, the line and column. */
int manifest_parse(const char *text, size_t len, const char *where, struct deployment *d);

/* The generic mapping, also used by tests: any JSON value to a YAML
 * document, and a YAML document back (mappings with string keys only). */
void manifest_yaml_emit(json_t *v, const char *comment, struct buf *out);
json_t *manifest_yaml_load(const char *text, size_t len, const char *where);

/* Loads NAME@VERSION (0: latest) from the store: the manifest, checked
 * against its directory, and (code not NULL) the code, checked against its
 * SHA-256. *dirfd (not NULL) gets the version directory's fd to close.
 * Returns 0, or -1 with a message naming the file. */
int manifest_load(struct store *s, const char *name, int version, struct deployment *d,
		  struct buf *code, int *dirfd);

/* Prints d for a person (text) or as one JSON object (the manifest's keys
 * plus "path", "size" and the keys of extra, which may be NULL). dirfd (-1:
 * none) is the version directory, for its size. Returns -1 if writing to
 * stdout failed. json: 0 text, 1 indented JSON, 2 one compact line (ndjson). */
int manifest_print(const struct store *s, const struct deployment *d, int dirfd, json_t *extra,
		   int json);

/* "seccomp,landlock" for a LAYER_* mask (static buffer), and back. */
json_t *manifest_layers_json(unsigned layers);

#endif
