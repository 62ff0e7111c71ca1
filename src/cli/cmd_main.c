/* cmd_main — what `sbx ARGS` does: sane fds, global flags, dispatch, exit
 * status. Apart from main.c so that the unit tests link it. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <stdlib.h>

#include "cli/cmd.h"
#include "lang/lang.h"
#include "core/error_kinds.h"
#include "core/outcome.h"
#include "run/job.h"
#include "serve/remote.h"
#include "util/front.h"
#include "util/util.h"

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

/* The format the command line asks for: --json, --format F, --format=F,
 * scanned before parsing so that a failure of the parse itself (a bad
 * flag) can still be answered in JSON. NULL: text. */
static const char *wanted_format(int argc, char **argv)
{
	const char *f = NULL;
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--json"))
			f = "json";
		else if (!strcmp(argv[i], "--format") && i + 1 < argc)
			f = argv[++i];
		else if (!strncmp(argv[i], "--format=", 9))
			f = argv[i] + 9;
		else if (!strcmp(argv[i], "-e") || !strcmp(argv[i], "--eval"))
			i++; /* code, not a flag */
	}
	return f && (!strcmp(f, "json") || !strcmp(f, "ndjson")) ? f : NULL;
}

static const char *json_format;
static const char *json_command;

/* Under --json / --format ndjson every failure is a record on stdout, so
 * an agent never parses stderr: sbx's own failures (bad flag, bad config,
 * unknown deployment, unreadable file, unusable state directory) get
 * status "sbx_error" and exit 125; the stderr line stays too. */
static void emit_failure_record(void)
{
	/* sbx serve's children (SBX_FAILURE_RECORD): a text answer's failure
	 * too, which the server reads for its kind and does not show. */
	if (!json_format && getenv("SBX_FAILURE_RECORD"))
		json_format = "json";
	if (json_format)
		run_job_failure_record(json_command, !strcmp(json_format, "ndjson") ? FORMAT_NDJSON
										    : FORMAT_JSON);
}

/* git-style global options before the command (sbx --state-dir X list):
 * moved after the command name, where every command's parser takes them
 * (flags given after the command still win: they come later). Returns the
 * new argc; *argvp points to a new vector (argv[0], COMMAND, globals...,
 * the rest). */
char **cmd_main_argv; /* hoist_global_options' argv (see there) */

static int hoist_global_options(int argc, char ***argvp)
{
	char **argv = *argvp;
	int g = 1;
	while (g < argc) {
		if ((!strcmp(argv[g], "--state-dir") || !strcmp(argv[g], "--config")) &&
		    g + 1 < argc)
			g += 2;
		else if (!strncmp(argv[g], "--state-dir=", 12) || !strncmp(argv[g], "--config=", 9))
			g += 1;
		else
			break;
	}
	if (g == 1 && argc == 2 &&
	    (!strcmp(argv[1], "--state-dir") || !strcmp(argv[1], "--config")))
		die("option %s needs a value and a command after it: e.g. sbx %s %s list", argv[1],
		    argv[1], !strcmp(argv[1], "--config") ? "FILE" : "DIR");
	if (g == 1)
		return argc;
	if (g == argc)
		die("%s needs a command after it: e.g. sbx %s %s list", argv[1], argv[1],
		    argc > 2 && argv[1][strlen(argv[1]) - 1] != '=' ? argv[2] : "DIR");
	/* Lives as long as the process: a global of external linkage, so leak
	 * checkers see it (the compiler may drop a store to a static nobody
	 * reads, and LeakSanitizer then saw a leak). */
	char **nv = cmd_main_argv = xcalloc((size_t)argc + 1, sizeof(char *));
	int n = 0;
	nv[n++] = argv[0];
	nv[n++] = argv[g];
	/* `sbx help` reads its operand directly: the globals mean nothing to it. */
	if (strcmp(argv[g], "help"))
		for (int i = 1; i < g; i++)
			nv[n++] = argv[i];
	for (int i = g + 1; i < argc; i++)
		nv[n++] = argv[i];
	*argvp = nv;
	return n;
}

/* sbx --remote URL [--token-file FILE] COMMAND ...: taken off the front
 * of argv (*argcp, *argvp shift past them). */
static const char *remote_url, *remote_token_file;

static void take_remote_options(int *argcp, char ***argvp)
{
	char **argv = *argvp;
	int i = 1;
	for (;;) {
		if (i + 1 < *argcp && !strcmp(argv[i], "--remote"))
			remote_url = argv[i + 1], i += 2;
		else if (i < *argcp && !strncmp(argv[i], "--remote=", 9))
			remote_url = argv[i] + 9, i += 1;
		else if (i + 1 < *argcp && !strcmp(argv[i], "--token-file"))
			remote_token_file = argv[i + 1], i += 2;
		else if (i < *argcp && !strncmp(argv[i], "--token-file=", 13))
			remote_token_file = argv[i] + 13, i += 1;
		else
			break;
	}
	if (i == 1)
		return;
	if (i == *argcp)
		die("--remote needs a command after it: e.g. sbx --remote unix:PATH run -e 1+1");
	argv[i - 1] = argv[0];
	*argvp = argv + i - 1;
	*argcp -= i - 1;
}

int cmd_main(int argc, char **argv)
{
	lang_backends_install();
	sanitize_std_fds();
	/* A closed stdout (sbx run ... | head) must not kill sbx before it has
	 * reaped the sandbox and recorded the run; writes report EPIPE. */
	signal(SIGPIPE, SIG_IGN);
	/* sbx serve's and sbx mcp's children word their messages for them
	 * (SBX_FRONT); sbx serve says --front=cli first for sbx --remote's
	 * requests, which the command line made. */
	front_from_env();
	if (argc > 1 && !strncmp(argv[1], "--front=", 8)) {
		if (!strcmp(argv[1] + 8, "cli"))
			front_flags_only();
		argv[1] = argv[0];
		argv++;
		argc--;
	}

	if (argc < 2) {
		cmd_print_overview();
		return 125;
	}
	take_remote_options(&argc, &argv);
	if (!remote_url && getenv("SBX_REMOTE") && *getenv("SBX_REMOTE"))
		remote_url = getenv("SBX_REMOTE");
	if (remote_token_file && !remote_url)
		die("--token-file before the command is for --remote: give --remote URL too");
	argc = hoist_global_options(argc, &argv);
	/* The shell's short form is an exec, here as over --remote. */
	if (argc > 2 && !strcmp(argv[1], "session") && !strcmp(argv[2], "sh") &&
	    (argc = cmd_session_sh_argv(argc, &argv)) < 0)
		return 125;
	const char *name = argv[1];
	json_format = wanted_format(argc, argv);
	json_command = name;
	die_hook = emit_failure_record;
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
		emit_failure_record();
		return 125;
	}
	int rc;
	if (remote_url && remote_supports(name))
		rc = remote_main(remote_url, remote_token_file, c->opts, argc - 1, argv + 1);
	else if (remote_url && strcmp(name, "help")) {
		error("sbx %s does not work with --remote (unset SBX_REMOTE to run it here)", name);
		rc = EXIT_SBX_FAILURE;
	} else
		rc = c->fn(argc - 1, argv + 1);
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
		error("writing to standard output failed: %s", strerror(errno ? errno : EIO));
		rc = 125;
	}
	if (rc == EXIT_SBX_FAILURE) {
		emit_failure_record();
		/* The exit code of an sbx failure is its kind's (one table with
		 * the HTTP status and the MCP error; all 125 today, as
		 * timeout(1) has it), never a message's. */
		rc = error_kind_row(error_first_kind())->exit_code;
	}
	return rc;
}
