/* file_types — a file's Content-Type by its extension, for the files of a
 * session's workspace (the HTTP route's Content-Type, MCP's text or image
 * content). May call: libc. */
#include "core/file_types.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

const char *file_content_type(const char *path)
{
	static const char *const types[][2] = {
	    {"txt", "text/plain; charset=utf-8"},
	    {"md", "text/markdown; charset=utf-8"},
	    {"py", "text/plain; charset=utf-8"},
	    {"r", "text/plain; charset=utf-8"},
	    {"js", "text/plain; charset=utf-8"},
	    {"ts", "text/plain; charset=utf-8"},
	    {"sh", "text/plain; charset=utf-8"},
	    {"java", "text/plain; charset=utf-8"},
	    {"c", "text/plain; charset=utf-8"},
	    {"go", "text/plain; charset=utf-8"},
	    {"log", "text/plain; charset=utf-8"},
	    {"csv", "text/csv; charset=utf-8"},
	    {"tsv", "text/tab-separated-values; charset=utf-8"},
	    {"json", "application/json"},
	    {"html", "text/html; charset=utf-8"},
	    {"xml", "application/xml"},
	    {"yaml", "application/yaml"},
	    {"yml", "application/yaml"},
	    {"png", "image/png"},
	    {"jpg", "image/jpeg"},
	    {"jpeg", "image/jpeg"},
	    {"gif", "image/gif"},
	    {"webp", "image/webp"},
	    {"svg", "image/svg+xml"},
	    {"pdf", "application/pdf"},
	    {"zip", "application/zip"},
	    {"gz", "application/gzip"},
	};
	const char *base = strrchr(path, '/');
	const char *dot = strrchr(base ? base + 1 : path, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (!strcasecmp(dot + 1, types[i][0]))
			return types[i][1];
	return "application/octet-stream";
}
