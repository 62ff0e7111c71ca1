/* returned_files — the files a run or a session execution made, sent back
 * in its answer (request key "return_files"): the child saves them in a
 * private directory of the server's (--out-dir), and the answer's record
 * gets "returned_files": [{name, size, sha256, base64}] from it, each file
 * inlined up to RETURNED_FILE_MAX bytes and all of them up to
 * RETURNED_FILES_MAX (past that: "base64" null and "left_out" saying
 * why); the server's own path of each file never leaves it. */
#ifndef SBX_RETURNED_FILES_H
#define SBX_RETURNED_FILES_H

#include <jansson.h>
#include <stdbool.h>

#define RETURNED_FILE_MAX  ((size_t)8 << 20)  /* one file, before base64 */
#define RETURNED_FILES_MAX ((size_t)16 << 20) /* all of them, before base64 */

/* body without "return_files" (a new reference: the child's or the
 * daemon's request; the files are the server's to do), and whether it
 * asked for them. */
json_t *returned_files_take(json_t *body, bool *wanted);
/* A new private directory for the child's --out-dir: its path (malloc'd),
 * or NULL after a message. */
char *returned_files_dir(void);
/* Puts "returned_files" into rec from dir (the files rec lists, as its
 * names say) and sets every "path" of rec's files to null. */
void returned_files_attach(json_t *rec, const char *dir);
/* Removes dir and what is in it, and frees it. */
void returned_files_drop(char *dir);

#endif
