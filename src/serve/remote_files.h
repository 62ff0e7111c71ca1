/* remote_files — sbx --remote run -o DIR: the files the server returned
 * in the record (its "returned_files", returned_files.h) written into DIR
 * on this machine as a local --out-dir writes them. */
#ifndef SBX_REMOTE_FILES_H
#define SBX_REMOTE_FILES_H

#include <jansson.h>

/* Writes rec's returned files under dir (made ready before the call, as
 * out_dir_prepare does) and takes "returned_files" out of rec; each entry of
 * rec's "files" gets its local "path", or null and a "note" saying why it
 * was not written. Nothing the server says is trusted: a name is a path
 * below dir (request_file_path_problem) made one component at a time
 * without following links, a file is new (O_EXCL), its bytes must match
 * its sha256, and its size is bounded by what a server may return. */
void remote_files_save(json_t *rec, const char *dir);

#endif
