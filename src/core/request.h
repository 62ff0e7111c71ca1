/* request — what the user asked to run: code, language, inputs, limits.
 *
 * Pure data. Options and config are parsed into a request before anything
 * runs (parse into a plan, then carry it out), so it can be unit-tested.
 */
#ifndef SBX_REQUEST_H
#define SBX_REQUEST_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/lang.h"
#include "util/util.h"

#define SBX_DEFAULT_TIMEOUT_MS 5000u
#define SBX_MAX_TIMEOUT_MS     300000u
#define SBX_DEFAULT_MEMORY     (256ull << 20)
#define SBX_DEFAULT_OUTPUT     (1ull << 20)
#define SBX_DEFAULT_FILES      (100ull << 20)
#define SBX_OUTPUT_HARD_FACTOR 16 /* the code is stopped at 16x the kept cap */
#define SBX_MAX_INPUT_DEPTH    64 /* containers nested in the inputs, the object included */
/* The largest program accepted, by default and at most. sbx scans the code
 * (policy, lowering) before any limit of the run applies, at ~25 bytes of
 * memory per byte of source in the worst case: the limit bounds that work. */
#define SBX_DEFAULT_CODE (10ull << 20)
#define SBX_MAX_CODE	 (64ull << 20)

/* A session workspace's files together (--disk, limits.disk). */
#define SBX_DEFAULT_DISK (1ull << 30)

enum output_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_NDJSON };

/* Text mode's result line (--print-result). AUTO: printed unless the code
 * came from a FILE (not --markdown), which prints what its interpreter
 * prints; runopt_load_code resolves it. FORMS, what AUTO is for an R
 * snippet: the rich results' lines without the result line, since R's
 * result is its last visible value, which Rscript has auto-printed. */
enum print_result {
	PRINT_RESULT_AUTO,
	PRINT_RESULT_ALWAYS,
	PRINT_RESULT_NEVER,
	PRINT_RESULT_FORMS
};

/* Isolation layers, as a bitmask for --require and the sandbox report. */
enum sandbox_layer {
	LAYER_SECCOMP = 1u << 0,
	LAYER_NAMESPACES = 1u << 1,
	LAYER_LANDLOCK = 1u << 2,
	LAYER_CGROUP = 1u << 3,
	LAYER_RLIMITS = 1u << 4,
	/* --require strongest: request_finish turns it into every layer the
	 * language's engine uses, so one flag fits every language in a CI job. */
	LAYER_STRONGEST = 1u << 5,
};
#define LAYERS_EMBEDDED (LAYER_SECCOMP | LAYER_RLIMITS)
#define LAYERS_ALL                                                                                 \
	(LAYER_SECCOMP | LAYER_NAMESPACES | LAYER_LANDLOCK | LAYER_CGROUP | LAYER_RLIMITS)
#define LAYER_COUNT 5 /* the layers themselves: bits 0..4 */
/* The name of layer bit i ("seccomp" for i = 0), i < LAYER_COUNT. Here,
 * beside the bits, so that everything that names them (the sandbox's
 * messages, --require, the manifest) takes the names from one table. */
const char *request_layer_name(unsigned i);
/* "seccomp,landlock" for a LAYER_* mask, into buf (n bytes, truncated to
 * fit); returns buf. */
const char *request_layer_names(unsigned bits, char *buf, size_t n);

/* JavaScript's and TypeScript's engine (--engine): Duktape embedded, or
 * the real node under the interpreters' layered sandbox. UNSET until the
 * flags, a JSON request or the config file say (request_finish: Duktape). */
enum js_engine { JS_ENGINE_UNSET = 0, JS_ENGINE_DUKTAPE, JS_ENGINE_NODE };
/* "duktape" / "node" and back (-1: neither). */
const char *request_engine_name(enum js_engine e);
int request_engine_from_name(const char *name, enum js_engine *out);

struct limits {
	uint64_t timeout_ms; /* wall clock */
	uint64_t cpu_ms;     /* 0: same as timeout */
	uint64_t memory_bytes;
	uint64_t output_bytes;	   /* kept per stream */
	uint64_t files_bytes;	   /* total copied in, and total copied out */
	uint64_t code_bytes;	   /* the largest program accepted */
	uint64_t max_timeout_ms;   /* 0: SBX_MAX_TIMEOUT_MS; the config may raise it */
	uint64_t max_memory_bytes; /* 0: request_default_max_memory(); the config sets it */
	uint64_t disk_bytes;	   /* a session workspace's files together (--disk) */
};

struct file_spec {
	char *src;  /* path on the host */
	char *name; /* name in the sandbox's working directory */
};

struct config; /* config.h */

struct label {
	char *key;
	char *value;
};

