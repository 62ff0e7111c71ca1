/* duktape_report — a Duktape child's last words on the sandbox's report fd:
 * a whole JSON report, or a status and the heap's peak on the way out.
 * Calls write_all and _exit only: it also runs when the heap is full. */
#include <string.h>
#include <unistd.h>

#include "engine/duktape/duktape_report.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

/* Formats an unsigned number into buf (no stdio: also used on the way out
 * of the allocator, where the heap is full). Returns the length. */
static size_t fmt_u64(char *buf, uint64_t v)
{
	char tmp[24];
	size_t n = 0, i;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v && n < sizeof(tmp));
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	return n;
}

_Noreturn void duktape_report_exit(const struct duktape_mem *m, const char *status, int code)
{
	char msg[128];
	size_t n = 0, sl = strlen(status);
	const char *a = "{\"status\":\"", *b = "\",\"memory_peak_kb\":";
	if (sl > 64)
		sl = 64;
	memcpy(msg + n, a, strlen(a));
	n += strlen(a);
	memcpy(msg + n, status, sl);
	n += sl;
	memcpy(msg + n, b, strlen(b));
	n += strlen(b);
	n += fmt_u64(msg + n, duktape_mem_peak_kb(m));
	msg[n++] = '}';
	(void)write_all(SANDBOX_REPORT_FD, msg, n);
	_exit(code);
}

void duktape_report_write(const char *text, size_t len)
{
	(void)write_all(SANDBOX_REPORT_FD, text, len);
}
