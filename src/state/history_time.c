/* history_time — times as the history shows and selects them: ISO 8601
 * output, and the --since/--until parser (a duration back from now or an
 * ISO date or time). Calls libc and util only.
 */
#include "state/history.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "state/history_db.h"
#include "util/util.h"

void history_format_time(int64_t ms, char out[32])
{
	time_t secs = (time_t)(ms >= 0 ? ms / 1000 : (ms - 999) / 1000);
	struct tm tm;
	if (!gmtime_r(&secs, &tm)) {
		snprintf(out, 32, "?");
		return;
	}
	char date[24];
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out, 32, "%s.%03dZ", date, (int)(ms - (int64_t)secs * 1000));
}

/* Reads exactly n digits at *p. */
static bool take_digits(const char **p, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return false;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return true;
}

static bool take_char(const char **p, char c)
{
	if (**p != c)
		return false;
	(*p)++;
	return true;
}

static int days_in_month(int year, int month)
{
	static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return month == 2 && leap ? 29 : days[month - 1];
}

/* ISO 8601: date, optional time (T or space), optional zone. */
static bool parse_iso(const char *s, bool end_of_day, int64_t *out)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, frac = 0, frac_digits = 0;
	const char *p = s;
	if (!take_digits(&p, 4, &y) || !take_char(&p, '-') || !take_digits(&p, 2, &mo) ||
	    !take_char(&p, '-') || !take_digits(&p, 2, &d))
		return false;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo))
		return false;
	bool has_time = *p == 'T' || *p == 't' || *p == ' ';
	int64_t zone_ms = 0;
	if (has_time) {
		p++;
		if (!take_digits(&p, 2, &h) || !take_char(&p, ':') || !take_digits(&p, 2, &mi))
			return false;
		if (take_char(&p, ':')) {
			if (!take_digits(&p, 2, &sec))
				return false;
			if (take_char(&p, '.')) {
				while (*p >= '0' && *p <= '9') {
					if (frac_digits < 3) {
						frac = frac * 10 + (*p - '0');
						frac_digits++;
					}
					p++;
				}
				if (frac_digits == 0)
					return false;
				for (; frac_digits < 3; frac_digits++)
					frac *= 10;
			}
		}
		if (h > 23 || mi > 59 || sec > 59)
			return false;
		if (*p == 'Z' || *p == 'z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int sign = *p == '-' ? -1 : 1, zh, zm;
			p++;
			if (!take_digits(&p, 2, &zh) || !take_char(&p, ':') ||
			    !take_digits(&p, 2, &zm) || zh > 23 || zm > 59)
				return false;
			zone_ms = sign * ((int64_t)zh * 3600000 + (int64_t)zm * 60000);
		}
	}
	if (*p)
		return false;
	struct tm tm = {.tm_year = y - 1900,
			.tm_mon = mo - 1,
			.tm_mday = d,
			.tm_hour = h,
			.tm_min = mi,
			.tm_sec = sec};
	int64_t ms = (int64_t)timegm(&tm) * 1000 + frac - zone_ms;
	if (!has_time && end_of_day)
		ms += MS_PER_DAY;
	*out = ms;
	return true;
}

bool history_time_value(const char *s, int64_t now_ms, bool end_of_day, int64_t *out)
{
	if (strcmp(s, "now") == 0) {
		*out = now_ms;
		return true;
	}
	if (parse_iso(s, end_of_day, out))
		return true;
	/* A duration back from now: digits and one unit. */
	const char *p = s;
	uint64_t n = 0;
	while (*p >= '0' && *p <= '9' && n < 1000000000ull)
		n = n * 10 + (uint64_t)(*p++ - '0');
	static const struct {
		char unit;
		int64_t ms;
	} units[] = {
	    {'s', 1000}, {'m', 60000}, {'h', 3600000}, {'d', MS_PER_DAY}, {'w', 7 * MS_PER_DAY}};
	if (p != s && p[0] && !p[1] && n <= 100000 * 366ull) {
		for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
			if (units[i].unit == p[0]) {
				*out = now_ms - (int64_t)n * units[i].ms;
				return true;
			}
		}
	}
	return false;
}

int history_parse_time(const char *flag, const char *s, int64_t now_ms, bool end_of_day,
		       int64_t *out)
{
	if (history_time_value(s, now_ms, end_of_day, out))
		return 0;
	return error("invalid time for %s: '%s'; use a duration back from now (7d, 12h, "
		     "30m, 2w), an ISO date or time (2026-11-01, 2026-11-01T12:00:00Z) or 'now'",
		     flag, s);
}
