/* java_wrap — Java as language models write it: statements with no class.
 *
 * Code without a `static void main(` method is wrapped in
 *
 *     public class Main { ... public static void main(String[] args)
 *         throws Exception { STATEMENTS } }
 *
 * Leading package/import lines stay first; top-level methods, fields and
 * types become static members of Main; the statements become main's body.
 * Nothing moves to another line, so javac's and the JVM's line numbers are
 * the user's. Statement runs separated by a member become main and then
 * main$2, main$3..., called in order (their local variables do not cross a
 * member: rare, and then javac says so).
 */
#ifndef SBX_JAVA_WRAP_H
#define SBX_JAVA_WRAP_H

#include <stddef.h>

/* Part of the compiled-classes cache key: change it with the wrapping. */
#define JAVA_WRAP_VERSION "wrap-1"

/* The wrapped source (malloc'd, NUL-terminated, length in *out_len), or
 * NULL when the code has a main method of its own and runs as written. */
char *java_wrap(const char *src, size_t len, size_t *out_len);
/* javac's output for the wrapped source, as it would be for the code as
 * written: each quoted source line is the user's, its caret at the user's
 * column (the wrapping only adds text around a line's code). A malloc'd
 * string. */
char *java_unwrap_diagnostics(const char *text, const char *wrapped, size_t wlen, const char *code,
			      size_t len);

#endif
