#include "markdown.h"

#include <string.h>

#include "buf.h"
#include "util.h"

#define MAX_BLOCKS 256

struct block {
	const struct lang *lang; /* from the info string; NULL if none/unknown */
	bool tagged;		 /* the info string named something */
	size_t start, end;	 /* content byte range */
};

/* If line (up to eol) opens or closes a fence, returns its length (>= 3)
 * and sets *ch to '`' or '~'; else 0. Up to three spaces of indent. */
static size_t fence_len(const char *line, const char *eol, char *ch, const char **after)
{
	const char *p = line;
	for (int i = 0; i < 3 && p < eol && *p == ' '; i++)
		p++;
	if (p >= eol || (*p != '`' && *p != '~'))
		return 0;
	char c = *p;
	const char *q = p;
	while (q < eol && *q == c)
		q++;
	if (q - p < 3)
		return 0;
	*ch = c;
	*after = q;
	return (size_t)(q - p);
}

static const struct lang *info_lang(const char *p, const char *eol, bool *tagged)
{
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	const char *w = p;
	while (p < eol && *p != ' ' && *p != '\t' && *p != '{' && *p != ',' && *p != '\r')
		p++;
	*tagged = p > w;
	if (p == w || p - w > 31)
		return NULL;
	char word[32];
	memcpy(word, w, (size_t)(p - w));
	word[p - w] = '\0';
	return lang_by_name(word);
}

static size_t find_blocks(const char *text, size_t len, struct block *blocks)
{
	size_t n = 0;
	const char *p = text, *end = text + len;
	bool in_block = false;
	char open_ch = 0;
	size_t open_len = 0;
	while (p < end && n < MAX_BLOCKS) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		char ch = 0;
		const char *after = eol;
		size_t fl = fence_len(p, eol, &ch, &after);
		if (!in_block && fl) {
			in_block = true;
			open_ch = ch;
			open_len = fl;
			blocks[n].lang = info_lang(after, eol, &blocks[n].tagged);
			blocks[n].start = (size_t)(eol - text) + (eol < end);
		} else if (in_block && fl >= open_len && ch == open_ch) {
			/* A closing fence has nothing but spaces after it. */
			const char *q = after;
			while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
				q++;
			if (q == eol) {
				blocks[n].end = (size_t)(p - text);
				n++;
				in_block = false;
			}
		}
		p = eol + 1;
	}
	if (in_block && n < MAX_BLOCKS) {
		/* A reply cut off before its closing fence: take what is there. */
		blocks[n].end = len;
		if (blocks[n].end >= blocks[n].start)
			n++;
	}
	return n;
}

char *markdown_extract(const char *text, size_t len, const struct lang *lang, unsigned block,
		       const struct lang **lang_out, size_t *code_len)
{
	static struct block blocks[MAX_BLOCKS];
	size_t n = find_blocks(text, len, blocks);
	*lang_out = NULL;
	if (n == 0) {
		error("--markdown: no fenced code block (```) found in the input");
		return NULL;
	}
	struct buf code = BUF_INIT;
	if (block) {
		if (block > n) {
			error("--block %u: the input has only %zu fenced code block%s", block, n,
			      n == 1 ? "" : "s");
			return NULL;
		}
		struct block *b = &blocks[block - 1];
		buf_append(&code, text + b->start, b->end - b->start);
		*lang_out = b->lang;
	} else {
		/* The language: -l, else the first block that names a known one.
		 * Blocks of other languages (a shell line, JSON output) are left
		 * out; with no tagged block at all, untagged blocks are taken. */
		const struct lang *want = lang;
		for (size_t i = 0; i < n && !want; i++)
			want = blocks[i].lang;
		for (size_t i = 0; i < n; i++) {
			bool take = want ? blocks[i].lang == want : !blocks[i].tagged;
			if (!take)
				continue;
			if (code.len && code.data[code.len - 1] != '\n')
				buf_puts(&code, "\n");
			buf_append(&code, text + blocks[i].start, blocks[i].end - blocks[i].start);
		}
		if (!code.data && want) {
			/* -l python, but the blocks are untagged: take those. */
			for (size_t i = 0; i < n; i++) {
				if (blocks[i].tagged)
					continue;
				if (code.len && code.data[code.len - 1] != '\n')
					buf_puts(&code, "\n");
				buf_append(&code, text + blocks[i].start,
					   blocks[i].end - blocks[i].start);
			}
		}
		if (!code.data) {
			error("--markdown: no fenced code block in %s; use -l to pick the language "
			      "or --block N to pick a block",
			      want ? want->name : "a known language");
			return NULL;
		}
		*lang_out = want;
	}
	return buf_detach(&code, code_len);
}
