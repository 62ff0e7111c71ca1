/* out_dir — --out-dir made ready before anything runs: created with its
 * missing parents (as mkdir -p), or refused when it, or a parent of it, is
 * there and is not a directory, or cannot be written. A run whose files
 * could not be saved would otherwise end well and save nothing. */
#ifndef SBX_OUT_DIR_H
#define SBX_OUT_DIR_H

/* Returns 0, or -1 after a message that names the path and the fix. */
int out_dir_prepare(const char *path);

#endif
