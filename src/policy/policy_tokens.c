/* policy_tokens — the steps the policy tokenizers share (strings, numbers,
 * names, punctuators, comments) and the choice of a tokenizer by language.
 * Each language's own tokenizer is in its file. Calls libc and util only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>

#include "util/util.h"

struct tok *policy_tok_emit(struct lexer *lx, enum tok_type t, const char *s, size_t len, int line,
			    int col)
{
	struct toks *o = lx->out;
	if (o->n == o->alloc) {
		o->alloc = o->alloc ? o->alloc * 2 : 256;
		o->v = xrealloc(o->v, o->alloc * sizeof(*o->v));
	}
	struct tok *k = &o->v[o->n++];
	*k = (struct tok){s, (uint32_t)len, line, col, (unsigned char)t, false};
	return k;
}

void policy_lex_skip_line(struct lexer *lx)
{
	while (lx->p < lx->end && *lx->p != '\n')
		lx_adv(lx);
}

void policy_lex_skip_block_comment(struct lexer *lx)
{
	lx_advn(lx, 2);
	while (lx->p < lx->end && !lx_at(lx, "*/"))
		lx_adv(lx);
	lx_advn(lx, 2);
}

/* A quoted string; q is the quote. Stops at an unescaped newline too, so an
 * unterminated string cannot swallow the rest of the file. */
void policy_lex_quoted(struct lexer *lx, char q)
{
	int line = lx->line, col = lx->col;
	lx_adv(lx);
	const char *s = lx->p;
	while (lx->p < lx->end && *lx->p != q && *lx->p != '\n') {
		if (*lx->p == '\\')
			lx_adv(lx);
		lx_adv(lx);
	}
	policy_tok_emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
	if (lx->p < lx->end && *lx->p == q)
		lx_adv(lx);
}

void policy_lex_number(struct lexer *lx)
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	while (lx->p < lx->end) {
		int c = (unsigned char)*lx->p;
		if (isalnum(c) || c == '_' || c == '.')
			lx_adv(lx);
		else if ((c == '+' || c == '-') && (lx->p[-1] == 'e' || lx->p[-1] == 'E') &&
			 !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
			lx_adv(lx);
		else
			break;
	}
	policy_tok_emit(lx, T_NUMBER, s, (size_t)(lx->p - s), line, col);
}

void policy_lex_ident(struct lexer *lx, bool (*more)(int))
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	while (lx->p < lx->end && more((unsigned char)*lx->p))
		lx_adv(lx);
	policy_tok_emit(lx, T_IDENT, s, (size_t)(lx->p - s), line, col);
}

/* Longest punctuator from the list, else one byte. */
void policy_lex_punct(struct lexer *lx, const char *const *multi)
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	size_t n = 1;
	for (size_t i = 0; multi[i]; i++)
		if (lx_at(lx, multi[i]) && strlen(multi[i]) > n)
			n = strlen(multi[i]);
	lx_advn(lx, n);
	policy_tok_emit(lx, T_PUNCT, s, n, line, col);
}

void policy_tokenize(const struct lang *lang, const char *code, size_t len, struct toks *out)
{
	memset(out, 0, sizeof(*out));
	policy_lang_of(lang)->lex(code, len, out);
}
