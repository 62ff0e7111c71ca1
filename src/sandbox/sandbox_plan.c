/* sandbox_plan — the run's plan as pure data, decided before anything
 * starts: the rlimits the child will set, whether the code's two output
 * streams share one pipe, which layers --require asks for that the plan
 * cannot give, which layers are in force.
 *
 * No side effects (fstat of sbx's own stdout and stderr aside), so a plan
 * can be checked without running anything. May call: request, isolate.h's
 * data, libc.
 */
#include "sandbox/sandbox_int.h"

#include <sys/stat.h>
#include <unistd.h>

static void add(struct sandbox_limits *lim, int resource, rlim_t soft, rlim_t hard,
		const char *name)
{
	if (lim->n < SANDBOX_MAX_RLIMITS)
		lim->rl[lim->n++] = (struct sandbox_rlimit){resource, soft, hard, name};
}

void sandbox_plan_limits(const struct request *req, const struct sandbox_plan *plan,
			 struct sandbox_limits *lim)
{
	uint64_t cpu_s = (request_cpu_ms(req) + 999) / 1000;
	lim->n = 0;
	add(lim, RLIMIT_CORE, 0, 0, "RLIMIT_CORE");
	/* The soft CPU limit is a backstop one second past the parent's own
	 * precise check; the hard limit a second later kills for sure. */
	add(lim, RLIMIT_CPU, (rlim_t)cpu_s + 1, (rlim_t)cpu_s + 2, "RLIMIT_CPU");
	if (plan->profile != PROFILE_INTERPRETER) {
		/* Duktape writes no files and starts no processes. */
		add(lim, RLIMIT_FSIZE, 0, 0, "RLIMIT_FSIZE");
		add(lim, RLIMIT_NPROC, 0, 0, "RLIMIT_NPROC");
		add(lim, RLIMIT_NOFILE, 16, 16, "RLIMIT_NOFILE");
	} else {
		rlim_t fsize = (rlim_t)req->limits.files_bytes;
		add(lim, RLIMIT_FSIZE, fsize, fsize, "RLIMIT_FSIZE");
		if (plan->rlimit_nproc)
			add(lim, RLIMIT_NPROC, (rlim_t)plan->rlimit_nproc,
			    (rlim_t)plan->rlimit_nproc, "RLIMIT_NPROC");
		add(lim, RLIMIT_NOFILE, 1024, 1024, "RLIMIT_NOFILE");
	}
	/* Under AddressSanitizer (make SANITIZE=1) the embedded child still
	 * runs sbx's instrumented code, whose shadow memory needs terabytes of
	 * address space: there the backstop would only break the test build
	 * (the heap cap, seccomp and the rest stay in force). Interpreters
	 * execve away from the instrumented binary and keep it. */
	bool asan_child = false;
#if defined(__SANITIZE_ADDRESS__)
	asan_child = plan->profile != PROFILE_INTERPRETER;
#endif
	if (plan->rlimit_as && !asan_child)
		add(lim, RLIMIT_AS, (rlim_t)plan->rlimit_as, (rlim_t)plan->rlimit_as, "RLIMIT_AS");
}

/* Two pipes lose the order between the streams (sbx cannot tell which of
 * two ready pipes was written first), so when sbx's own stdout and stderr
 * are one file (2>&1, one terminal, one pipe) and the output is streamed
 * there (text), the code gets one pipe for both: the kernel keeps the order
 * of its writes, and the file receives the interleaving the interpreter
 * gives natively. The record then holds the combined stream in stdout
 * (merged_output: true). --merge-output asks for that in every format. */
bool sandbox_plan_merged(const struct request *req)
{
	if (req->merge_output)
		return true;
	if (req->format != FORMAT_TEXT)
		return false;
	struct stat a, b;
	return fstat(STDOUT_FILENO, &a) == 0 && fstat(STDERR_FILENO, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

unsigned sandbox_plan_unmet(const struct request *req, const struct sandbox_plan *plan)
{
	/* The embedded engine runs under seccomp and rlimits only; an
	 * interpreter's layers are known only once isolate has tried them. */
	if (plan->profile == PROFILE_INTERPRETER)
		return 0;
	return req->require & ~(LAYER_SECCOMP | LAYER_RLIMITS);
}

unsigned sandbox_plan_applied(const struct isolate_state *iso)
{
	unsigned l = LAYER_SECCOMP | LAYER_RLIMITS;
	if (iso) {
		if (iso->namespaces)
			l |= LAYER_NAMESPACES;
		if (iso->landlock_abi)
			l |= LAYER_LANDLOCK;
		if (iso->cgroup)
			l |= LAYER_CGROUP;
	}
	return l;
}
