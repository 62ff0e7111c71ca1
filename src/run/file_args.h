/* file_args — --file PATH[:NAME] checked where it is given: a path that is
 * not there is the caller's mistake (an sbx_error that names it, before
 * anything runs), and a directory brings its whole tree. */
#ifndef SBX_FILE_ARGS_H
#define SBX_FILE_ARGS_H

#include "core/request.h"

/* Files one --file may bring from a directory: past it, the --file is
 * refused (the files limit bounds their bytes). */
#define FILE_ARGS_MAX_FILES 10000

/* Adds spec's file to req, or every regular file below spec's directory
 * (NAME/rel for each, NAME the directory's name unless given; links and
 * devices are skipped with a warning, never followed). Returns 0, or -1
 * after a message naming the path and the fix. */
int file_args_add(struct request *req, const char *spec);

#endif
