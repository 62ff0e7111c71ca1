/* config — the YAML config file (libyaml) as plain data.
 *
 * Where it is: --config FILE, else $SBX_CONFIG, else
 * $XDG_CONFIG_HOME/sbx/config.yaml (~/.config/sbx/config.yaml when
 * XDG_CONFIG_HOME is unset) if that file exists. Every key is documented in
 * man/sbx-config.5; examples/config.yaml shows them all.
 *
 * Precedence: flags beat the file, the file beats the built-in defaults.
 * config_apply() therefore fills only what the flags left unset (0), and
 * request_finish() applies the built-in defaults after it.
 *
 * Errors (unknown key, wrong type, bad value, duplicate key, YAML syntax) are
 * printed as "sbx: FILE:LINE:COL: what is wrong, and the fix"; the caller
 * exits 125.
 */
#ifndef SBX_CONFIG_H
#define SBX_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "core/lang.h"
#include "core/request.h"

#define CONFIG_MAX_FILE_BYTES	      (1u << 20) /* a config file is small; refuse more */
#define CONFIG_MAX_RULES	      64	 /* room for policy_names.c's rule table */
#define CONFIG_MAX_ARGS		      32	 /* most words in an interpreter command */
#define CONFIG_DEFAULT_RETENTION_DAYS 30	 /* history.retention_days when unset */
#define CONFIG_SESSION_MAX_TTL_MS     (14ull * 24 * 3600 * 1000)   /* sessions.max_ttl unset */
#define CONFIG_SESSION_TTL_CEILING_MS (3660ull * 24 * 3600 * 1000) /* ~10 years: a typo */

/* The policy profile (`policy: {profile: ...}` or --policy): strict blocks
 * every rule that only warns by default. */
enum policy_profile {
	POLICY_PROFILE_DEFAULT = 0,
	POLICY_PROFILE_STRICT,
};

/* Which command of a language (see config_command). */
enum config_tool {
	CONFIG_TOOL_RUN,     /* python: command, r: command, java: java, javascript: node */
	CONFIG_TOOL_COMPILE, /* java: javac */
	CONFIG_TOOL_COUNT
};

struct config {
	char *path;	      /* the file that was loaded, NULL: none */
	struct limits limits; /* 0: not set in the file */
	/* NULL-terminated argv per language and tool; NULL: built-in default. */
	char **commands[LANG_COUNT][CONFIG_TOOL_COUNT];
	/* languages.javascript/typescript.engine; UNSET: not given. */
	enum js_engine engines[LANG_COUNT];
	/* languages.javascript/typescript.auto_node (run/engine_choice.c);
	 * auto_node_set false: not given, which means true. */
	bool auto_node_set[LANG_COUNT];
	bool auto_node[LANG_COUNT];
	/* enum policy_level per policy rule index; 0 (POLICY_DEFAULT): the
	 * rule's built-in level. */
	unsigned char rule_levels[CONFIG_MAX_RULES];
	enum policy_profile policy_profile;
	bool history_set; /* history.enabled was given */
	bool history_enabled;
	int retention_days;	     /* -1: not set; 0 keeps history forever */
	char *state_dir;	     /* NULL: not set; "~/" already expanded */
	uint64_t session_max_ttl_ms; /* sessions.max_ttl; 0: not set */
	/* serve.warm_pool: warm sandboxes sbx serve keeps per language; 0:
	 * none (the default). */
	unsigned warm_pool[LANG_COUNT];
};

void config_init(struct config *cfg);
void config_release(struct config *cfg);

/* Finds and loads the config file (see above) into cfg, which it
 * initialises. No file found is not an error (cfg stays empty). A file named
 * by --config or $SBX_CONFIG must exist. Returns 0, or -1 after a message. */
int config_load(const char *explicit_path, struct config *cfg);
/* Loads one file into an initialised cfg. Returns 0, or -1 after a message. */
int config_load_file(const char *path, struct config *cfg);
/* The same from text in memory; name is used in messages (tests). */
int config_load_string(const char *name, const char *text, size_t len, struct config *cfg);

/* Copies the file's limits into the fields of req->limits still 0 (unset by
 * flags). cfg may be NULL. */
void config_apply(const struct config *cfg, struct request *req);

/* The configured argv (NULL-terminated) of a language's tool, or NULL to use
 * the built-in command (lang->interpreter, "javac"). cfg may be NULL. */
char *const *config_command(const struct config *cfg, enum lang_id lang, enum config_tool tool);
/* The engine of JavaScript or TypeScript (lang) the file names: its own
 * languages.LANG.engine, else javascript's for TypeScript, else
 * JS_ENGINE_UNSET (request_finish makes that Duktape). cfg may be NULL. */
enum js_engine config_engine(const struct config *cfg, enum lang_id lang);
/* Whether JavaScript or TypeScript (lang) code that needs what Duktape
 * lacks (BigInt, regex lookbehind) may run under node when no engine was
 * chosen: languages.LANG.auto_node, else javascript's, else true. */
bool config_auto_node(const struct config *cfg, enum lang_id lang);
/* The node command (NULL-terminated argv) for lang: languages.LANG.node,
 * else javascript's; NULL: plain "node". cfg may be NULL. */
char *const *config_node_command(const struct config *cfg, enum lang_id lang);
/* History retention in days (default 30; 0 keeps everything). */
int config_retention_days(const struct config *cfg);
/* The longest --ttl a session may have (sessions.max_ttl, default 14 days). */
uint64_t config_session_max_ttl_ms(const struct config *cfg);
/* How many warm sandboxes sbx serve keeps for lang (serve.warm_pool,
 * default 0: none). cfg may be NULL. */
unsigned config_warm_pool(const struct config *cfg, enum lang_id lang);
/* The most serve.warm_pool takes per language. */
#define CONFIG_WARM_POOL_MAX 16u
/* Whether runs are recorded in the history (default true). */
bool config_history_enabled(const struct config *cfg);
/* The state_dir key, or NULL (pass to statedir_resolve as config_value). */
const char *config_state_dir(const struct config *cfg);

#endif
