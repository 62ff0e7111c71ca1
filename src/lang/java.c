/* java — Java's backend: javac as a sandboxed step of its own with its
 * classes cached by the code's SHA-256, then the tuned JVM with sbx's
 * launcher, which waits at the gate (so sbx serve's warm pool keeps JVMs
 * started: java_spawn.c); a session is JShell in the JVM (java_kernel.c);
 * sbx prepare checks the syntax by the same javac build the run does.
 */
#include <jansson.h>

#include "core/request.h"
#include "lang/lang_int.h"
#include "util/util.h"

/* A session's JVM is running already: what only a new JVM could take is
 * refused with the way that works. */
static int java_session_refuse(const struct request *req)
{
	if (req->nenv)
		return error("a Java session's JVM is running already and System.getenv() cannot "
			     "change in it: --env (request key \"env\") does not apply; pass "
			     "values with -i/--inputs (inputs.json) or use 'sbx run -l java'");
	if (req->nargs)
		return error("a Java session runs snippets in JShell, which have no main(String[] "
			     "args): program arguments (request key \"args\") do not apply; pass "
			     "values with -i/--inputs (inputs.json) or call your main yourself");
	return 0;
}

static const char *java_checker_name(const struct request *req)
{
	(void)req;
	return "javac";
}

static void java_transforms(const struct request *req, json_t *a)
{
	(void)req;
	json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "compile", "from",
					   "java", "to", "class files", "reason",
					   "javac compiles the program before it runs"));
}

const struct lang_ops lang_java = {
    .spawn_args = java_spawn_args,
    .spawn_gated = true,
    .code_file = JAVA_LAUNCH_FILE,
    .warm_code_in = java_warm_code_in,
    .builds = true,
    .inputs_in_cwd = true,
    .kernel_run = java_kernel_run,
    .session_refuse = java_session_refuse,
    .checker_name = java_checker_name,
    .transforms = java_transforms,
    .print_result_snippet = PRINT_RESULT_ALWAYS,
    .artefacts_path = java_artefacts_path,
    .artefacts_restore = java_artefacts_restore,
    .artefact_dir = "classes",
    .artefact_kind = "java-class",
    .build_kind = "java",
};
