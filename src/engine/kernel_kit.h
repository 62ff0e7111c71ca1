/* kernel_kit — the steps a language's session kernel (its backend's
 * kernel_run, src/lang/) takes to start its interpreter under the same
 * sandbox plan as a one-shot run of that language.
 */
#ifndef SBX_ENGINE_KERNEL_KIT_H
#define SBX_ENGINE_KERNEL_KIT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine_kernel.h"
#include "engine/spawn_kit.h"
#include "sandbox/workdir.h"

/* Closes what engine_kernel_prepare opened (rundir_close). engine_kernel.c */
void engine_kernel_close_rundir(struct workdir *wd);
/* The start every interpreter kernel shares: s->exe resolved from exe_name
 * (a missing interpreter: s->out is `unavailable`), its directories made
 * readable, the session's run directory open in s->wd. Returns 0, or -1
 * with s->out final. engine_kernel.c */
int engine_kernel_prepare(struct spawn_run *s, const struct kernel_start *ks, const char *exe_name);
/* Runs argv as the session's kernel under the interpreters' profile, as a
 * one-shot run of the language runs (its rlimit_as, gated or not), with
 * the control socket as stdin; returns sandbox_run's result. engine_kernel.c */
int engine_kernel_start(struct spawn_run *s, const struct argv_builder *a,
			const struct kernel_start *ks, uint64_t rlimit_as, bool gated);
/* The same with the kernel's own child_main (arg its argument) in place of
 * an interpreter's execve: a kernel written in C that starts a process
 * per execution (bash's). engine_kernel.c */
int engine_kernel_start_main(struct spawn_run *s, sandbox_child_fn child_main, void *arg,
			     const struct kernel_start *ks, uint64_t rlimit_as);
#endif
