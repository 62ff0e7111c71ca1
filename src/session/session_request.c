/* session_request — what `sbx session exec` checks and settles before an
 * execution goes to the session, shared by the command line and by sbx
 * serve's session route (which builds the request from a JSON body in a
 * connection's thread: nothing here parses argv or touches globals).
 * May call: session_store, run (runopt), engine (engine_kernel), state
 * (store), core, util.
 */
#include "session/session_int.h"

#include <stdlib.h>
#include <string.h>

#include "core/lang.h"
#include "engine/engine_kernel.h"
#include "state/store.h"
#include "util/front.h"
#include "util/util.h"

int session_exec_refuse(const struct request *req)
{
	/* A session's JavaScript kernel is a Duktape heap (a config's default
	 * engine does not apply to sessions; README "Sessions"). */
	if (req->engine == JS_ENGINE_NODE)
		return error("sessions run JavaScript and TypeScript in Duktape: --engine node is "
			     "for 'sbx run' (drop --engine, or use --engine duktape)");
	return 0;
}

/* What an execution of this language cannot take ("sbx session exec -h"
 * and README "Sessions" list them), named with the fix: its backend's. */
static int refuse_for_language(const struct request *req)
{
	const struct lang_ops *ops = lang_ops(req->lang);
	return ops->session_refuse ? ops->session_refuse(req) : 0;
}

int session_exec_prepare(struct run_options *ro, const char *ref, char **operands, int nops,
			 char id[SESSION_ID_LEN + 1])
{
	/* The state directory first: the session names the language. */
	char *sd = store_state_dir(ro->state_dir_flag, ro->config_flag);
	if (!sd || session_resolve(sd, ref, id) < 0) {
		free(sd);
		return -1;
	}
	json_t *m = session_manifest_read(sd, id);
	free(sd);
	if (!m)
		return -1;
	const char *lang = json_string_value(json_object_get(m, "language"));
	const struct lang *l = ro->lang_arg ? lang_by_name(ro->lang_arg) : NULL;
	if (ro->lang_arg && !l) {
		json_decref(m);
		return error("unknown language '%s': use %s", ro->lang_arg, lang_all_names());
	}
	/* A session is a workspace: an execution of another language runs
	 * in that language's kernel, beside the session's own, in the same
	 * working directory (session_kernels.c). The language table's own
	 * name: lang lives only as long as m. */
	const struct lang *own = lang ? lang_by_name(lang) : NULL;
	json_decref(m);
	if (l && l != own && !engine_kernel_supported(l))
		return error("sessions do not support %s yet: run it one-shot (%s)", l->name,
			     front_hint("sbx run -l LANG", "POST /v1/run", "the run_code tool"));
	const struct lang *sl = l ? l : own;
	ro->lang_arg = sl ? sl->name : NULL;
	/* A FILE whose extension names another language would run as the
	 * session's (an R script as Python): refused, with the way to run it.
	 * JavaScript runs in a TypeScript session, as TypeScript takes it. */
	const struct lang *fl = nops == 1 && !ro->markdown ? lang_by_path(operands[0]) : NULL;
	if (!l && sl && fl && !lang_runs_files_of(sl, fl))
		return error("%s is %s code (by its extension) and session %s runs %s: run it "
			     "in the session's %s kernel with %s %s",
			     operands[0], fl->name, ref, sl->name, fl->name,
			     front_option("-l", "language"), fl->name);
	if (runopt_load_code(ro, operands, nops, false) != 0)
		return -1;
	/* Before runopt_finish, whose message for the embedded engine's stdin
	 * names --engine node, which sessions do not have. */
	ro->req->lang = sl;
	ro->session_exec = true;
	if ((sl && refuse_for_language(ro->req) < 0) || runopt_finish(ro) != 0)
		return -1;
	return 0;
}
