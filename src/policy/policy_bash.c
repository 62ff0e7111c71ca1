/* policy_bash — shell commands for the policy: a tokenizer of words,
 * quoted strings and comments, and the sh.* rules, which look at the
 * command words (the first word of a command, after a pipe, ;, &&, ||,
 * a subshell or $( ), or after sudo/env/exec/xargs). Running other
 * programs is what a shell is for, so only reaching the network and
 * asking for privileges are findings. Calls libc and the shared policy
 * tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>

/* A word runs to a space, a quote or an operator: /dev/tcp/host/80 and
 * --output=x are one word each. */
static bool sh_word_char(int c)
{
	return c > ' ' && !strchr("\"'`;&|()<>{}$#", c);
}

static const char *const sh_puncts[] = {"&&", "||", ";;", "$(", ">>", "<<", "|&", NULL};

void policy_lex_bash(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	bool line_start = true; /* a # starts a comment only at a word's start */
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c)) {
			lx_adv(&lx);
			line_start = true;
			continue;
		}
		if (c == '#' && line_start) {
			policy_lex_skip_line(&lx);
		} else if (c == '\'') {
			/* No escapes inside single quotes. */
			int line = lx.line, col = lx.col;
			lx_adv(&lx);
			const char *s = lx.p;
			while (lx.p < lx.end && *lx.p != '\'')
				lx_adv(&lx);
			policy_tok_emit(&lx, T_STRING, s, (size_t)(lx.p - s), line, col);
			lx_adv(&lx);
		} else if (c == '"') {
			policy_lex_quoted(&lx, '"');
		} else if (sh_word_char(c)) {
			policy_lex_ident(&lx, sh_word_char);
		} else {
			policy_lex_punct(&lx, sh_puncts);
		}
		line_start = false;
	}
}

/* Does the token at i start a command? */
static bool command_word(const struct scan *sc, size_t i)
{
	static const char *const before[] = {
	    "|",    "||",  "&&",   ";",	    "&",     "(",    "$(",   "`",  "{",	   "|&",
	    "sudo", "env", "exec", "xargs", "nohup", "time", "then", "do", "else", NULL};
	const struct tok *prev = T(sc, i, -1);
	if (!prev)
		return true;
	if (prev->line != sc->t->v[i].line)
		return !tok_punct(prev, "\\"); /* a new line, not a continued one */
	return one_of(prev, before);
}

/* A word's last path component: /usr/bin/curl is curl. */
static bool base_is(const struct tok *t, const char *const *names)
{
	const char *b = t->s;
	for (uint32_t k = 0; k < t->len; k++)
		if (t->s[k] == '/')
			b = t->s + k + 1;
	size_t n = (size_t)(t->s + t->len - b);
	for (size_t j = 0; names[j]; j++)
		if (strlen(names[j]) == n && !memcmp(b, names[j], n))
			return true;
	return false;
}

void policy_scan_bash(struct scan *sc)
{
	static const char *const net[] = {"curl", "wget", "nc",	      "ncat",  "netcat", "socat",
					  "ssh",  "scp",  "sftp",     "rsync", "telnet", "ftp",
					  "ping", "dig",  "nslookup", NULL};
	static const char *const priv[] = {"sudo",    "su",	 "doas",  "pkexec", "chroot",
					   "nsenter", "unshare", "mount", NULL};
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i];
		if (t->type != T_IDENT && t->type != T_STRING)
			continue;
		/* bash's own network redirections: > /dev/tcp/host/port */
		if (t->len >= 9 &&
		    (!memcmp(t->s, "/dev/tcp/", 9) || !memcmp(t->s, "/dev/udp/", 9))) {
			policy_find(sc, "sh.network", t, "%.*s opens a network connection",
				    (int)(t->len > 60 ? 60 : t->len), t->s);
			continue;
		}
		if (t->type != T_IDENT || !command_word(sc, i))
			continue;
		if (base_is(t, net))
			policy_find(sc, "sh.network", t, "%.*s reaches the network", (int)t->len,
				    t->s);
		else if (base_is(t, priv))
			policy_find(sc, "sh.privilege", t, "%.*s asks for privileges", (int)t->len,
				    t->s);
	}
}

/* What a shell script depends on is programs, not modules: none listed. */
static void deps_bash(const struct scan *sc, size_t *i, struct policy_deps *d)
{
	(void)sc, (void)i, (void)d;
}

const struct policy_lang policy_lang_bash = {policy_lex_bash, policy_scan_bash, deps_bash};
