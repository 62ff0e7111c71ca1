/* cpp — C++'s backend: g++ (-O2, C++17 unless the configured command's
 * words say another -std, which come after sbx's) as a sandboxed build
 * step with its binary cached, then the binary under the interpreters'
 * layers (native.c). No sessions.
 */
#include "core/request.h"
#include "lang/lang_int.h"

static const char *const cpp_flags[] = {"-O2", "-std=c++17", "-pipe", NULL};
static const struct native_toolchain cpp_toolchain = {"cpp", "main.cpp", cpp_flags, NULL, false};

static int cpp_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			  char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg, (void)compile_cmd;
	return native_spawn_args(s, a, &cpp_toolchain, as);
}

static int cpp_artefacts_path(const struct request *req, char *out, size_t n)
{
	return native_artefacts_path(req, &cpp_toolchain, out, n);
}

static int cpp_artefacts_restore(const struct request *req, int dir_fd)
{
	return native_artefacts_restore(req, &cpp_toolchain, dir_fd);
}

static const char *cpp_checker_name(const struct request *req)
{
	(void)req;
	return "g++";
}

const struct lang_ops lang_cpp = {
    .spawn_args = cpp_spawn_args,
    .builds = true,
    .checker_name = cpp_checker_name,
    .transforms = native_transforms,
    .build_kind = "cpp",
    .print_result_snippet = PRINT_RESULT_NEVER,
    .artefacts_path = cpp_artefacts_path,
    .artefacts_restore = cpp_artefacts_restore,
    .artefact_dir = "bin",
    .artefact_kind = "native-binary",
};
