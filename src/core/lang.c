#include "core/lang.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The one language table. Adding a language is one row here plus its
 * engine; everything else (aliases, extensions, help text, the sandbox's
 * /etc pieces and out-of-memory errors) reads this. */
/* One row per language reads as the table it is. */
/* clang-format off */
static const struct lang languages[LANG_COUNT] = {
	{LANG_JAVASCRIPT, "javascript", {"js", "node", "mjs", NULL}, {".js", ".mjs", ".cjs", NULL}, ENGINE_DUKTAPE, "node", "nodejs",
	 {NULL}, NULL, NULL, "--version", NULL, false, {NULL}},
	{LANG_TYPESCRIPT, "typescript", {"ts", NULL}, {".ts", ".mts", NULL}, ENGINE_DUKTAPE, "node", "nodejs",
	 {NULL}, NULL, NULL, "--version", NULL, false, {NULL}, false, "javascript"},
	/* python3*: Debian's sitecustomize; matplotlibrc: Debian's matplotlib refuses to import without it */
	{LANG_PYTHON, "python", {"py", "python3", NULL}, {".py", NULL}, ENGINE_SPAWN, "python3", "python3",
	 {"/etc/python3*", "/etc/matplotlibrc*", NULL}, "MemoryError", NULL, "--version", NULL, true, {">>>", "...", NULL}, true},
	/* the JDK's config: security, logging, jvm.cfg */
	{LANG_JAVA, "java", {NULL}, {".java", NULL}, ENGINE_SPAWN, "java", "default-jdk-headless",
	 {"/etc/java-*", NULL}, "java.lang.OutOfMemoryError", NULL, "-version", "javac", false, {NULL}, true},
	/* Renviron, Rprofile.site, repositories; R signals a plain simpleError:
	 * "cannot allocate vector of size ..." or "... memory block of size ..." */
	{LANG_R, "r", {"rscript", NULL}, {".r", NULL}, ENGINE_SPAWN, "Rscript", "r-base-core",
	 {"/etc/R", NULL}, NULL, "cannot allocate ", "--version", NULL, true, {NULL}, true},
	/* Shell commands: bash reads nothing of /etc without a login or an
	 * interactive shell (--noprofile --norc); a failed allocation is
	 * "xmalloc: cannot allocate", after which bash exits. */
	{LANG_BASH, "bash", {"sh", "shell", NULL}, {".sh", ".bash", NULL}, ENGINE_SPAWN, "bash", "bash",
	 {NULL}, NULL, NULL, "--version", NULL, true, {"$", NULL}, true},
	/* Compiled: the "interpreter" is the compiler (its command in the
	 * config, its version in the record); the program runs as a binary. */
	{LANG_C, "c", {NULL}, {".c", NULL}, ENGINE_SPAWN, "gcc", "gcc",
	 {NULL}, NULL, NULL, "--version", NULL, false, {NULL}, true},
	{LANG_CPP, "cpp", {"c++", "cxx", "cc", NULL}, {".cpp", ".cc", ".cxx", NULL}, ENGINE_SPAWN, "g++", "g++",
	 {NULL}, NULL, NULL, "--version", NULL, false, {NULL}, true},
	{LANG_GO, "go", {"golang", NULL}, {".go", NULL}, ENGINE_SPAWN, "go", "golang-go",
	 {NULL}, NULL, NULL, "version", NULL, false, {NULL}, true},
};
/* clang-format on */

static const struct lang_ops *backends[LANG_COUNT];

void lang_ops_install(enum lang_id id, const struct lang_ops *ops)
{
	if ((unsigned)id < LANG_COUNT)
		backends[id] = ops;
}

const struct lang_ops *lang_ops(const struct lang *l)
{
	const struct lang_ops *ops = l && (unsigned)l->id < LANG_COUNT ? backends[l->id] : NULL;
	if (!ops) {
		fprintf(stderr, "sbx: internal error: the language %s has no backend (src/lang/)\n",
			l ? l->name : "(none)");
		abort();
	}
	return ops;
}

const struct lang *lang_get(enum lang_id id)
{
	return (unsigned)id < LANG_COUNT ? &languages[id] : NULL;
}

const struct lang *lang_by_name(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < LANG_COUNT; i++) {
		const struct lang *l = &languages[i];
		if (!strcasecmp(name, l->name))
			return l;
		for (size_t a = 0; l->aliases[a]; a++)
			if (!strcasecmp(name, l->aliases[a]))
				return l;
	}
	return NULL;
}

