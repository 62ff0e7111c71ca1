#include "sandbox/progin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

static int open_own_stdin(void)
{
	struct stat st;
	if (fstat(STDIN_FILENO, &st) != 0)
		return error("--stdin -: sbx has no standard input (%s): pipe the program's "
			     "input into sbx, or give --stdin FILE",
			     strerror(errno));
	/* A terminal stays with the user: the code would get the user's
	 * terminal (its settings, and on older kernels TIOCSTI) beyond the
	 * sandbox. Sockets cannot be reopened read-only. */
	if (isatty(STDIN_FILENO))
		return error("--stdin -: standard input is a terminal: pipe or redirect the "
			     "program's input (e.g. sbx run FILE --stdin - < input.txt)");
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode) &&
	    !S_ISBLK(st.st_mode))
		return error("--stdin -: standard input is a socket or another kind of file "
			     "that cannot be handed on: pipe it through cat, or give --stdin FILE");
	/* A new, read-only open of the same file or pipe: the code gets no
	 * write access to whatever sbx's fd 0 may allow. */
	int fd = open("/proc/self/fd/0", O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return error("--stdin -: cannot reopen standard input read-only: %s",
			     strerror(errno));
	if (S_ISREG(st.st_mode)) {
		/* Where sbx's reader is: `{ read -r first; sbx ... --stdin -; } < f`
		 * hands on the rest, as a shared descriptor would. */
		off_t at = lseek(STDIN_FILENO, 0, SEEK_CUR);
		if (at > 0 && lseek(fd, at, SEEK_SET) < 0) {
			close(fd);
			return error("--stdin -: cannot seek: %s", strerror(errno));
		}
	}
	return fd;
}

int progin_open(const char *path)
{
	if (!strcmp(path, "-"))
		return open_own_stdin();
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return error("cannot read --stdin %s: %s", path,
			     fd < 0 ? strerror(e) : "it is a directory");
	}
	/* Blocking again (O_NONBLOCK only kept a FIFO from hanging the
	 * open): the code reads it like any stdin. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}
