/* python — Python's backend: python3 -I -S -B running sbx's prelude
 * (src/engine/prelude/sbx_prelude.py, compiled once into a cached .pyc)
 * which runs the code, its session kernel (python_kernel.c), and the
 * syntax check (compile() and find_spec, no module code runs).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/request.h"
#include "engine/py_prelude_cache.h"
#include "lang/lang_int.h"
#include "prelude_python.h"
#include "sandbox/workdir.h"

/* The code's file, beside the prelude (lang_ops.code_file). */
#define PYTHON_CODE_FILE "code.py"

/* Python's stdout buffering, as python3 would have it where sbx's output
 * goes (the code's stdout is always a pipe, which python3 block-buffers).
 * Text to a terminal: python3 line-buffers, so -u (every write as it
 * comes) shows the same. Text to a file or pipe: block-buffered as
 * natively, so `2>&1` gets python3's own order (stderr first, stdout at
 * exit) and, as natively, what is still buffered when the run is killed is
 * lost. JSON and NDJSON: -u, so the events stream as the program writes
 * and the record keeps what came before a timeout. */
static bool python_unbuffered(const struct request *req)
{
	return req->format != FORMAT_TEXT || isatty(STDOUT_FILENO);
}

/* sys.argv[0] and the file name in tracebacks and __file__, as python3
 * gives them: "-c" and "<string>" for -e or Markdown, "-" and "<stdin>" for
 * standard input, and for a FILE its name as given and its absolute path
 * (python3 makes it absolute by joining the working directory, and keeps
 * "." and ".." as given). */
static void python_names(const struct request *req, char *name, size_t cap, const char **argv0)
{
	const char *o = req->code_origin ? req->code_origin : "-e";
	if (req->code_from_markdown || !strcmp(o, "-e")) {
		*argv0 = "-c";
		snprintf(name, cap, "<string>");
	} else if (!strcmp(o, "-")) {
		*argv0 = "-";
		snprintf(name, cap, "<stdin>");
	} else {
		*argv0 = o;
		request_code_path(req, name, cap);
	}
}

static int python_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			     char *const *compile_cmd, uint64_t *as)
{
	(void)compile_cmd, (void)as;
	const struct request *req = s->req;
	snprintf(s->code, sizeof s->code, "%s/" WORKDIR_PRIVATE "/" PYTHON_CODE_FILE, s->wd.path);
	if (workdir_write(&s->wd, WORKDIR_PRIVATE "/" PYTHON_CODE_FILE, req->code, req->code_len) <
	    0)
		return engine_spawn_setup_failed(s->out, "cannot prepare the working directory");
	/* -I: no user site, no PYTHON* variables; -S: see the prelude;
	 * -B: no __pycache__ in the workdir; -u: see python_unbuffered. */
	engine_spawn_arg(a, "-I"), engine_spawn_arg(a, "-S"), engine_spawn_arg(a, "-B");
	if (python_unbuffered(req))
		engine_spawn_arg(a, "-u");
	/* The prelude compiled once (a .pyc run as the script), else its
	 * source (-c). */
	char *pyc = s->word[0];
	snprintf(pyc, sizeof s->word[0], "%s/" WORKDIR_PRIVATE "/" PY_PRELUDE_CODE, s->wd.path);
	if (py_prelude_cache_put(req->state_dir, s->exe, prelude_python, strlen(prelude_python),
				 &s->wd, WORKDIR_PRIVATE "/" PY_PRELUDE_CODE) == 0)
		engine_spawn_arg(a, pyc);
	else
		engine_spawn_arg(a, "-c"), engine_spawn_arg(a, prelude_python);
	engine_spawn_arg(a, s->code), engine_spawn_arg(a, inputs_arg);
	const char *argv0 = NULL;
	python_names(req, s->word[1], sizeof s->word[1], &argv0);
	engine_spawn_arg(a, argv0), engine_spawn_arg(a, s->word[1]);
	return 0;
}

/* find_spec on a top-level name locates the module without importing it
 * (no module code runs). It stays clear of the policy rules so a strict
 * config cannot block it. */
static const char checker_python[] =
    "import importlib.util as _sbx_util\n"
    "def _sbx_check(src, mods):\n"
    "    out = {'syntax': None, 'available': {}}\n"
    "    try:\n"
    "        compile(src, 'main.py', 'exec', dont_inherit=True)\n"
    "    except SyntaxError as e:\n"
    "        out['syntax'] = {'name': type(e).__name__, 'message': str(e.msg),\n"
    "                         'line': e.lineno, 'column': e.offset}\n"
    "    except ValueError as e:\n"
    "        out['syntax'] = {'name': 'ValueError', 'message': str(e),\n"
    "                         'line': None, 'column': None}\n"
    "    for m in mods:\n"
    "        try:\n"
    "            out['available'][m] = _sbx_util.find_spec(m) is not None\n"
    "        except Exception:\n"
    "            out['available'][m] = False\n"
    "    return out\n"
    "_sbx_check(inputs['code'], inputs['modules'])\n";

static const char *python_checker_name(const struct request *req)
{
	(void)req;
	return "python3 compile()";
}

const struct lang_ops lang_python = {
    .spawn_args = python_spawn_args,
    .spawn_gated = true,
    .code_file = PYTHON_CODE_FILE,
    .rich_results = true,
    .kernel_run = python_kernel_run,
    .checker_source = checker_python,
    .checker_name = python_checker_name,
    .print_result_snippet = PRINT_RESULT_ALWAYS,
};
