/* duktape_report — what a Duktape child writes to the sandbox's report fd
 * (duktape_report.c). */
#ifndef SBX_DUKTAPE_REPORT_H
#define SBX_DUKTAPE_REPORT_H

#include <stddef.h>

#include "engine/duktape/duktape_mem.h"

/* In the sandboxed child: writes text (a whole JSON report) to the report
 * fd the sandbox gave the child. For the engine's parts that report without
 * its state, as js/lower_child.c's fatal handler does; the sandbox gives
 * every engine child the same fd. */
void duktape_report_write(const char *text, size_t len);

/* {"status":"S","memory_peak_kb":N} (N of m) to the report fd, then _exit
 * with code. No stdio and no allocation: also called on the way out of the
 * allocator, where the heap is full. */
_Noreturn void duktape_report_exit(const struct duktape_mem *m, const char *status, int code);

#endif
