/* interp — the interpreter a spawned language really runs, for the sandbox
 * root, the record, deploy and doctor: the configured command as given (a
 * virtualenv's bin/python keeps its path, so Python finds its pyvenv.cfg
 * and its packages), the directories it needs outside the default root,
 * and its version. */
#ifndef SBX_INTERP_H
#define SBX_INTERP_H

#include <stddef.h>

#include "sandbox/isolate.h"
#include "core/lang.h"

struct config;

/* Paths outside /usr, /bin and /lib* that exe needs readable: of its
 * virtualenv (the directory holding pyvenv.cfg), of the base interpreter's
 * prefix named there, and of the prefix of the binary exe leads to, the
 * bin, lib, lib64 and conf directories and pyvenv.cfg (never the whole
 * directory). Writes up to max absolute paths into out; returns how many. */
size_t interp_ro_dirs(const char *exe, char out[][256], size_t max);

/* The first line `exe flag` prints (stdout or stderr), or "" (out). */
void interp_version_probe(const char *exe, const char *flag, char *out, size_t cap);

/* The same, cached under state_dir (may be NULL: no cache) by the binary's
 * identity (path, inode, size, mtime), so a run pays the probe once per
 * interpreter install, not per run. */
void interp_version(const char *state_dir, const char *exe, const char *flag, char *out,
		    size_t cap);

#endif
