/* session_account — what the daemon measures of an execution itself,
 * from outside the kernel's process: its CPU time and memory peak, read
 * from /proc/PID (the kernel, by the pid its host reported when it
 * started; not from anything the kernel says, which the session's code
 * may have written). A kernel that ended is measured by its host, which
 * reaped it (its "ended" frame).
 * May call: util, libc.
 */
#include "session/session_int.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t read_proc(int pid, const char *leaf, char *text, size_t n)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/%s", pid, leaf);
	int fd = pid > 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0)
		return -1;
	ssize_t got = read(fd, text, n - 1);
	close(fd);
	if (got <= 0)
		return -1;
	text[got] = 0;
	return got;
}

double session_account_cpu_ms(int pid)
{
	char text[1024];
	if (read_proc(pid, "stat", text, sizeof text) < 0)
		return -1;
	/* After the command's ')': state is field 3, utime 14, stime 15,
	 * cutime 16, cstime 17 (the children it waited for). */
	char *p = strrchr(text, ')');
	unsigned long long ut = 0, st = 0;
	long long cut = 0, cst = 0;
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld",
			 &ut, &st, &cut, &cst) != 4)
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	double ticks =
	    (double)(ut + st) + (double)(cut > 0 ? cut : 0) + (double)(cst > 0 ? cst : 0);
	return ticks * 1000.0 / (double)(hz > 0 ? hz : 100);
}

static long long status_kb(int pid, const char *key)
{
	char text[4096];
	if (read_proc(pid, "status", text, sizeof text) < 0)
		return -1;
	const char *p = strstr(text, key);
	long long kb;
	if (!p || sscanf(p + strlen(key), "%lld", &kb) != 1 || kb < 0)
		return -1;
	return kb;
}

long long session_account_peak_kb(int pid)
{
	return status_kb(pid, "\nVmHWM:");
}

long long session_account_rss_kb(int pid)
{
	return status_kb(pid, "\nVmRSS:");
}

bool session_kernel_link_is_sbx(json_t *m)
{
	const char *l = json_string_value(json_object_get(m, "language"));
	return l && (!strcmp(l, "javascript") || !strcmp(l, "typescript"));
}

void session_account_record(json_t *end, int pid, double cpu0_ms, long long peak0_kb, json_t *rec)
{
	/* Once the host reaped the kernel (end), its measure; else /proc's. */
	double cpu =
	    end ? json_number_value(json_object_get(end, "cpu_ms")) : session_account_cpu_ms(pid);
	long long peak = end ? (long long)json_integer_value(json_object_get(end, "memory_peak_kb"))
			     : session_account_peak_kb(pid);
	cpu = cpu >= 0 && cpu0_ms >= 0 ? cpu - cpu0_ms : 0;
	if (peak < peak0_kb) /* the host's measure is not /proc's */
		peak = peak0_kb;
	json_object_set_new(rec, "cpu_ms", json_real(cpu > 0 ? cpu : 0));
	json_object_set_new(rec, "memory_peak_kb", json_integer(peak > 0 ? peak : 0));
}
