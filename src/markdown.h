/* markdown — take the code from the fenced blocks of Markdown, as LLMs
 * write it (```python ... ```). */
#ifndef SBX_MARKDOWN_H
#define SBX_MARKDOWN_H

#include <stddef.h>

#include "lang.h"

/* Extracts code from the fences of text. lang: the wanted language, or
 * NULL to take it from the first block's info string (then *lang_out is
 * set; it stays NULL if the info string names no known language). Several
 * blocks of that language are joined with newlines; block (1-based, among
 * all fenced blocks) picks one. Returns a malloc'd string, or NULL with a
 * message. */
char *markdown_extract(const char *text, size_t len, const struct lang *lang, unsigned block,
		       const struct lang **lang_out, size_t *code_len);

#endif
