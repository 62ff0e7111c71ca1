/* lang — the language backends (one file each: javascript.c,
 * typescript.c, python.c, r.c, java.c), each a `const struct lang_ops`
 * (core/lang.h) wiring its language's one-shot command line, build step,
 * session kernel, session refusals, syntax check and artefacts to the
 * layers below. The data of a language (names, extensions, interpreter,
 * /etc pieces, out-of-memory names) is its row in core/lang.c.
 *
 * Adding a language: a row in core/lang.c, a backend file here (and its
 * entry in backends.c), its prelude and kernel scripts, its policy
 * scanner (policy/policy_NAME.c, listed in policy/policy_langs.c), tests.
 */
#ifndef SBX_LANG_LANG_H
#define SBX_LANG_LANG_H

/* Installs every backend into the language table; main() calls it before
 * anything runs code (and every unit test that does). */
void lang_backends_install(void);

#endif
