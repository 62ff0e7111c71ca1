/* py_prelude_cache — the Python prelude as a code object (issue 33).
 *
 * Compiling the prelude's source was most of what it cost every run (~3
 * ms of a ~15 ms run). sbx has the interpreter compile it once (python3 -I
 * -S, outside the sandbox, as it asks the interpreter's --version: nothing
 * but our own code runs) and keeps the marshalled code object in
 * STATE_DIR/cache/python-prelude/, named by the interpreter's identity
 * (its real path, device, inode, size and mtime: marshal's format is the
 * version's own) and the prelude's hash. A run gets a copy in its private
 * directory, beside code.py, and python3 runs that file instead of -c.
 * Any failure (no state directory, a read-only one, an interpreter that
 * will not compile it) means the run gets the source as before. */
#ifndef SBX_PY_PRELUDE_CACHE_H
#define SBX_PY_PRELUDE_CACHE_H

#include <stddef.h>

#include "sandbox/workdir.h"

/* The name of the copy in the run's private directory, beside code.py:
 * a .pyc file (magic number, then the marshalled code), which python3
 * runs as its script, at the bottom of the stack as -c runs its string. */
#define PY_PRELUDE_CODE "prelude.pyc"

/* Writes the code object of prelude (len bytes of source) for the
 * interpreter exe into the work directory as REL (a path below it, e.g.
 * ".sbx/prelude.pyc"), from the cache or compiled now and cached. Returns
 * 0 when the run can start python3 with the file, -1 when it must use -c
 * and the source. */
int py_prelude_cache_put(const char *state_dir, const char *exe, const char *prelude, size_t len,
			 struct workdir *wd, const char *rel);

#endif
