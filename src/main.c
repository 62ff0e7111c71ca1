/* sbx — run untrusted code in a sandbox and report what happened.
 * main: sane fds, global flags, dispatch, exit status. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "util.h"

#ifndef SBX_VERSION
#define SBX_VERSION "0.1.0"
#endif

/* fds 0-2 must be open, or a file sbx opens could land on them and
 * receive output meant for a terminal. */
static void sanitize_std_fds(void)
{
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			_exit(125);
}

int main(int argc, char **argv)
{
	sanitize_std_fds();
	/* A closed stdout (sbx run ... | head) must not kill sbx before it has
	 * reaped the sandbox and recorded the run; writes report EPIPE. */
	signal(SIGPIPE, SIG_IGN);

	if (argc < 2) {
		cmd_print_overview();
		return 125;
	}
	const char *name = argv[1];
	if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
		printf("sbx %s\n", SBX_VERSION);
		return 0;
	}
	if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
		cmd_print_overview();
		return 0;
	}
	if (!strcmp(name, "--list-commands")) {
		for (const struct command *c = commands; c->name; c++)
			puts(c->name);
		return 0;
	}
	if (!strcmp(name, "--list-options")) {
		/* Machine-readable, for completions and the docs test. */
		const struct command *lc = argc > 2 ? cmd_find(argv[2]) : NULL;
		if (!lc)
			die("usage: sbx --list-options COMMAND");
		cmd_print_options(lc);
		return 0;
	}
	const struct command *c = cmd_find(name);
	if (!c) {
		const char *s = cmd_suggest(name);
		if (s)
			error("unknown command '%s' (did you mean '%s'?): see 'sbx help'", name, s);
		else
			error("unknown command '%s': see 'sbx help'", name);
		return 125;
	}
	int rc = c->fn(argc - 1, argv + 1);
	if (fflush(stdout) != 0 && rc == 0) {
		error("writing to standard output failed: %s", strerror(errno));
		rc = 125;
	}
	return rc;
}
