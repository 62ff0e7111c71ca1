#include "engine/java_wrap.h"

#include "engine/engine.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "util/buf.h"
#include "util/util.h"

/* A small Java scanner: enough to find top-level members between bare
 * statements. It never needs to understand a statement, only where
 * comments, literals and brackets are. */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

/* Past whitespace and comments. */
static size_t skip_ws(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (isspace((unsigned char)s[i])) {
			i++;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
			while (i < len && s[i] != '\n')
				i++;
		} else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(s[i] == '*' && s[i + 1] == '/'); i++)
				;
			i = i + 2 < len ? i + 2 : len;
		} else {
			break;
		}
	}
	return i;
}

/* Past a string, text block or char literal starting at i. */
static size_t skip_literal(const char *s, size_t len, size_t i)
{
	char q = s[i];
	if (q == '"' && i + 2 < len && s[i + 1] == '"' && s[i + 2] == '"') {
		for (i += 3; i + 2 < len && memcmp(s + i, "\"\"\"", 3); i++)
			if (s[i] == '\\')
				i++;
		return i + 3 < len ? i + 3 : len;
	}
	for (i++; i < len && s[i] != q && s[i] != '\n'; i++)
		if (s[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

/* The next token at i (after whitespace): its start, and its length if it
 * is an identifier (0 otherwise). */
static size_t token(const char *s, size_t len, size_t i, size_t *n)
{
	i = skip_ws(s, len, i);
	*n = 0;
	while (i + *n < len && ident_char(s[i + *n]))
		(*n)++;
	return i;
}

static bool is_word(const char *s, size_t i, size_t n, const char *w)
{
	return n == strlen(w) && !memcmp(s + i, w, n);
}

/* Past the bracketed group opening at i ('(', '{', '[' or '<'). */
static size_t skip_group(const char *s, size_t len, size_t i)
{
	int depth = 0;
	char open = s[i], close = open == '(' ? ')' : open == '{' ? '}' : open == '[' ? ']' : '>';
	while (i < len) {
		size_t j = skip_ws(s, len, i);
		if (j != i) {
			i = j;
			continue;
		}
		char c = s[i];
		if (c == '"' || c == '\'') {
			i = skip_literal(s, len, i);
			continue;
		}
		if (c == open)
			depth++;
		else if (c == close && --depth == 0)
			return i + 1;
		i++;
	}
	return len;
}

/* Past a member whose body or end follows: a '{' group at bracket depth 0
 * before any '=' (a method or a type), else the ';' that ends a field. */
static size_t member_end(const char *s, size_t len, size_t i)
{
	bool assigned = false;
	while (i < len) {
		size_t j = skip_ws(s, len, i);
		if (j != i) {
			i = j;
			continue;
		}
		char c = s[i];
		if (c == '"' || c == '\'')
			i = skip_literal(s, len, i);
		else if (c == '(' || c == '[')
			i = skip_group(s, len, i);
		else if (c == '{' && !assigned)
			return skip_group(s, len, i);
		else if (c == '{')
			i = skip_group(s, len, i);
		else if (c == ';')
			return i + 1;
		else {
			if (c == '=')
				assigned = true;
			i++;
		}
	}
	return len;
}

static const char *const statement_words[] = {
    "return",	"new", "throw", "if",	"for",	 "while",   "do",
    "switch",	"try", "case",	"else", "yield", "assert",  "break",
    "continue", "var", "super", "this", "catch", "finally", NULL,
};

/* Is a top-level member (method, field, type) at i? Returns its end, 0 if
 * not; *has_static says whether it is already static. */
static size_t member_at(const char *s, size_t len, size_t i, bool *has_static)
{
	static const char *const member_mods[] = {"public",   "private", "protected", "static",
						  "abstract", "native",	 "transient", "volatile",
						  "strictfp", "sealed",	 NULL};
	bool member_mod = false;
	size_t n, j = i;
	*has_static = false;
	for (;;) {
		j = token(s, len, j, &n);
		if (j < len && s[j] == '@' && !n) {
			size_t k = token(s, len, j + 1, &n);
			if (is_word(s, k, n, "interface"))
				return member_end(s, len, k + n);
			j = k + n;
			while (j < len && (s[j] == '.' || ident_char(s[j])))
				j++;
			size_t p = skip_ws(s, len, j);
			if (p < len && s[p] == '(')
				j = skip_group(s, len, p);
			continue;
		}
		bool mod = false;
		for (size_t k = 0; member_mods[k]; k++)
			if (is_word(s, j, n, member_mods[k]))
				mod = member_mod = true;
		if (is_word(s, j, n, "static"))
			*has_static = true;
		if (!mod && (is_word(s, j, n, "final") || is_word(s, j, n, "synchronized") ||
			     is_word(s, j, n, "default")))
			mod = true;
		if (!mod)
			break;
		j += n;
	}
	if (is_word(s, j, n, "class") || is_word(s, j, n, "interface") || is_word(s, j, n, "enum"))
		return member_end(s, len, j + n);
	if (is_word(s, j, n, "record")) {
		size_t m;
		token(s, len, j + n, &m);
		if (m)
			return member_end(s, len, j + n);
	}
	if (member_mod)
		return member_end(s, len, j);
	/* A method: [<T>] Type Name ( ... ) [throws ...] { */
	if (j < len && s[j] == '<')
		j = token(s, len, skip_group(s, len, j), &n);
	if (!n)
		return 0;
	for (size_t k = 0; statement_words[k]; k++)
		if (is_word(s, j, n, statement_words[k]))
			return 0;
	j += n;
	for (;;) { /* the rest of the type: .Name, <...>, [] */
		size_t p = skip_ws(s, len, j);
		if (p < len && s[p] == '.') {
			p = token(s, len, p + 1, &n);
			if (!n)
				return 0;
			j = p + n;
		} else if (p < len && (s[p] == '<' || s[p] == '[')) {
			j = skip_group(s, len, p);
		} else {
			break;
		}
	}
	j = token(s, len, j, &n);
	if (!n)
		return 0;
	size_t p = skip_ws(s, len, j + n);
	if (p >= len || s[p] != '(')
		return 0;
	p = skip_ws(s, len, skip_group(s, len, p));
	p = token(s, len, p, &n);
	if (is_word(s, p, n, "throws"))
		while (p < len && s[p] != '{' && s[p] != ';')
			p++;
	if (p >= len || s[p] != '{')
		return 0;
	return skip_group(s, len, p);
}

/* Does the code declare a main method ("void main(")? */
static bool has_main(const char *s, size_t len)
{
	bool after_void = false;
	for (size_t i = 0; i < len;) {
		size_t j = skip_ws(s, len, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (s[i] == '"' || s[i] == '\'') {
			i = skip_literal(s, len, i);
			after_void = false;
			continue;
		}
		size_t n = 0;
		while (i + n < len && ident_char(s[i + n]))
			n++;
		if (!n) {
			after_void = false;
			i++;
			continue;
		}
		if (after_void && is_word(s, i, n, "main")) {
			size_t p = skip_ws(s, len, i + n);
			if (p < len && s[p] == '(')
				return true;
		}
		after_void = is_word(s, i, n, "void");
		i += n;
	}
	return false;
}

struct seg {
	size_t start, end;
	bool member, has_static, code; /* code: a run with statements in it */
};

#define MAX_SEGS 4096

char *java_wrap(const char *s, size_t len, size_t *out_len)
{
	if (has_main(s, len))
		return NULL;
	/* package and import lines stay in front of the class. */
	size_t n, body = 0;
	for (;;) {
		size_t j = token(s, len, body, &n);
		if (!is_word(s, j, n, "import") && !is_word(s, j, n, "package"))
			break;
		while (j < len && s[j] != ';')
			j++;
		body = j < len ? j + 1 : len;
	}

	/* Cut the rest into members and the runs of statements between them
	 * (a run keeps the blank space and comments around its statements). */
	struct seg *segs = xcalloc(MAX_SEGS, sizeof(*segs));
	size_t nsegs = 0, i = body, seg_start = body;
	int depth = 0;
	bool at_start = true, code = false;
	while (i < len) {
		size_t j = skip_ws(s, len, i);
		if (j >= len)
			break;
		i = j;
		bool has_static;
		size_t end = depth == 0 && at_start ? member_at(s, len, i, &has_static) : 0;
		if (end) {
			if (nsegs + 2 > MAX_SEGS) {
				free(segs);
				return NULL; /* absurd: leave it to javac as written */
			}
			if (i > seg_start)
				segs[nsegs++] = (struct seg){seg_start, i, false, false, code};
			segs[nsegs++] = (struct seg){i, end, true, has_static, false};
			i = seg_start = end;
			code = false;
			continue;
		}
		code = true;
		at_start = false;
		char c = s[i];
		if (c == '"' || c == '\'') {
			i = skip_literal(s, len, i);
		} else if (c == '{' || c == '(' || c == '[') {
			depth++;
			i++;
		} else if (c == '}' || c == ')' || c == ']') {
			depth--;
			i++;
			at_start = depth == 0 && c == '}';
		} else if (c == ';') {
			i++;
			at_start = depth == 0;
		} else if (ident_char(c)) {
			while (i < len && ident_char(s[i]))
				i++;
		} else {
			i++;
		}
	}
	if (len > seg_start)
		segs[nsegs++] = (struct seg){seg_start, len, false, false, code};

	int runs = 0, total = 0;
	for (size_t k = 0; k < nsegs; k++)
		total += segs[k].code;
	if (total == 0) {
		free(segs);
		return NULL; /* only declarations: nothing to wrap them for */
	}

	struct buf out = BUF_INIT;
	buf_append(&out, s, body);
	buf_puts(&out, "public class Main { ");
	for (size_t k = 0; k < nsegs; k++) {
		const struct seg *g = &segs[k];
		if (g->member && !g->has_static)
			buf_puts(&out, "static ");
		if (!g->code) {
			buf_append(&out, s + g->start, g->end - g->start);
			continue;
		}
		runs++;
		if (runs == 1)
			buf_puts(&out,
				 "public static void main(String[] args) throws Exception { ");
		else
			buf_printf(&out, "static void main$%d(String[] args) throws Exception { ",
				   runs);
		buf_append(&out, s + g->start, g->end - g->start);
		if (runs < total)
			buf_printf(&out, " main$%d(args); } ", runs + 1);
		else if (g->end == len)
			buf_puts(&out, "\n}"); /* after a last line comment */
		else
			buf_puts(&out, " } ");
	}
	free(segs);
	buf_puts(&out, "\n}\n");
	buf_cstr(&out);
	return buf_detach(&out, out_len);
}

/* The name javac wants for the file: its public top-level type, if any.
 * Skips comments, strings, text blocks and char literals; looks only at
 * brace depth 0. */
void engine_spawn_java_primary(const char *src, size_t len, char *out, size_t cap)
{
	int depth = 0;
	bool saw_public = false, want_name = false;
	snprintf(out, cap, "Main");
	for (size_t i = 0; i < len;) {
		char c = src[i];
		if (c == '/' && i + 1 < len && src[i + 1] == '/') {
			while (i < len && src[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < len && src[i + 1] == '*') {
			for (i += 2; i + 1 < len && !(src[i] == '*' && src[i + 1] == '/'); i++)
				;
			i += 2;
		} else if (c == '"' && i + 2 < len && src[i + 1] == '"' && src[i + 2] == '"') {
			for (i += 3; i + 2 < len && memcmp(src + i, "\"\"\"", 3); i++)
				if (src[i] == '\\')
					i++;
			i += 3;
		} else if (c == '"' || c == '\'') {
			for (i++; i < len && src[i] != c && src[i] != '\n'; i++)
				if (src[i] == '\\')
					i++;
			i++;
		} else if (c == '{' || c == '}' || c == ';') {
			depth += c == '{' ? 1 : c == '}' ? -1 : 0;
			saw_public = want_name = false;
			i++;
		} else if (isalpha((unsigned char)c) || c == '_' || c == '$' ||
			   (unsigned char)c >= 0x80) {
			size_t start = i;
			while (i < len && (isalnum((unsigned char)src[i]) || src[i] == '_' ||
					   src[i] == '$' || (unsigned char)src[i] >= 0x80))
				i++;
			size_t n = i - start;
			if (depth != 0)
				continue;
			if (want_name) {
				if (n + 1 <= cap) {
					memcpy(out, src + start, n);
					out[n] = '\0';
				}
				return;
			}
			if (n == 6 && !memcmp(src + start, "public", 6))
				saw_public = true;
			else if (saw_public && ((n == 5 && !memcmp(src + start, "class", 5)) ||
						(n == 9 && !memcmp(src + start, "interface", 9)) ||
						(n == 4 && !memcmp(src + start, "enum", 4)) ||
						(n == 6 && !memcmp(src + start, "record", 6))))
				want_name = true;
		} else {
			i++;
		}
	}
}

/* Line n (1-based) of s: its start, and its length in *n_out; NULL past the end. */
static const char *nth_line(const char *s, size_t len, long n, size_t *n_out)
{
	const char *p = s, *end = s + len;
	for (long i = 1; i < n && p < end; i++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	if (p >= end && n > 1)
		return NULL;
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	*n_out = (size_t)((nl ? nl : end) - p);
	if (*n_out && p[*n_out - 1] == '\r')
		(*n_out)--;
	return p;
}

/* Where the user's line sits in the wrapped one: the wrapping adds text
 * before and after a line's code, never inside it, so the line is there
 * whole; the last place, as the class's head comes first. -1: not found. */
static long user_offset(const char *w, size_t wn, const char *u, size_t un)
{
	if (un > wn)
		return -1;
	for (size_t k = wn - un + 1; k-- > 0;)
		if (!memcmp(w + k, u, un))
			return (long)k;
	return -1;
}

char *java_unwrap_diagnostics(const char *text, const char *wrapped, size_t wlen, const char *code,
			      size_t len)
{
	struct buf out = BUF_INIT;
	const char *p = text;
	long shift = -1; /* the offset of the user's line in the last quoted one */
	int expect = 0;	 /* 1: the quoted source line is next; 2: its caret line */
	const char *ul = NULL;
	size_t un = 0;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		const char *hdr = memmem(p, n, ".java:", 6);
		char *end = NULL;
		long line = hdr ? strtol(hdr + 6, &end, 10) : 0;
		if (expect == 1) {
			/* javac quotes the wrapped line: the user's instead. */
			expect = 0;
			if (ul && shift >= 0) {
				buf_append(&out, ul, un);
				expect = 2;
			} else {
				buf_append(&out, p, n);
			}
		} else if (expect == 2) {
			size_t k = 0;
			while (k < n && (p[k] == ' ' || p[k] == '\t'))
				k++;
			long col = (long)k - shift;
			if (k < n && p[k] == '^' && col >= 0) {
				buf_append(&out, p, (size_t)col);
				buf_append(&out, p + k, n - k);
			} else {
				buf_append(&out, p, n);
			}
			expect = 0;
		} else {
			buf_append(&out, p, n);
			if (hdr && end != hdr + 6 && line > 0) {
				size_t wn = 0;
				const char *wline = nth_line(wrapped, wlen, line, &wn);
				ul = wline ? nth_line(code, len, line, &un) : NULL;
				shift = ul ? user_offset(wline, wn, ul, un) : -1;
				expect = 1;
			}
		}
		if (nl)
			buf_puts(&out, "\n");
		p = nl ? nl + 1 : p + n;
	}
	return buf_detach(&out, NULL);
}
