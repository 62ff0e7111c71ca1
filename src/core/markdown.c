#include "core/markdown.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/buf.h"
#include "util/util.h"

#define MAX_BLOCKS 256
#define MAX_INFO   32

struct block {
	const struct lang *lang; /* from the info string, else guessed; NULL: unknown */
	bool tagged;		 /* the info string named something */
	bool repl;		 /* a pasted transcript (>>>, $) */
	char info[MAX_INFO];	 /* the info string's language word, "" if none */
	size_t indent;		 /* the opening fence's indent, removed from each line */
	size_t start, end;	 /* content byte range */
};

/* The info words models use that are not language names or aliases. */
static const struct {
	const char *word;
	enum lang_id id;
} info_aliases[] = {
    {"pycon", LANG_PYTHON},   {"py3", LANG_PYTHON},	    {"ipython", LANG_PYTHON},
    {"python3", LANG_PYTHON}, {"cjs", LANG_JAVASCRIPT},	    {"mts", LANG_TYPESCRIPT},
    {"console", LANG_BASH},   {"shell-session", LANG_BASH}, {"shellsession", LANG_BASH},
    {"zsh", LANG_BASH},
};

/* If the line [line, eol) opens or closes a fence, returns its length
 * (>= 3), sets *ch to '`' or '~', *indent to the spaces or tabs before it
 * and *after past it; else 0. Any indent is allowed: models nest fences
 * in list items ("1. Run this:\n    ```python"), deeper than CommonMark's
 * three spaces. */
static size_t fence_len(const char *line, const char *eol, char *ch, size_t *indent,
			const char **after)
{
	const char *p = line;
	while (p < eol && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= eol || (*p != '`' && *p != '~'))
		return 0;
	char c = *p;
	const char *q = p;
	while (q < eol && *q == c)
		q++;
	if (q - p < 3)
		return 0;
	/* A backtick fence's info string has no backtick (CommonMark): a line
	 * such as ```inline``` is prose, not a fence. */
	if (c == '`' && memchr(q, '`', (size_t)(eol - q)))
		return 0;
	*ch = c;
	*indent = (size_t)(p - line);
	*after = q;
	return (size_t)(q - p);
}

/* The language word of an info string: "python", "python:main.py",
 * "{.python}", "{r setup}", "py title=\"x\"", "language-python". */
static void info_word(const char *p, const char *eol, char word[MAX_INFO])
{
	while (p < eol && (*p == ' ' || *p == '\t' || *p == '{' || *p == '.'))
		p++;
	if ((size_t)(eol - p) > 9 && !strncasecmp(p, "language-", 9))
		p += 9;
	const char *w = p;
	while (p < eol && !strchr(" \t{},:=\"'`\r}", *p))
		p++;
	/* A longer word is cut; no language name is that long, so it stays
	 * unknown but tagged. */
	size_t n = (size_t)(p - w) < MAX_INFO ? (size_t)(p - w) : MAX_INFO - 1;
	memcpy(word, w, n);
	word[n] = '\0';
}

