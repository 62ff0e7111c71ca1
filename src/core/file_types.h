/* file_types — a file's Content-Type by its extension. */
#ifndef SBX_FILE_TYPES_H
#define SBX_FILE_TYPES_H

/* "image/png", "text/csv; charset=utf-8", ...; application/octet-stream
 * for an extension it does not know. */
const char *file_content_type(const char *path);

#endif