const struct lang *lang_by_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash : path, '.');
	if (!dot)
		return NULL;
	for (size_t i = 0; i < LANG_COUNT; i++)
		for (size_t e = 0; languages[i].extensions[e]; e++)
			if (!strcasecmp(dot, languages[i].extensions[e]))
				return &languages[i];
	return NULL;
}

/* "javascript (js, node, mjs), ..., go (golang)", from the table, once
 * (pthread_once: serve's connection threads may ask first). */
static char all_names[512];

static void make_all_names(void)
{
	size_t n = 0, cap = sizeof all_names;
	for (size_t i = 0; i < LANG_COUNT && n < cap; i++) {
		const struct lang *l = &languages[i];
		n += (size_t)snprintf(all_names + n, cap - n, "%s%s", i ? ", " : "", l->name);
		for (size_t a = 0; l->aliases[a] && n < cap; a++)
			n += (size_t)snprintf(all_names + n, cap - n, "%s%s", a ? ", " : " (",
					      l->aliases[a]);
		if (l->aliases[0] && n < cap)
			n += (size_t)snprintf(all_names + n, cap - n, ")");
	}
}

const char *lang_all_names(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, make_all_names);
	return all_names;
}

static char warm_names[128];

static void make_warm_names(void)
{
	size_t n = 0, count = 0, seen = 0;
	for (size_t i = 0; i < LANG_COUNT; i++)
		count += languages[i].warm_start;
	for (size_t i = 0; i < LANG_COUNT && n < sizeof warm_names; i++)
		if (languages[i].warm_start)
			n += (size_t)snprintf(warm_names + n, sizeof warm_names - n, "%s%s",
					      !seen++	      ? ""
					      : seen == count ? " and "
							      : ", ",
					      languages[i].name);
}

const char *lang_warm_start_names(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, make_warm_names);
	return warm_names;
}

/* The interpreter names a "#!" line may carry, beyond the aliases above. */
static const struct {
	const char *name;
	enum lang_id id;
} shebang_names[] = {
    {"python", LANG_PYTHON},   {"python3", LANG_PYTHON},
    {"node", LANG_JAVASCRIPT}, {"nodejs", LANG_JAVASCRIPT},
    {"bun", LANG_JAVASCRIPT},  {"ts-node", LANG_TYPESCRIPT},
    {"tsx", LANG_TYPESCRIPT},  {"deno", LANG_TYPESCRIPT},
    {"Rscript", LANG_R},       {"R", LANG_R},
    {"java", LANG_JAVA},       {"dash", LANG_BASH},
    {"ash", LANG_BASH},
};

const struct lang *lang_by_shebang(const char *code, size_t len)
{
	if (len < 3 || code[0] != '#' || code[1] != '!')
		return NULL;
	const char *p = code + 2, *end = code + len;
	const char *eol = memchr(p, '\n', (size_t)(end - p));
	if (eol)
		end = eol;
	/* Up to three words: "/usr/bin/env -S python3 -u" names python3. */
	for (int word = 0; word < 4; word++) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		const char *w = p;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		if (p == w)
			return NULL;
		const char *base = w;
		for (const char *q = w; q < p; q++)
			if (*q == '/')
				base = q + 1;
		size_t n = (size_t)(p - base);
		if (*base == '-' || (n == 3 && !memcmp(base, "env", 3)))
			continue; /* env and its options: the interpreter follows */
		/* python3.12 is python3: drop a trailing version. */
		while (n > 0 && ((base[n - 1] >= '0' && base[n - 1] <= '9') || base[n - 1] == '.'))
			n--;
		if (n == 0 || n > 15)
			return NULL;
		char name[16];
		memcpy(name, base, n);
		name[n] = '\0';
		for (size_t i = 0; i < sizeof(shebang_names) / sizeof(shebang_names[0]); i++)
			if (!strcmp(name, shebang_names[i].name))
				return &languages[shebang_names[i].id];
		return lang_by_name(name);
	}
	return NULL;
}

/* Does the line [p, end) start with word (after trimming)? */
static bool starts(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && !memcmp(p, word, n);
}

static bool has(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);
	for (; (size_t)(end - p) >= n; p++)
		if (*p == *needle && !memcmp(p, needle, n))
			return true;
	return false;
}

/* Tell-tale constructs, scored per line. Each language has some that no
 * other of the five shares (def ...:, const/=>, <-, System.out); a plain
 * `x = 1` or `print(x)` says little, and the guess then stays NULL unless
 * one language clearly leads. Hand-written: no library classifies code
 * snippets this small without a model. */
