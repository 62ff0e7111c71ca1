/* markdown — take the code from the fenced blocks of Markdown, as LLMs
 * write it (```python ... ```), including the forms models produce: fences
 * indented inside list items, ~~~ fences, info strings such as
 * `python:main.py`, `{.python}` or `py title="x"`, and `>>>` REPL
 * transcripts. */
#ifndef SBX_MARKDOWN_H
#define SBX_MARKDOWN_H

#include <jansson.h>
#include <stddef.h>

#include "core/lang.h"

/* Extracts code from the fences of text. lang: the wanted language, or
 * NULL to take it from the first block whose info string names a known
 * language, else from the first block whose content tells it (lang_guess).
 * *lang_out is set to the language taken (NULL if none is known). Several
 * blocks of that language are joined with newlines; block (1-based, among
 * all fenced blocks) picks one. A fence's indent is removed from its
 * lines; a `>>>` block keeps its code lines, without prompts and echoed
 * output. report (may be NULL) receives {"ran": [...], "skipped": [...]},
 * each entry {"block": N, "language": NAME or null, "info": WORD or null}.
 * Returns a malloc'd string, or NULL with a message (no block, no code of
 * the language, an empty block). */
char *markdown_extract(const char *text, size_t len, const struct lang *lang, unsigned block,
		       const struct lang **lang_out, size_t *code_len, json_t **report);

#endif
