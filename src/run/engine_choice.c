/* engine_choice — see engine_choice.h. Runs once per request, before
 * anything starts: a scan of the code (the lowering's own scanner, a
 * single pass over the bytes), and node's path looked up only when the
 * scan found something Duktape lacks.
 *
 * May call: engine (engine_spawn_resolve), engine/js (the scanner), core,
 * util.
 */
#include "run/engine_choice.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/config.h"
#include "engine/engine.h"
#include "engine/js/tokenize.h"
#include "util/util.h"

/* Is node there to run it (the configured command, else "node", found as
 * a run would find it)? */
static bool node_installed(const struct request *req)
{
	char *const *conf = config_node_command(req->config, req->lang->id);
	char exe[PATH_MAX];
	return engine_spawn_resolve(conf ? conf[0] : "node", NULL, exe, sizeof exe) == 0;
}

/* The section that set a per-language key: TypeScript's own, else
 * JavaScript's, which TypeScript falls back to. */
static const char *key_lang(const struct request *req, bool own_set)
{
	return own_set ? req->lang->name : "javascript";
}

int engine_choose(struct request *req, enum engine_origin origin)
{
	enum lang_id id = req->lang ? req->lang->id : LANG_COUNT;
	if (!req->lang || req->lang->engine != ENGINE_DUKTAPE || !req->code ||
	    (req->engine == JS_ENGINE_NODE && origin != ENGINE_BY_SESSION))
		return 0;
	struct js_scan sc;
	js_scan_node_only(req->code, req->code_len, &sc);
	if (!sc.node_only)
		return 0;
	char what[160];
	snprintf(what, sizeof what, "the code uses %s (line %u), which Duktape lacks", sc.node_only,
		 sc.node_only_line);
	const struct config *cfg = req->config;
	char hint[512];
	switch (origin) {
	case ENGINE_BY_SESSION:
		/* A session is one Duktape heap from create to delete: its
		 * state cannot move to another engine mid-session. A global
		 * Duktape lacks fails only where it is reached: run that. */
		if (!sc.node_only_syntax)
			return 0;
		return error("%s, and a %s session runs in Duktape for its whole life: run this "
			     "code with 'sbx run' (sbx runs such code under node) or 'sbx run "
			     "--engine node'",
			     what, req->lang->name);
	case ENGINE_BY_REQUEST:
		snprintf(hint, sizeof hint,
			 "%s. Node runs it, but --engine duktape (a request's \"engine\") asks "
			 "for Duktape: drop it (sbx then runs such code under node) or use "
			 "--engine node",
			 what);
		break;
	case ENGINE_BY_CONFIG:
		snprintf(hint, sizeof hint,
			 "%s. Node runs it, but the config's languages.%s.engine: duktape asks "
			 "for Duktape: remove that key (sbx then runs such code under node) or "
			 "use --engine node",
			 what, key_lang(req, cfg && cfg->engines[id] != JS_ENGINE_UNSET));
		break;
	case ENGINE_BY_DEFAULT:
	default:
		if (!config_auto_node(cfg, id)) {
			snprintf(hint, sizeof hint,
				 "%s. Node runs it, but the config's languages.%s.auto_node: "
				 "false keeps such code on Duktape: set it to true, or use "
				 "--engine node",
				 what, key_lang(req, cfg && cfg->auto_node_set[id]));
			break;
		}
		if (!node_installed(req)) {
			snprintf(hint, sizeof hint,
				 "%s. Node would run it, but node is not installed: install the "
				 "Debian package %s (sudo apt-get install %s), or set "
				 "languages.javascript.node in the config to its path",
				 what, req->lang->debian_package, req->lang->debian_package);
			break;
		}
		req->engine = JS_ENGINE_NODE;
		free(req->engine_reason);
		req->engine_reason = xstrdup(what);
		return 0;
	}
	free(req->engine_hint);
	req->engine_hint = xstrdup(hint);
	return 0;
}