static const struct lang *info_lang(const char *word)
{
	for (size_t i = 0; i < sizeof(info_aliases) / sizeof(info_aliases[0]); i++)
		if (!strcasecmp(word, info_aliases[i].word))
			return lang_get(info_aliases[i].id);
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
		size_t indent = 0;
		const char *after = eol;
		size_t fl = fence_len(p, eol, &ch, &indent, &after);
		if (!in_block && fl) {
			in_block = true;
			open_ch = ch;
			open_len = fl;
			struct block *b = &blocks[n];
			memset(b, 0, sizeof(*b));
			info_word(after, eol, b->info);
			b->tagged = b->info[0] != '\0';
			b->lang = b->tagged ? info_lang(b->info) : NULL;
			b->indent = indent;
			b->start = (size_t)(eol - text) + (eol < end);
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

/* Does [p, e) start with prompt, followed by a space or the line's end?
 * Sets *skip to the prompt's length and its space. */
static bool starts_prompt(const char *p, const char *e, const char *prompt, size_t *skip)
{
	size_t n = strlen(prompt);
	if ((size_t)(e - p) < n || memcmp(p, prompt, n))
		return false;
	if ((size_t)(e - p) > n && p[n] != ' ' && p[n] != '\r')
		return false;
	*skip = (size_t)(e - p) > n && p[n] == ' ' ? n + 1 : n;
	return true;
}

/* Is the line [p, e) a prompt line of lang's transcripts (lang->prompts);
 * sets *skip to the prompt's length. */
static bool prompt_line(const struct lang *lang, const char *p, const char *e, size_t *skip)
{
	for (size_t i = 0; lang && lang->prompts[i]; i++)
		if (starts_prompt(p, e, lang->prompts[i], skip))
			return true;
	return false;
}

/* Does the shell command line [p, e) go on on the next line (PS2's "> "):
 * a trailing backslash, pipe or && / ||? */
static bool shell_line_continues(const char *p, const char *e)
{
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return e > p && (e[-1] == '\\' || e[-1] == '|' || (e - p >= 2 && !memcmp(e - 2, "&&", 2)));
}

/* Appends block b's content to out: its fence's indent removed from each
 * line (up to that many spaces or tabs, as CommonMark does) and, for a
 * transcript (>>>, $), only the code after the prompts. */
static void block_text(const char *text, const struct block *b, struct buf *out)
{
	const char *p = text + b->start, *end = text + b->end;
	bool continues = false; /* the last command line goes on (a shell's "> ") */
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *e = eol ? eol : end;
		for (size_t i = 0; i < b->indent && p < e && (*p == ' ' || *p == '\t'); i++)
			p++;
		size_t skip = 0;
		if (b->repl) {
			bool more = continues && b->lang == lang_get(LANG_BASH) &&
				    starts_prompt(p, e, ">", &skip);
			if (!more && !prompt_line(b->lang, p, e, &skip)) {
				continues = false;
				p = eol ? eol + 1 : end; /* echoed output */
				continue;
			}
			p += skip;
			continues = shell_line_continues(p, e);
		}
		buf_append(out, p, (size_t)(e - p));
		if (eol)
			buf_puts(out, "\n");
		p = eol ? eol + 1 : end;
	}
}

/* An info word that says the block is a shell session's transcript
 * (```console): "$ " lines are the commands, the rest their output. */
static bool transcript_info(const char *word)
{
	static const char *const words[] = {"console", "shell-session", "shellsession"};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (!strcasecmp(word, words[i]))
			return true;
	return false;
}

/* Marks transcripts (>>>, $) and guesses the language of untagged blocks. */
static void classify(const char *text, struct block *blocks, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct block *b = &blocks[i];
		const char *p = text + b->start, *end = text + b->end;
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
			p++;
		/* A transcript: a console block, whatever its first line (its
		 * lines without a prompt are output), or a block that starts
		 * with a language's first prompt (>>> for Python, $ for a
		 * shell). */
		if (transcript_info(b->info)) {
			b->repl = true;
			b->lang = lang_get(LANG_BASH);
		}
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t skip;
		for (int l = 0; l < LANG_COUNT && !b->repl; l++) {
			const struct lang *tl = lang_get((enum lang_id)l);
			if (tl->prompts[0] && (!b->lang || b->lang == tl) &&
			    starts_prompt(p, eol ? eol : end, tl->prompts[0], &skip)) {
				b->repl = true;
				b->lang = tl;
			}
		}
		if (!b->tagged && !b->lang) {
			struct buf t = BUF_INIT;
			block_text(text, b, &t);
			b->lang = lang_guess(t.data ? t.data : "", t.len);
			buf_release(&t);
		}
	}
}

/* Is [p, e) (its indent skipped) a notebook line that is not Python: a
 * shell escape (!pip install x), a magic (%matplotlib inline, %%time), or
 * a shell command pasted as code (pip install x)? */
static bool notebook_line(const char *p, const char *e)
{
	size_t n = (size_t)(e - p);
	if (n >= 2 && p[0] == '!' && p[1] != ' ' && p[1] != '=')
		return true;
	if (n >= 2 && p[0] == '%' && (p[1] == '%' || (p[1] >= 'a' && p[1] <= 'z')))
		return true;
	static const char *const shell[] = {"pip install ",	"pip3 install ",  "pip uninstall ",
					    "conda install ",	"python -m pip ", "python3 -m pip ",
					    "apt-get install ", "apt install "};
	for (size_t i = 0; i < sizeof shell / sizeof *shell; i++)
		if (n >= strlen(shell[i]) && !memcmp(p, shell[i], strlen(shell[i])))
			return true;
	return false;
}

/* In a Python block's code (appended to out from `from`): each notebook
 * line that is not Python becomes `pass` at its indent (the lines keep
 * their numbers, a block stays a block), recorded in dropped as {"block",
 * "line", "text"}. Not Python, and sbx installs nothing: the rest of the
 * block runs as a notebook cell would after it. */
static void drop_notebook_lines(struct buf *out, size_t from, size_t block_no, json_t *dropped)
{
	if (!out->data || out->len <= from)
		return; /* an empty block: nothing to look at */
	struct buf kept = BUF_INIT;
	const char *p = out->data + from, *end = out->data + out->len;
	for (unsigned line = 1; p < end; line++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *e = eol ? eol : end, *q = p;
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		const char *t = e; /* without a \r */
		if (t > q && t[-1] == '\r')
			t--;
		if (notebook_line(q, t)) {
			json_array_append_new(dropped, json_pack("{s:I, s:I, s:s%}", "block",
								 (json_int_t)block_no, "line",
								 (json_int_t)line, "text", q,
								 (size_t)(t - q)));
			buf_append(&kept, p, (size_t)(q - p));
			buf_puts(&kept, "pass");
		} else {
			buf_append(&kept, p, (size_t)(e - p));
		}
		if (eol)
			buf_puts(&kept, "\n");
		p = eol ? eol + 1 : end;
	}
	out->len = from;
	buf_append(out, kept.data ? kept.data : "", kept.len);
	buf_release(&kept);
}

