/* engine_kernel_int — what the engine_kernel*.c files share; no other
 * file includes it. Each language's kernel starts its interpreter under
 * the same sandbox plan as a one-shot run of that language.
 */
#ifndef SBX_ENGINE_KERNEL_INT_H
#define SBX_ENGINE_KERNEL_INT_H

#include "engine/engine_kernel.h"
#include "sandbox/workdir.h"

/* Closes what engine_kernel_workdir opened. engine_kernel.c */
void engine_kernel_close_rundir(struct workdir *wd);
/* R: Rscript's own top-level loop fed by prelude/sbx_kernel.R.
 * engine_kernel_r.c */
int engine_kernel_run_r(struct request *req, struct outcome *out, const struct output_sink *sink,
			const struct kernel_start *ks);
/* Java: JShell in the JVM, driven by prelude/SbxKernel.java.
 * engine_kernel_java.c */
int engine_kernel_run_java(struct request *req, struct outcome *out, const struct output_sink *sink,
			   const struct kernel_start *ks);

#endif
