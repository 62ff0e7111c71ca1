/* fuzz_remote_files — what sbx --remote run -o does with a server's answer
 * (serve/remote_files.c): the record's "returned_files" (names, base64,
 * sha256) written into a directory. The server is outside input.
 *
 * Checks: whatever the answer, every file the call made is a regular file
 * below the directory (a walk of it finds nothing else: no link, nothing
 * outside it, since the directory is the process's only writable place
 * the names could reach), and "returned_files" is gone from the record. */
#include <dirent.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "serve/remote_files.h"
#include "util/rmtree.h"

static char dir[] = "/tmp/sbx-fuzz-remote-files-XXXXXX";

static void drop_dir(void)
{
	rmdir(dir);
}

/* Every entry below fd is a directory or a regular file; 0 when so. */
static int only_files(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	int bad = 0;
	while (d && (de = readdir(d))) {
		struct stat st;
		if (de->d_name[0] == '.' &&
		    (!de->d_name[1] || (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			bad |= only_files(openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY));
		else if (!S_ISREG(st.st_mode))
			bad = 1;
	}
	if (d)
		closedir(d);
	return bad;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int made;
	if (!made) {
		FUZZ_CHECK(mkdtemp(dir));
		atexit(drop_dir);
		made = 1;
	}
	json_t *rec = json_loadb((const char *)data, size, 0, NULL);
	if (!json_is_object(rec)) {
		json_decref(rec);
		return 0;
	}
	remote_files_save(rec, dir);
	FUZZ_CHECK(!json_object_get(rec, "returned_files"));
	json_decref(rec);
	FUZZ_CHECK(only_files(open(dir, O_RDONLY | O_DIRECTORY)) == 0);
	/* empty it again for the next input */
	DIR *d = opendir(dir);
	struct dirent *de;
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.' ||
		    (de->d_name[1] && (de->d_name[1] != '.' || de->d_name[2])))
			rmtree_at(dirfd(d), de->d_name, 0);
	if (d)
		closedir(d);
	return 0;
}