const struct lang *lang_guess(const char *code, size_t len)
{
	int score[LANG_COUNT] = {0};
	const char *p = code, *end = code + len;
	for (int lines = 0; p < end && lines < 400; lines++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *e = eol ? eol : end;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		const char *t = e; /* trimmed end */
		while (t > p && (t[-1] == ' ' || t[-1] == '\t' || t[-1] == '\r'))
			t--;
		bool colon_end = t > p && t[-1] == ':';
		bool semi_end = t > p && t[-1] == ';';
		/* Python */
		if (starts(p, t, "def ") && colon_end)
			score[LANG_PYTHON] += 4;
		if (starts(p, t, "from ") && has(p, t, " import "))
			score[LANG_PYTHON] += 4;
		if (starts(p, t, "import ") && !semi_end && !has(p, t, " from ") &&
		    !has(p, t, "java."))
			score[LANG_PYTHON] += 2;
		if (colon_end &&
		    (starts(p, t, "if ") || starts(p, t, "for ") || starts(p, t, "while ") ||
		     starts(p, t, "elif ") || starts(p, t, "else:") || starts(p, t, "try:") ||
		     starts(p, t, "except") || starts(p, t, "with ") || starts(p, t, "class ")))
			score[LANG_PYTHON] += 3;
		if (starts(p, t, "print(") && !semi_end)
			score[LANG_PYTHON] += 1;
		if (starts(p, t, ">>> ") || has(p, t, "self.") || has(p, t, "f\"") ||
		    has(p, t, " None") || starts(p, t, "elif "))
			score[LANG_PYTHON] += 2;
		/* JavaScript */
		if (starts(p, t, "const ") || starts(p, t, "let ") || starts(p, t, "var "))
			score[LANG_JAVASCRIPT] += 3;
		if (starts(p, t, "function ") || has(p, t, "=>") || has(p, t, "console.") ||
		    has(p, t, "===") || has(p, t, "require(") || starts(p, t, "export ") ||
		    (starts(p, t, "import ") && has(p, t, " from ")))
			score[LANG_JAVASCRIPT] += 3;
		if (semi_end)
			score[LANG_JAVASCRIPT] += 1;
		/* TypeScript: JavaScript plus types. */
		if (starts(p, t, "interface ") || starts(p, t, "type ") || has(p, t, ": number") ||
		    has(p, t, ": string") || has(p, t, ": boolean"))
			score[LANG_TYPESCRIPT] += 3;
		/* Java */
		if (has(p, t, "public static void main") || has(p, t, "System.out.") ||
		    starts(p, t, "import java.") || starts(p, t, "public class ") ||
		    has(p, t, "String[]"))
			score[LANG_JAVA] += 5;
		/* R */
		if (has(p, t, " <- ") || has(p, t, "library(") || has(p, t, "data.frame(") ||
		    has(p, t, "paste0(") || has(p, t, "sapply(") || has(p, t, "lapply(") ||
		    starts(p, t, "cat("))
			score[LANG_R] += 4;
		p = eol ? eol + 1 : end;
	}
	/* Java statements end in ';' too; types make TypeScript. */
	if (score[LANG_JAVA] > 0)
		score[LANG_JAVASCRIPT] = 0;
	if (score[LANG_TYPESCRIPT] > 0 && score[LANG_PYTHON] == 0)
		score[LANG_TYPESCRIPT] += score[LANG_JAVASCRIPT];
	else
		score[LANG_TYPESCRIPT] = 0;
	int best = -1, best_score = 0, second = 0;
	for (int i = 0; i < LANG_COUNT; i++) {
		if (score[i] > best_score) {
			second = best_score;
			best_score = score[i];
			best = i;
		} else if (score[i] > second) {
			second = score[i];
		}
	}
	if (best == LANG_TYPESCRIPT && second == score[LANG_JAVASCRIPT])
		second = 0; /* TypeScript's score includes JavaScript's */
	if (best < 0 || best_score <= second)
		return NULL;
	return &languages[best];
}

bool lang_js_module_file(const char *name)
{
	const char *dot = strrchr(name, '.');
	return dot && (!strcmp(dot, ".js") || !strcmp(dot, ".mjs") || !strcmp(dot, ".cjs") ||
		       !strcmp(dot, ".json") || !strcmp(dot, ".ts"));
}

bool lang_runs_files_of(const struct lang *l, const struct lang *of)
{
	return l == of || (l && of && l->runs_files_of && !strcmp(l->runs_files_of, of->name));
}
