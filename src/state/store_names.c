/* store_names — deployment names and NAME@VERSION references: the checks
 * (with messages that name the fix) and a name made from a file path. Pure
 * string work: calls util only. */
#include "state/store.h"
#include "state/store_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/front.h"
#include "util/util.h"

static bool name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

static bool first_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool store_name_ok(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > STORE_NAME_MAX || !first_char((unsigned char)name[0]))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!name_char((unsigned char)name[i]))
			return false;
	return strstr(name, "..") == NULL;
}

int store_check_name_for(const char *name, const char *what)
{
	if (store_name_ok(name))
		return 0;
	size_t n = strlen(name);
	if (n == 0)
		return error("empty %s name: give one with %s", what,
			     front_option("-n NAME", "name"));
	if (n > STORE_NAME_MAX)
		return error("%s name '%.20s...' is %zu characters long; the most is %d", what,
			     name, n, STORE_NAME_MAX);
	if (strchr(name, '/'))
		return error("invalid %s name '%s': '/' is not allowed; names are "
			     "[a-z0-9][a-z0-9._-]*",
			     what, name);
	if (strstr(name, ".."))
		return error("invalid %s name '%s': '..' is not allowed", what, name);
	for (size_t i = 0; i < n; i++)
		if (isupper((unsigned char)name[i]))
			return error("invalid %s name '%s': use lower case (names are "
				     "[a-z0-9][a-z0-9._-]*)",
				     what, name);
	/* Say which character is wrong, and where: "my app" is one space away
	 * from a good name. */
	if (!isalnum((unsigned char)name[0]))
		return error("invalid %s name '%s': it starts with '%c'; names start "
			     "with a-z or 0-9",
			     what, name, name[0]);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];
		if (name_char(c))
			continue;
		if (c < 0x20 || c >= 0x7f)
			return error("invalid %s name '%s': byte 0x%02x at position %zu is "
				     "not allowed; names hold only a-z, 0-9, '.', '_' and '-'",
				     what, name, c, i + 1);
		return error("invalid %s name '%s': '%c' at position %zu is not allowed; "
			     "names hold only a-z, 0-9, '.', '_' and '-'",
			     what, name, c, i + 1);
	}
	return error("invalid %s name '%s': names start with a-z or 0-9 and hold only "
		     "a-z, 0-9, '.', '_' and '-' (at most %d)",
		     what, name, STORE_NAME_MAX);
}

int store_check_name(const char *name)
{
	return store_check_name_for(name, "deployment");
}

int store_name_from_path(const char *path, char out[STORE_NAME_MAX + 1])
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	size_t o = 0;
	for (size_t i = 0; i < len && o < STORE_NAME_MAX; i++) {
		int c = tolower((unsigned char)base[i]);
		if (!name_char(c))
			c = '-';
		/* A name starts with a letter or digit, and ".." is never formed. */
		if (o == 0 && !first_char(c))
			continue;
		if (c == '.' && o > 0 && out[o - 1] == '.')
			continue;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	if (o == 0 || !store_name_ok(out))
		return error("cannot make a deployment name from '%s': give one with -n NAME",
			     path);
	return 0;
}

/* Strict decimal, 1..STORE_VERSION_MAX, no sign, no leading zero. */
int store_parse_version(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 9 || s[0] == '0')
		return -1;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int store_parse_ref(const char *ref, char name[STORE_NAME_MAX + 1], int *version)
{
	const char *at = strchr(ref, '@');
	size_t len = at ? (size_t)(at - ref) : strlen(ref);
	*version = 0;
	if (len > STORE_NAME_MAX) {
		char *n = xstrndup(ref, len);
		int rc = store_check_name(n);
		free(n);
		return rc;
	}
	memcpy(name, ref, len);
	name[len] = '\0';
	if (store_check_name(name) != 0)
		return -1;
	if (at) {
		if (!strcmp(at + 1, "latest"))
			return 0;
		int v = store_parse_version(at + 1);
		if (v < 1)
			return error("invalid version '%s' in '%s': use NAME@N with N a positive "
				     "whole number, or NAME for the latest",
				     at + 1, ref);
		*version = v;
	}
	return 0;
}

int store_not_found(const struct store *s, const char *name)
{
	if (front_get() == FRONT_CLI)
		return error_of(ERROR_NOT_FOUND,
				"no deployment named '%s' in %s/%s: see `sbx list`", name,
				s->state_dir, DEPLOYMENTS);
	return error_of(
	    ERROR_NOT_FOUND, "no deployment named '%s': %s", name,
	    front_hint(NULL, "GET /v1/deployments lists them", "list_deployments lists them"));
}

int store_no_version(const char *name, int version, int latest)
{
	char was[40] = "";
	if (latest)
		snprintf(was, sizeof was, " (latest is %d)", latest);
	if (front_get() == FRONT_CLI)
		return error_of(ERROR_NOT_FOUND,
				"deployment '%s' has no version %d%s: see `sbx get %s`", name,
				version, was, name);
	return error_of(ERROR_NOT_FOUND, "deployment '%s' has no version %d%s: %s%s", name, version,
			was,
			front_hint(NULL, "GET /v1/deployments/", "list_deployments lists them"),
			front_get() == FRONT_MCP ? "" : name);
}
