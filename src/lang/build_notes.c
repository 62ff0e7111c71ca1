/* build_notes — what a build step printed, for the languages that build
 * (java_spawn.c, native.c): a failed build's output shown as the run's
 * stderr, and a successful build's warnings kept beside its output in the
 * build cache, so a cached build shows them too, as a compile prints them
 * every time. */
#include <fcntl.h>
#include <unistd.h>

#include "lang/lang_int.h"
#include "util/buf.h"
#include "util/util.h"

void build_output_show(struct spawn_run *s, const char *text, size_t len)
{
	output_sink_write(s->sink, 2, text ? text : "", len);
	buf_append(&s->out->err.kept, text ? text : "", len);
	s->out->err.total += len;
}

void build_notes_keep(int dir_fd, const char *name, const char *text, size_t len)
{
	if (!len)
		return;
	int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (write_all(fd, text, len) < 0)
		(void)unlinkat(dir_fd, name, 0);
	close(fd);
}

void build_notes_show(struct spawn_run *s, int dir_fd, const char *name)
{
	int fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return;
	char chunk[4096];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0)
		build_output_show(s, chunk, (size_t)n);
	close(fd);
}
