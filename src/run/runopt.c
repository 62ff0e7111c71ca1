#include "run/runopt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/request_keys.h"
#include "core/config.h"
#include "core/markdown.h"
#include "policy/policy.h"
#include "run/engine_choice.h"
#include "run/file_args.h"
#include "run/out_dir.h"
#include "util/statedir.h"
#include "util/util.h"
#include "util/textout.h"

const struct opt_spec common_opts[] = {
    {"help", 'h', OPT_NOARG, RO_HELP, NULL, "show this help"},
    {"state-dir", 0, OPT_ARG, RO_STATE_DIR, "DIR", "state directory (default ~/.local/state/sbx)"},
    {"config", 0, OPT_ARG, RO_CONFIG, "FILE", "config file (default ~/.config/sbx/config.yaml)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec source_opts[] = {
    {"eval", 'e', OPT_ARG, RO_CODE, "CODE", "the code to run, instead of a FILE"},
    {"language", 'l', OPT_ARG, RO_LANG, "LANG",
     "javascript|typescript|python|java|r|bash|c|cpp|go"},
    {"markdown", 0, OPT_NOARG, RO_MARKDOWN, NULL,
     "take the code from Markdown ``` fences (a FILE named *.md implies it)"},
    {"block", 0, OPT_ARG, RO_BLOCK, "N", "with --markdown: only the Nth fenced block"},
    {"max-code", 0, OPT_ARG, RO_MAX_CODE, "SIZE",
     "largest program accepted (default 10M, at most 64M)"},
    {"policy", 0, OPT_ARG, RO_POLICY, "PROFILE",
     "default, or strict: block what the policy scan only warns about"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec format_opts[] = {
    {"format", 0, OPT_ARG, RO_FORMAT, "FMT", "text (default), json or ndjson"},
    {"json", 0, OPT_NOARG, RO_JSON, NULL, "same as --format json"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec request_opts[] = {
    {"request", 0, OPT_ARG, RO_REQUEST, "FILE|-",
     "the request as one JSON object (the keys of a batch line); flags given are its defaults"},
    {NULL, 0, 0, 0, NULL, NULL},
};

/* prepare's (run's is in run_opts): the engine it checks the code for. */
const struct opt_spec engine_opts[] = {
    {"engine", 0, OPT_ARG, RO_ENGINE, "ENGINE",
     "JavaScript/TypeScript engine: duktape or node (V8); default: duktape, or node for code "
     "that needs it (BigInt, lookbehind)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec run_opts[] = {
    {"input", 'i', OPT_ARG, RO_INPUT, "KEY=VALUE", "an input (VALUE is JSON if it parses)"},
    {"inputs", 0, OPT_ARG, RO_INPUTS, "JSON|@FILE", "inputs as a JSON object"},
    {"timeout", 't', OPT_ARG, RO_TIMEOUT, "SECONDS", "wall-clock limit (default 5)"},
    {"cpu-time", 0, OPT_ARG, RO_CPU_TIME, "SECONDS",
     "CPU time limit of the whole run, all its processes (default: the timeout)"},
    {"memory", 'm', OPT_ARG, RO_MEMORY, "SIZE", "memory limit (default 256M)"},
    {"max-output", 0, OPT_ARG, RO_MAX_OUTPUT, "SIZE", "output kept per stream (default 1M)"},
    {"file", 'f', OPT_ARG, RO_FILE, "PATH[:NAME]",
     "copy a file or a directory's tree into the working directory (NAME may be a/b.csv; "
     "on Duktape only a program's modules: .js .mjs .cjs .json .ts)"},
    {"out-dir", 'o', OPT_ARG, RO_OUT_DIR, "DIR",
     "save the files the code creates, and its figures, here (new files only; made as mkdir -p)"},
    {"out-dir-dotfiles", 0, OPT_NOARG, RO_OUT_DIR_DOTFILES, NULL,
     "with --out-dir: save dot-files and dot-directories too"},
    {"label", 0, OPT_ARG, RO_LABEL, "KEY=VALUE", "a label kept in the history"},
    {"stdin", 0, OPT_ARG, RO_STDIN, "FILE|-",
     "feed FILE (-: sbx's own stdin) to the program's stdin"},
    {"env", 0, OPT_ARG, RO_ENV, "KEY=VALUE", "set an environment variable for the program"},
    {"merge-output", 0, OPT_NOARG, RO_MERGE_OUTPUT, NULL,
     "one stream: the program's stderr goes into its stdout, in order"},
    {"require", 0, OPT_ARG, RO_REQUIRE, "LAYERS",
     "refuse to run without these: strongest, or seccomp,namespaces,landlock,cgroup"},
    {"no-history", 0, OPT_NOARG, RO_NO_HISTORY, NULL, "do not record this run in the history"},
    {"print-result", 0, OPT_ARG, RO_PRINT_RESULT, "WHEN",
     "text mode's result line: auto (not for a FILE), always or never"},
    {"engine", 0, OPT_ARG, RO_ENGINE, "ENGINE",
     "JavaScript/TypeScript engine: duktape or node (V8); default: duktape, or node for code "
     "that needs it (BigInt, lookbehind)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

void runopt_init(struct run_options *ro, struct request *req)
{
	memset(ro, 0, sizeof(*ro));
	ro->req = req;
}

static int parse_format(const char *arg, enum output_format *out)
{
	if (!strcmp(arg, "text"))
		*out = FORMAT_TEXT;
	else if (!strcmp(arg, "json"))
		*out = FORMAT_JSON;
	else if (!strcmp(arg, "ndjson"))
		*out = FORMAT_NDJSON;
	else
		return error("invalid --format '%s': use text, json or ndjson", arg);
	return 0;
}

static int parse_require(const char *arg, unsigned *out)
{
	char *copy = xstrdup(arg);
	char *save = NULL;
	int rc = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcasecmp(tok, "strongest") || !strcasecmp(tok, "max")) {
			*out |= LAYER_STRONGEST;
			continue;
		}
		unsigned i;
		for (i = 0; i < LAYER_COUNT; i++)
			if (!strcasecmp(tok, request_layer_name(i)))
				break;
		if (i == LAYER_COUNT) {
			rc =
			    error("unknown layer '%s' in --require: use strongest (every layer the "
				  "language's engine uses), or a comma-separated list of seccomp, "
				  "namespaces, landlock, cgroup, rlimits",
				  tok);
			break;
		}
		*out |= 1u << i;
	}
	free(copy);
	return rc;
}

int runopt_id_of_flag(const char *flag)
{
	const struct opt_spec *const tables[] = {common_opts,  source_opts, format_opts,
						 request_opts, engine_opts, run_opts};
	for (size_t t = 0; flag && t < sizeof tables / sizeof tables[0]; t++)
		for (const struct opt_spec *o = tables[t]; o->long_name; o++)
			if ((flag[0] == '-' && flag[1] == '-' && !strcmp(flag + 2, o->long_name)) ||
			    (flag[0] == '-' && flag[1] == o->short_name && o->short_name &&
			     !flag[2]))
				return o->id;
	return 0;
}

int runopt_handle(void *ctx, int id, const char *arg)
{
	struct run_options *ro = ctx;
	struct request *req = ro->req;
	struct limits *l = &req->limits;
	uint64_t n;
	switch (id) {
	case RO_HELP: ro->help = true; return 0;
	case RO_STATE_DIR: ro->state_dir_flag = arg; return 0;
	case RO_CONFIG: ro->config_flag = arg; return 0;
	case RO_CODE: ro->code_arg = arg; return 0;
	case RO_LANG:
		if (!lang_by_name(arg))
			return error("unknown language '%s': use one of %s", arg, lang_all_names());
		ro->lang_arg = arg;
		return 0;
	case RO_MARKDOWN: ro->markdown = true; return 0;
	case RO_BLOCK:
		if (opt_uint("--block", arg, 1, 10000, &n) != 0)
			return -1;
		ro->block = (unsigned)n;
		return 0;
	case RO_FORMAT: return parse_format(arg, &req->format);
	case RO_JSON: req->format = FORMAT_JSON; return 0;
	case RO_INPUT: return request_add_input(req, arg);
	case RO_INPUTS:
		if (!strcmp(arg, "@-")) {
			if (ro->stdin_taken)
				return error("--inputs @- and %s both read standard input: give "
					     "one of them a file",
					     ro->stdin_taken);
			ro->stdin_taken = "--inputs @-";
		}
		return request_merge_inputs(req, arg);
	/* Named as the caller gave them: a flag, or a request's key. */
	case RO_TIMEOUT: return opt_duration_ms(request_key_name("timeout"), arg, &l->timeout_ms);
	case RO_CPU_TIME: return opt_duration_ms(request_key_name("cpu_time"), arg, &l->cpu_ms);
	case RO_MEMORY:
		if (opt_size(request_key_name("memory"), arg, &l->memory_bytes) != 0)
			return -1;
		if (l->memory_bytes < (1u << 20))
			return error("%s %s is too small: use at least 1M",
				     request_key_name("memory"), arg);
		return 0;
	case RO_MAX_OUTPUT: return opt_size(request_key_name("max_output"), arg, &l->output_bytes);
	case RO_MAX_CODE:
		if (opt_size("--max-code", arg, &l->code_bytes) != 0)
			return -1;
		if (l->code_bytes > SBX_MAX_CODE)
			return error(
			    "--max-code %s is over the most sbx accepts: use at most %lluM", arg,
			    (unsigned long long)(SBX_MAX_CODE >> 20));
		return 0;
	case RO_FILE: return file_args_add(req, arg);
	case RO_OUT_DIR:
		free(req->out_dir);
		req->out_dir = xstrdup(arg);
		return 0;
	case RO_OUT_DIR_DOTFILES: req->out_dir_dotfiles = true; return 0;
	case RO_LABEL: return request_add_label(req, arg);
	case RO_STDIN:
		if (!strcmp(arg, "-")) {
			if (ro->stdin_taken)
				return error("--stdin - and %s both read standard input: give one "
					     "of them a file",
					     ro->stdin_taken);
			ro->stdin_taken = "--stdin -";
		} else if (access(arg, R_OK) != 0)
			return error("cannot read --stdin file %s: %s", arg, strerror(errno));
		free(req->stdin_path);
		req->stdin_path = xstrdup(arg);
		return 0;
	case RO_REQUIRE: return parse_require(arg, &req->require);
	case RO_NO_HISTORY: req->no_history = true; return 0;
	case RO_PRINT_RESULT:
		if (!strcmp(arg, "auto"))
			req->print_result = PRINT_RESULT_AUTO;
		else if (!strcmp(arg, "always"))
			req->print_result = PRINT_RESULT_ALWAYS;
		else if (!strcmp(arg, "never"))
			req->print_result = PRINT_RESULT_NEVER;
		else
			return error("invalid %s '%s': use auto, always or never",
				     request_key_name("print_result"), arg);
		return 0;
	case RO_MERGE_OUTPUT: req->merge_output = true; return 0;
	case RO_ENGINE:
		if (request_engine_from_name(arg, &req->engine) != 0)
			return error("invalid %s '%s': use duktape (embedded, the default) or "
				     "node (Node.js, V8)",
				     request_key_name("engine"), arg);
		return 0;
	case RO_ENV: return request_add_env(req, arg);
	case RO_REQUEST:
		if (!strcmp(arg, "-")) {
			if (ro->stdin_taken)
				return error("--request - and %s both read standard input: give "
					     "one of them a file",
					     ro->stdin_taken);
			ro->stdin_taken = "--request -";
		}
		ro->request_path = arg;
		return 0;
	case RO_POLICY: {
		enum policy_profile p;
		if (policy_profile_from_name(arg, &p) != 0)
			return error("invalid --policy '%s': use default or strict", arg);
		ro->policy_profile = (int)p + 1;
		return 0;
	}
	default:
		if (id >= RO_FIRST_FREE && ro->extra)
			return ro->extra(ro->extra_ctx, id, arg);
		return error("internal: unhandled option %d", id);
	}
}

static bool is_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n\f\v", s[i]) || !s[i])
			return false;
	return true;
}

/* Empty code is a mistake upstream (a model that produced nothing, a
 * failed command before the pipe), never a successful run of nothing. */
static int empty_code_error(const char *origin, size_t len)
{
	const char *what = len ? "contains only whitespace" : "is empty";
	if (!strcmp(origin, "-e"))
		return error("the code given with %s %s: there is nothing to run",
			     request_key_name("code"), what);
	if (!strcmp(origin, "-"))
		return error("the code on standard input %s: there is nothing to run (did the "
			     "command before the pipe fail?)",
			     what);
	return error("%s %s: there is nothing to run", origin, what);
}

/* The language of a file without -l or a #! line: its extension, else
 * (no extension at all) what its content tells. An extension sbx does not
 * know is an error, never JavaScript by default. */
static int detect_file_lang(const char *path, const char *text, size_t len, const struct lang **out)
{
	*out = lang_by_path(path);
	if (*out)
		return 0;
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	if (dot && dot != base)
		return error("cannot tell the language of %s: '%s' is not an extension sbx "
			     "knows; give -l LANG (%s)",
			     path, dot, lang_all_names());
	*out = lang_guess(text, len);
	if (*out)
		return 0;
	return error("cannot tell the language of %s (no extension, no #! line, and its "
		     "content does not say): give -l LANG (%s)",
		     path, lang_all_names());
}

/* One line on stderr naming the blocks --markdown left out, so a reply
 * with a Python block and a shell block does not silently lose one. */
static void say_skipped(json_t *report, const struct lang *lang)
{
	json_t *ran = json_object_get(report, "ran"), *skipped = json_object_get(report, "skipped");
	if (!json_array_size(skipped))
		return;
	struct buf b = BUF_INIT;
	size_t i;
	json_t *e;
	buf_puts(&b, "--markdown: ran block");
	buf_puts(&b, json_array_size(ran) > 1 ? "s" : "");
	json_array_foreach(ran, i, e)
	    buf_printf(&b, "%s %lld", i ? "," : "",
		       (long long)json_integer_value(json_object_get(e, "block")));
	buf_printf(&b, " (%s); skipped", lang->name);
	json_array_foreach(skipped, i, e)
	{
		const char *info = json_string_value(json_object_get(e, "info"));
		const char *l = json_string_value(json_object_get(e, "language"));
		buf_printf_text(&b, "%s block %lld (%s)", i ? "," : "",
				(long long)json_integer_value(json_object_get(e, "block")),
				l      ? l
				: info ? info
				       : "no language");
	}
	fprintf(stderr, "sbx: %s\n", buf_cstr(&b));
	buf_release(&b);
}

/* One line on stderr naming the notebook lines --markdown did not run
 * (!pip install x, %matplotlib inline): the rest of the block runs. */
static void say_dropped(json_t *report)
{
	json_t *dropped = json_object_get(report, "dropped");
	if (!json_array_size(dropped))
		return;
	struct buf b = BUF_INIT;
	size_t i;
	json_t *e;
	buf_puts(&b, "--markdown: not run, as notebook lines that are not Python:");
	json_array_foreach(dropped, i, e)
	{
		json_t *text = json_object_get(e, "text");
		buf_printf(&b, "%s block %lld line %lld '", i ? ";" : "",
			   (long long)json_integer_value(json_object_get(e, "block")),
			   (long long)json_integer_value(json_object_get(e, "line")));
		buf_put_escaped(&b, json_string_value(text), json_string_length(text), false);
		buf_puts(&b, "'");
	}
	buf_puts(&b, " (shell escapes and magics are not Python, and sbx installs nothing: "
		     "the sandbox has no network); the rest runs");
	fprintf(stderr, "sbx: %s\n", buf_cstr(&b));
	buf_release(&b);
}

static bool is_markdown_name(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot && strchr(dot, '/') == NULL &&
	       (!strcasecmp(dot, ".md") || !strcasecmp(dot, ".markdown"));
}

int runopt_load_code(struct run_options *ro, char **operands, int nops, bool allow_none)
{
	struct request *req = ro->req;
	struct buf code = BUF_INIT;
	const char *origin;

	/* A Markdown FILE (x.md) is read as --markdown reads it: its
	 * fenced code, not its prose. */
	if (nops == 1 && !ro->code_arg && is_markdown_name(operands[0]))
		ro->markdown = true;
	if (ro->block && !ro->markdown)
		return error(
		    "--block %u picks one of the fenced blocks of Markdown: add --markdown, "
		    "or drop --block",
		    ro->block);
	if (ro->code_arg && nops > 0)
		return error("both -e and a file (%s) were given: use one", operands[0]);
	if (nops > 1)
		return error("more than one file given (%s, %s): sbx runs one program at a time",
			     operands[0], operands[1]);
	if (ro->code_arg) {
		buf_puts(&code, ro->code_arg);
		origin = "-e";
	} else if (nops == 1 && !strcmp(operands[0], "-")) {
		if (ro->stdin_taken)
			return error(
			    "the code is read from standard input (-), so %s cannot read "
			    "it too: give the code as a FILE or with -e, or the input as a "
			    "file",
			    ro->stdin_taken);
		if (read_fd(STDIN_FILENO, SBX_MAX_CODE, &code) != 0)
			return error("cannot read the code from standard input: %s",
				     errno == EFBIG ? "over 64 MiB, the most sbx accepts"
						    : strerror(errno));
		origin = "-";
	} else if (nops == 1) {
		if (read_file(operands[0], SBX_MAX_CODE, &code) != 0)
			return error("cannot read %s: %s", operands[0],
				     errno == EFBIG ? "over 64 MiB, the most sbx accepts"
						    : strerror(errno));
		origin = operands[0];
	} else if (allow_none) {
		return 0;
	} else {
		return error("no code given: use -e CODE, a FILE, or - to read standard input");
	}

	size_t len = 0;
	char *text;
	const struct lang *lang = ro->lang_arg ? lang_by_name(ro->lang_arg) : NULL;
	json_t *report = NULL;
	if (ro->markdown) {
		const struct lang *fence_lang = NULL;
		text = markdown_extract(buf_cstr(&code), code.len, lang, ro->block, &fence_lang,
					&len, &report);
		buf_release(&code);
		if (!text)
			return -1;
		if (!lang && !fence_lang) {
			free(text);
			json_decref(report);
			return error("--markdown: cannot tell the language of block %u (its fence "
				     "names no language sbx runs and its content does not say): "
				     "give -l LANG",
				     ro->block);
		}
		if (!lang)
			lang = fence_lang;
		if (!ro->block)
			say_skipped(report, lang);
		say_dropped(report);
	} else {
		text = buf_detach(&code, &len);
		if (is_blank(text, len)) {
			free(text);
			return empty_code_error(origin, len);
		}
	}
	if (memchr(text, '\0', len)) {
		free(text);
		json_decref(report);
		return error("%s contains a NUL byte: sbx runs source text, not binaries", origin);
	}
	const struct lang *shebang = lang ? NULL : lang_by_shebang(text, len);
	if (!lang && shebang)
		lang = shebang;
	if (!lang && !ro->markdown && strcmp(origin, "-e") && strcmp(origin, "-")) {
		if (detect_file_lang(origin, text, len, &lang) != 0) {
			free(text);
			return -1;
		}
	}
	/* Standard input has no name to tell its language by: its content
	 * does, as for a FILE without an extension (`printf 'import math\n'
	 * | sbx run -` is Python); JavaScript when it does not say. */
	if (!lang && !ro->markdown && !strcmp(origin, "-"))
		lang = lang_guess(text, len);
	request_set_code(req, text, len, origin);
	req->code_from_markdown = ro->markdown;
	req->markdown = report;
	req->lang = lang ? lang : lang_get(LANG_JAVASCRIPT);
	/* A FILE prints exactly what its interpreter prints; a snippet (-e,
	 * stdin, Markdown) is a notebook cell and shows its value — which R
	 * has printed itself (its result is its last visible value). */
	if (req->print_result == PRINT_RESULT_AUTO)
		req->print_result =
		    request_code_is_file(req)
			? PRINT_RESULT_NEVER
			: (enum print_result)lang_ops(req->lang)->print_result_snippet;
	/* A "#!" line is a comment to Python and R, but a syntax error to
	 * Duktape and javac: make it a // comment, on the same line, after the
	 * hash of the code as given is taken. */
	if (len > 2 && req->code[0] == '#' && req->code[1] == '!' && !req->lang->keeps_shebang)
		memcpy(req->code, "//", 2);
	return 0;
}

void runopt_take_args(struct run_options *ro, char **operands, int *nops)
{
	if (opt_dashdash < 0 || opt_dashdash > *nops)
		return;
	for (int i = opt_dashdash; i < *nops; i++)
		request_add_arg(ro->req, operands[i]);
	*nops = opt_dashdash;
	operands[*nops] = NULL;
}

void runopt_apply_policy(const struct run_options *ro, struct config *cfg)
{
	if (ro->policy_profile)
		cfg->policy_profile = (enum policy_profile)(ro->policy_profile - 1);
}

int runopt_finish(struct run_options *ro)
{
	struct request *req = ro->req;
	/* The config file fills what the flags left unset; request_finish
	 * then applies the built-in defaults to what is still unset. */
	if (!req->config) {
		req->config = xcalloc(1, sizeof(*req->config));
		if (config_load(ro->config_flag, req->config) != 0)
			return -1;
	}
	/* The config's engine for JavaScript/TypeScript, when no flag chose;
	 * when neither did, sbx chooses by what the code needs. */
	enum engine_origin origin =
	    req->engine != JS_ENGINE_UNSET ? ENGINE_BY_REQUEST : ENGINE_BY_DEFAULT;
	if (req->engine == JS_ENGINE_UNSET && req->lang) {
		req->engine = config_engine(req->config, req->lang->id);
		if (req->engine != JS_ENGINE_UNSET)
			origin = ENGINE_BY_CONFIG;
	}
	if (engine_choose(req, ro->session_exec ? ENGINE_BY_SESSION : origin) != 0)
		return -1;
	/* Options never silently do nothing: the embedded engine has no file
	 * system and no stdin API (JavaScript gets its data as inputs). A
	 * program's own modules (-f lib.js) are the exception: a program of
	 * several files imports them (engine_duktape_modules.c; a session's
	 * kernel gets them in its frame, session_files.c). */
	if (req->lang && req->lang->engine == ENGINE_DUKTAPE && !request_uses_node(req)) {
		bool modules = req->nfiles != 0;
		for (size_t i = 0; modules && i < req->nfiles; i++)
			modules = lang_js_module_file(req->files[i].name);
		const char *opt = req->nfiles && !modules ? "--file"
				  : req->out_dir	  ? "--out-dir"
				  : req->stdin_path	  ? "--stdin"
							  : NULL;
		if (opt)
			return error("%s does not apply to %s: it runs in the embedded engine "
				     "without files or stdin (only the program's own modules, "
				     ".js, .mjs, .cjs, .json or .ts files, can be given with -f); "
				     "pass data with -i/--inputs, or run it under node with "
				     "--engine node",
				     opt, req->lang->name);
	}
	/* Before anything runs: files that could not be saved are lost. */
	if (req->out_dir && out_dir_prepare(req->out_dir) != 0)
		return -1;
	runopt_apply_policy(ro, req->config);
	config_apply(req->config, req);
	if (!config_history_enabled(req->config))
		req->no_history = true;
	free(req->state_dir);
	req->state_dir = statedir_resolve(ro->state_dir_flag, config_state_dir(req->config));
	return request_finish(req);
}