struct request {
	const struct lang *lang;
	char *code; /* NUL-terminated; code_len excludes the NUL */
	size_t code_len;
	char *code_origin;	 /* file path, "-e" or "-" (stdin); for messages and names */
	bool code_from_markdown; /* code_origin is the Markdown the code was taken from */
	json_t *markdown;	 /* --markdown: {"ran": [...], "skipped": [...]}, else NULL */
	char code_sha256[65];
	json_t *inputs; /* always a JSON object, owned */
	struct limits limits;
	struct file_spec *files;
	size_t nfiles;
	char *out_dir;	       /* NULL: files are listed but not saved */
	bool out_dir_dotfiles; /* save dot-files and dot-directories there too */
	char *stdin_path;      /* NULL: the program's stdin is empty; "-": sbx's own stdin */
	bool merge_output;     /* --merge-output: stderr into the stdout stream */
	bool fresh;	       /* session exec --fresh: a new kernel, no earlier state */
	/* TypeScript lowered for node (src/lang/javascript_node.c): to ES2022, with
	 * nothing refused that node runs (BigInt, lookbehind), not to ES5 */
	bool lower_for_node;
	char **env; /* --env KEY=VALUE, NULL-terminated (NULL: none) */
	size_t nenv;
	char **args; /* program arguments after "--", NULL-terminated (NULL: none) */
	size_t nargs;
	struct label *labels;
	size_t nlabels;
	enum output_format format;
	enum print_result print_result;
	enum js_engine engine; /* JavaScript and TypeScript only */
	/* The automatic engine choice (run/engine_choice.c). engine_reason:
	 * why node runs code nobody chose an engine for ("the code uses a
	 * BigInt literal (line 3), which Duktape lacks"), the record's
	 * engine_reason. engine_hint: Duktape runs code that needs node, and
	 * this says how to let node run it (the error's hint). NULL: none. */
	char *engine_reason;
	char *engine_hint;
	unsigned require; /* LAYER_* the user insists on */
	bool no_history;
	bool build_only;       /* compile/lower, do not run (engine_build) */
	char *state_dir;       /* resolved state directory (may be NULL until needed) */
	char *deployment_name; /* set by exec-deployment */
	int deployment_version;
	char id[27];	       /* execution id */
	char *request_id;      /* the "id" of a JSON request (--request, batch), else NULL */
	char *expected_stdout; /* a JSON request's expected_stdout: the record gets a verdict */
	struct config *config; /* the loaded config file (owned), NULL before runopt_finish */
};

void request_init(struct request *req);
void request_release(struct request *req);
/* Takes ownership of code (malloc'd, NUL-terminated) and computes its hash. */
void request_set_code(struct request *req, char *code, size_t len, const char *origin);
/* Adds KEY=VALUE: VALUE is JSON when it parses as JSON, else a string. */
int request_add_input(struct request *req, const char *key_value);
/* Merges a JSON object (text, or "@FILE") into the inputs. */
int request_merge_inputs(struct request *req, const char *json_or_file);
/* Adds --file PATH[:NAME]. The NAME is checked here, where every front's
 * request is parsed (CLI, --request, HTTP and MCP "files", batch, session
 * exec): a bad one is the caller's mistake (sbx_error), not the sandbox's. */
int request_add_file(struct request *req, const char *spec);
/* The file the inputs are written to in the code's directory (Java). */
#define REQUEST_INPUTS_FILE "inputs.json"
/* NULL when name can be a file of the code's working directory: 1..255
 * bytes of printable UTF-8 (no C0, DEL or C1 control character), no '/',
 * not ".", ".." or REQUEST_INPUTS_FILE; else what is wrong with it. */
const char *request_file_name_problem(const char *name);
/* The same for a --file or request "files" name, which may also be a path
 * below the working directory ("data/x.csv"): plain names joined by '/',
 * at most REQUEST_FILE_DEPTH of them and REQUEST_FILE_PATH_MAX bytes, none
 * empty, "." or ".." (no leading, trailing or doubled '/'). */
#define REQUEST_FILE_DEPTH    16
#define REQUEST_FILE_PATH_MAX 1024
const char *request_file_path_problem(const char *path);
int request_add_label(struct request *req, const char *key_value);
/* --env KEY=VALUE: KEY must be a portable name ([A-Za-z_][A-Za-z0-9_]*) and
 * not one sbx sets itself or the loader reads (see request.c). A later
 * value for the same KEY replaces the earlier one. */
int request_add_env(struct request *req, const char *key_value);
/* A program argument (after "--"), in order. */
void request_add_arg(struct request *req, const char *arg);
/* Fills derived fields (cpu_ms default, id) and checks consistency. */
int request_finish(struct request *req);
/* The highest memory limit a run may ask for when limits.max_memory is not
 * set: the machine's physical memory (whole MiB). A limit above what the
 * machine has limits nothing — "4T" became a cgroup limit that never
 * applies — so that is the least a ceiling must refuse. */
uint64_t request_default_max_memory(void);
/* l's ceiling: max_memory_bytes, else request_default_max_memory(). */
uint64_t request_max_memory(const struct limits *l);
/* Is the code a FILE run as such (not -e, stdin, Markdown or a deployment)?
 * Then text mode prints exactly what the interpreter prints. */
bool request_code_is_file(const struct request *req);
/* A FILE's path as python3 gives it: the working directory joined to the
 * name as given ("." and ".." kept), or the name when it is absolute. */
void request_code_path(const struct request *req, char *out, size_t cap);
/* Does this run execute under node (JavaScript or TypeScript with
 * --engine node)? */
bool request_uses_node(const struct request *req);
/* Effective CPU limit in ms. */
uint64_t request_cpu_ms(const struct request *req);

#endif
