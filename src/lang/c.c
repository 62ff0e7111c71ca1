/* c — C's backend: gcc (-O2, GNU C17, libm) as a sandboxed build step with
 * its binary cached, then the binary under the interpreters' layers
 * (native.c). sbx prepare's syntax check is that build. No sessions.
 */
#include "core/request.h"
#include "lang/lang_int.h"

static const char *const c_flags[] = {"-O2", "-std=gnu17", "-pipe", NULL};
static const char *const c_libs[] = {"-lm", NULL};
static const struct native_toolchain c_toolchain = {"c", "main.c", c_flags, c_libs, false};

static int c_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg, (void)compile_cmd;
	return native_spawn_args(s, a, &c_toolchain, as);
}

static int c_artefacts_path(const struct request *req, char *out, size_t n)
{
	return native_artefacts_path(req, &c_toolchain, out, n);
}

static int c_artefacts_restore(const struct request *req, int dir_fd)
{
	return native_artefacts_restore(req, &c_toolchain, dir_fd);
}

static const char *c_checker_name(const struct request *req)
{
	(void)req;
	return "gcc";
}

const struct lang_ops lang_c = {
    .spawn_args = c_spawn_args,
    .builds = true,
    .checker_name = c_checker_name,
    .transforms = native_transforms,
    .build_kind = "c",
    .print_result_snippet = PRINT_RESULT_NEVER,
    .artefacts_path = c_artefacts_path,
    .artefacts_restore = c_artefacts_restore,
    .artefact_dir = "bin",
    .artefact_kind = "native-binary",
};
