/* policy_int — what the policy scanners share and no other module uses
 * (they use policy.h): tokens, the lexer's state and its small inline steps,
 * the scan's state and its token lookups, and each language's tokenizer and
 * rules (policy_js.c, policy_python.c, policy_r.c, policy_java.c). Calls libc
 * and the policy headers only.
 */
#ifndef SBX_POLICY_INT_H
#define SBX_POLICY_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "policy/policy.h"

enum tok_type { T_IDENT, T_PUNCT, T_STRING, T_TEMPLATE, T_NUMBER, T_REGEX };

/* 24 bytes: the scan holds every token of the code at once, before any limit
 * of the run applies (the code size limit, SBX_MAX_CODE, keeps len in range). */
struct tok {
	const char *s; /* identifiers, punctuators; string contents without quotes */
	uint32_t len;
	int line, col;
	unsigned char type; /* enum tok_type */
	bool opens_expr;    /* a template part that ends with "${" */
};

struct toks {
	struct tok *v;
	size_t n, alloc;
};

struct lexer {
	const char *p, *end;
	int line, col;
	struct toks *out;
};

/* The lexer's steps, inline: each runs once per byte of the code. */
static inline void lx_adv(struct lexer *lx)
{
	if (lx->p >= lx->end)
		return;
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else if (((unsigned char)*lx->p & 0xC0) != 0x80) {
		lx->col++; /* columns count characters, not UTF-8 continuation bytes */
	}
	lx->p++;
}

static inline void lx_advn(struct lexer *lx, size_t n)
{
	while (n-- && lx->p < lx->end)
		lx_adv(lx);
}

static inline int lx_peek(const struct lexer *lx, size_t k)
{
	return lx->p + k < lx->end ? (unsigned char)lx->p[k] : -1;
}

static inline bool lx_at(const struct lexer *lx, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(lx->end - lx->p) >= n && !memcmp(lx->p, s, n);
}

static inline bool tok_eq(const struct tok *t, const char *s)
{
	return t && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static inline bool tok_ident(const struct tok *t, const char *s)
{
	return t && t->type == T_IDENT && tok_eq(t, s);
}

static inline bool tok_punct(const struct tok *t, const char *s)
{
	return t && t->type == T_PUNCT && tok_eq(t, s);
}

static inline bool tok_string(const struct tok *t)
{
	return t && (t->type == T_STRING || (t->type == T_TEMPLATE && !t->opens_expr));
}

/* Emits a token (grows the list). */
struct tok *policy_tok_emit(struct lexer *lx, enum tok_type t, const char *s, size_t len, int line,
			    int col);
/* Shared steps of the tokenizers (policy_tokens.c). */
void policy_lex_skip_line(struct lexer *lx);
void policy_lex_skip_block_comment(struct lexer *lx);
/* A quoted string; q is the quote. Stops at an unescaped newline too. */
void policy_lex_quoted(struct lexer *lx, char q);
void policy_lex_number(struct lexer *lx);
void policy_lex_ident(struct lexer *lx, bool (*more)(int));
/* Longest punctuator from the NULL-terminated list, else one byte. */
void policy_lex_punct(struct lexer *lx, const char *const *multi);
/* The tokens of code in lang; out is initialised here, free out->v. */
void policy_tokenize(const struct lang *lang, const char *code, size_t len, struct toks *out);

/* One language's tokenizer each. */
void policy_lex_js(const char *code, size_t len, struct toks *out);
void policy_lex_python(const char *code, size_t len, struct toks *out);
void policy_lex_r(const char *code, size_t len, struct toks *out);
void policy_lex_java(const char *code, size_t len, struct toks *out);
void policy_lex_bash(const char *code, size_t len, struct toks *out);

struct scan {
	const struct config *cfg;
	struct policy_report *rep;
	const struct toks *t;
	bool seen[CONFIG_MAX_RULES]; /* for the risk score: each rule counts once */
};

/* Reports rule_id at token at, unless the rule is off (policy.c). */
__attribute__((format(printf, 4, 5))) void policy_find(struct scan *sc, const char *rule_id,
						       const struct tok *at, const char *fmt, ...);

/* One language's rules each. */
void policy_scan_js(struct scan *sc);
void policy_scan_python(struct scan *sc);
void policy_scan_r(struct scan *sc);
void policy_scan_java(struct scan *sc);
void policy_scan_bash(struct scan *sc);
void policy_scan_c(struct scan *sc);
void policy_scan_go(struct scan *sc);

/* Adds a dependency the code names (once; bounded). policy_deps.c */
void policy_dep_add(struct policy_deps *d, const char *name, size_t n, int line, int available);

/* One language's part of the policy (policy_NAME.c): its tokenizer, its
 * rules, and the dependency the identifier at *i names (added with
 * policy_dep_add; *i moves past what it took). */
struct policy_lang {
	void (*lex)(const char *code, size_t len, struct toks *out);
	void (*scan)(struct scan *sc);
	void (*deps)(const struct scan *sc, size_t *i, struct policy_deps *d);
};
extern const struct policy_lang policy_lang_js, policy_lang_python, policy_lang_r, policy_lang_java,
    policy_lang_bash, policy_lang_c, policy_lang_go;
/* Each language's, by the language table's id (policy_langs.c). */
const struct policy_lang *policy_lang_of(const struct lang *lang);

/* Token k positions from i, or NULL past either end. */
static inline const struct tok *T(const struct scan *sc, size_t i, long k)
{
	long j = (long)i + k;
	return j >= 0 && (size_t)j < sc->t->n ? &sc->t->v[j] : NULL;
}

static inline bool after_dot(const struct scan *sc, size_t i)
{
	const struct tok *p = T(sc, i, -1);
	return tok_punct(p, ".") || tok_punct(p, "?.");
}

static inline bool one_of(const struct tok *t, const char *const *names)
{
	for (size_t i = 0; names[i]; i++)
		if (tok_ident(t, names[i]))
			return true;
	return false;
}

#endif
