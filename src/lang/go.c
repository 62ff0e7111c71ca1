/* go — Go's backend: `go build` (GOPATH mode, no cgo, no downloads; its
 * caches in the run's own temporary directory) as a sandboxed build step
 * with its binary cached, then the binary under the interpreters' layers
 * (native.c). No sessions.
 */
#include "core/request.h"
#include "lang/lang_int.h"

static const char *const go_flags[] = {NULL};
static const struct native_toolchain go_toolchain = {"go", "main.go", go_flags, NULL, true};

static int go_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			 char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg, (void)compile_cmd;
	int rc = native_spawn_args(s, a, &go_toolchain, as);
	/* Go's runtime reserves address space it never uses (its heap arenas):
	 * the cgroup's memory limit is the wall, as for the JVM (no_rlimit_as
	 * below says so to a warm sandbox, set up before its code is known). */
	*as = 0;
	return rc;
}

static int go_artefacts_path(const struct request *req, char *out, size_t n)
{
	return native_artefacts_path(req, &go_toolchain, out, n);
}

static int go_artefacts_restore(const struct request *req, int dir_fd)
{
	return native_artefacts_restore(req, &go_toolchain, dir_fd);
}

static const char *go_checker_name(const struct request *req)
{
	(void)req;
	return "go build";
}

const struct lang_ops lang_go = {
    .spawn_args = go_spawn_args,
    .no_rlimit_as = true,
    .builds = true,
    .checker_name = go_checker_name,
    .transforms = native_transforms,
    .build_kind = "go",
    .print_result_snippet = PRINT_RESULT_NEVER,
    .artefacts_path = go_artefacts_path,
    .artefacts_restore = go_artefacts_restore,
    .artefact_dir = "bin",
    .artefact_kind = "native-binary",
};
