/* procstrings — see procstrings.h. */
#include "util/procstrings.h"

#include <string.h>

/* [start, end): the strings, arguments first; args_end: where the
 * arguments stop and the environment starts. */
static char *strings_start, *strings_end, *args_end;

/* Extends *end over s when s starts where the strings so far stop (the
 * kernel lays them out back to back); returns 0, or -1 on a gap. */
static int extend(char **end, char *s)
{
	if (s != *end)
		return -1;
	*end = s + strlen(s) + 1;
	return 0;
}

void procstrings_note(int argc, char **argv, char **envp)
{
	strings_start = strings_end = args_end = NULL;
	if (argc < 1 || !argv || !argv[0])
		return;
	char *end = argv[0];
	for (int i = 0; i < argc && argv[i]; i++)
		if (extend(&end, argv[i]) != 0)
			return; /* not the kernel's layout (a loader moved them): leave them */
	args_end = end;
	/* The environment as far as it follows on: a string set apart from
	 * the block (none at main's start) would not be in /proc's view. */
	for (char **e = envp; e && *e; e++)
		if (extend(&end, *e) != 0)
			break;
	strings_start = argv[0];
	strings_end = end;
}

void procstrings_wipe(const char *name)
{
	if (!strings_start)
		return;
	memset(strings_start, 0, (size_t)(strings_end - strings_start));
	size_t n = strlen(name);
	if (n < (size_t)(args_end - strings_start))
		memcpy(strings_start, name, n);
}