/* An info word that names a shell (```bash, ```console). */
/* Shells sbx does not run (bash, sh, zsh and transcripts run as bash). */
static bool shell_info(const char *word)
{
	static const char *const shells[] = {"powershell", "pwsh", "ps1", "cmd", "bat", "fish"};
	for (size_t i = 0; i < sizeof shells / sizeof *shells; i++)
		if (!strcasecmp(word, shells[i]))
			return true;
	return false;
}

static json_t *block_json(const struct block *b, size_t i)
{
	return json_pack("{s:I, s:s?, s:s?}", "block", (json_int_t)(i + 1), "language",
			 b->lang ? b->lang->name : NULL, "info", b->tagged ? b->info : NULL);
}

static bool blank(const struct buf *b)
{
	for (size_t i = 0; i < b->len; i++)
		if (!strchr(" \t\r\n\f\v", b->data[i]))
			return false;
	return true;
}

char *markdown_extract(const char *text, size_t len, const struct lang *lang, unsigned block,
		       const struct lang **lang_out, size_t *code_len, json_t **report)
{
	static struct block blocks[MAX_BLOCKS];
	size_t n = find_blocks(text, len, blocks);
	bool take[MAX_BLOCKS] = {false};
	*lang_out = NULL;
	if (report)
		*report = NULL;
	if (n == 0) {
		error("--markdown: no fenced code block (```) found in the input");
		return NULL;
	}
	classify(text, blocks, n);
	const struct lang *want = lang;
	if (block) {
		if (block > n) {
			error("--block %u: the input has only %zu fenced code block%s", block, n,
			      n == 1 ? "" : "s");
			return NULL;
		}
		take[block - 1] = true;
		if (!want)
			want = blocks[block - 1].lang;
	} else {
		/* The language: -l, else the first block that names a known one,
		 * else the first whose content tells it. Blocks of other
		 * languages (a shell line, JSON output) are left out, and said. */
		for (size_t i = 0; i < n && !want; i++)
			if (blocks[i].tagged)
				want = blocks[i].lang;
		for (size_t i = 0; i < n && !want; i++)
			want = blocks[i].lang;
		size_t taken = 0;
		for (size_t i = 0; i < n; i++)
			if (want && blocks[i].lang == want)
				take[i] = true, taken++;
		if (!taken && lang) {
			/* -l python, but the blocks are untagged: take those. */
			for (size_t i = 0; i < n; i++)
				if (!blocks[i].tagged)
					take[i] = true, taken++;
		}
		if (!taken) {
			const struct block *b = &blocks[0];
			if (!want && shell_info(b->info))
				error("--markdown: the reply's code is commands of a shell sbx "
				      "does not "
				      "run (block 1 is '%s'), and -l cannot make one run; it runs "
				      "%s code, without network (it installs nothing)",
				      b->info, lang_all_names());
			else if (!want && !b->tagged)
				error("--markdown: cannot tell the language of block 1 (its fence "
				      "names none and its content does not say): give -l LANG, or "
				      "tag the fence, e.g. ```python");
			else if (!want)
				error("--markdown: no block in a language sbx runs (block 1 is "
				      "'%s'): give -l LANG or --block N",
				      b->info);
			else
				error("--markdown: no fenced code block in %s; use -l to pick the "
				      "language or --block N to pick a block",
				      want->name);
			return NULL;
		}
	}
	struct buf code = BUF_INIT;
	json_t *ran = json_array(), *skipped = json_array(), *dropped = json_array();
	for (size_t i = 0; i < n; i++) {
		json_array_append_new(take[i] ? ran : skipped, block_json(&blocks[i], i));
		if (!take[i])
			continue;
		if (code.len && code.data[code.len - 1] != '\n')
			buf_puts(&code, "\n");
		size_t from = code.len;
		block_text(text, &blocks[i], &code);
		if (want && want->id == LANG_PYTHON)
			drop_notebook_lines(&code, from, i + 1, dropped);
	}
	if (blank(&code)) {
		if (block || json_array_size(ran) == 1)
			error("--markdown: code block %lld is empty: there is nothing to run",
			      (long long)json_integer_value(
				  json_object_get(json_array_get(ran, 0), "block")));
		else
			error("--markdown: the %s code blocks are empty: there is nothing to run",
			      want ? want->name : "selected");
		json_decref(ran);
		json_decref(skipped);
		json_decref(dropped);
		buf_release(&code);
		return NULL;
	}
	if (report) {
		*report = json_pack("{s:o, s:o}", "ran", ran, "skipped", skipped);
		if (json_array_size(dropped))
			json_object_set(*report, "dropped", dropped);
	} else {
		json_decref(ran), json_decref(skipped);
	}
	json_decref(dropped);
	*lang_out = want;
	return buf_detach(&code, code_len);
}
