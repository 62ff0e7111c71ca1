/* cmd_session_sh — `sbx session sh ID [OPTIONS] -- CMD [ARG...]`, the
 * short form of `sbx session exec ID [OPTIONS] -l bash -e 'CMD ARG...'`:
 * the words after `--` become one command line, each word quoted for the
 * shell (so `-- grep -c 'a b' data.csv` greps for "a b"), run by the
 * session's shell (bash). The rewrite is done before --remote maps the
 * command line, so a remote session gets the same execution.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "util/util.h"

/* A word bash reads back as itself: left bare, for the record's code. */
static bool plain_word(const char *w)
{
	if (!*w)
		return false;
	for (const char *p = w; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			    "_./=:,+@%-",
			    *p))
			return false;
	return true;
}

/* w in single quotes (a ' inside as '\''), appended to b. */
static void quote_word(struct buf *b, const char *w)
{
	if (plain_word(w)) {
		buf_puts(b, w);
		return;
	}
	buf_puts(b, "'");
	for (const char *p = w; *p; p++) {
		if (*p == '\'')
			buf_puts(b, "'\\''");
		else
			buf_append(b, p, 1);
	}
	buf_puts(b, "'");
}

/* The rewritten argv and its command line, for sbx's whole life: freed
 * at its exit. */
static char **rewritten;
static char *command_line;

static void free_rewritten(void)
{
	free(command_line);
	free(rewritten);
}

int cmd_session_sh_argv(int argc, char ***argvp)
{
	char **argv = *argvp;
	if (argc == 4 && (!strcmp(argv[3], "-h") || !strcmp(argv[3], "--help"))) {
		argv[2] = argv[3]; /* sbx session -h: the usage names sh */
		return 3;
	}
	int dash = 3;
	while (dash < argc && strcmp(argv[dash], "--"))
		dash++;
	if (argc < 4 || dash >= argc - 1) {
		error("usage: sbx session sh ID|NAME [options] -- CMD [ARG...]: the command after "
		      "'--' (e.g. sbx session sh ID -- ls -la)");
		return -1;
	}
	for (int i = 3; i < dash; i++)
		if (!strcmp(argv[i], "-l") || !strncmp(argv[i], "--language", 10) ||
		    !strcmp(argv[i], "-e") || !strncmp(argv[i], "--eval", 6)) {
			error("sbx session sh runs its words after '--' as a bash command: drop %s "
			      "(or use 'sbx session exec ID -l LANG -e CODE')",
			      argv[i]);
			return -1;
		}
	struct buf line = BUF_INIT;
	for (int i = dash + 1; i < argc; i++) {
		if (i > dash + 1)
			buf_puts(&line, " ");
		quote_word(&line, argv[i]);
	}
	/* sbx session exec ID OPTIONS... -l bash -e LINE: the rewritten argv
	 * lives as long as sbx (its words are argv's or the line's). */
	char **out = xcalloc((size_t)dash + 5, sizeof *out);
	int n = 0;
	out[n++] = argv[0];
	out[n++] = argv[1];
	out[n++] = "exec";
	for (int i = 3; i < dash; i++)
		out[n++] = argv[i];
	out[n++] = "-l";
	out[n++] = "bash";
	out[n++] = "-e";
	out[n++] = command_line = buf_detach(&line, NULL);
	rewritten = out;
	atexit(free_rewritten);
	*argvp = out;
	return n;
}
