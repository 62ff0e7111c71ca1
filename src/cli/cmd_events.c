/* sbx events — the live events of every execution on this state directory.
 *
 * Without --follow: the events kept (STATE/events.log.1 and events.log,
 * at most ~16 MiB), filtered. With --follow: from now on (or from --since)
 * and then as they happen, until interrupted. Text is one line per event
 * (render_events.h); --json and --format ndjson print the events as they
 * are stored, one JSON object per line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "core/config.h"
#include "core/lang.h"
#include "render/render_events.h"
#include "run/runopt.h"
#include "session/session.h"
#include "state/events_log.h"
#include "state/history.h"
#include "state/store.h"
#include "util/jsonout.h"
#include "util/statedir.h"
#include "util/util.h"

#define EVENTS_MAX_LABELS 16

enum {
	EO_FOLLOW = RO_FIRST_FREE,
	EO_LABEL,
	EO_DEPLOYMENT,
	EO_SESSION,
	EO_LANGUAGE,
	EO_SINCE,
};

static const struct opt_spec events_opts[] = {
    {"follow", 0, OPT_NOARG, EO_FOLLOW, NULL, "wait for new events and print them as they happen"},
    {"label", 0, OPT_ARG, EO_LABEL, "KEY=VALUE",
     "only events of runs with this label (repeatable, all must match)"},
    {"deployment", 0, OPT_ARG, EO_DEPLOYMENT, "NAME", "only events of this deployment's runs"},
    {"session", 0, OPT_ARG, EO_SESSION, "ID|NAME", "only events of this session's executions"},
    {"language", 'l', OPT_ARG, EO_LANGUAGE, "LANG", "only events of runs in this language"},
    {"since", 0, OPT_ARG, EO_SINCE, "WHEN",
     "from WHEN: 10m, 2h, 1d ago, or 2026-11-01[T12:00:00Z] (with --follow: the past too)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const events_tables[] = {common_opts, events_opts, format_opts, NULL};

struct events_options {
	const char *state_dir_flag, *config_flag, *since_arg;
	bool help, follow, json;
	struct events_filter f;
	struct label labels[EVENTS_MAX_LABELS];
};

/* KEY=VALUE for --label (shared with sbx --remote events through the
 * same table: the server checks it again). */
static int add_label(struct events_options *eo, const char *arg)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg)
		return error("invalid --label '%s': use KEY=VALUE, e.g. --label team=search", arg);
	if (eo->f.nlabels == EVENTS_MAX_LABELS)
		return error("too many --label filters: at most %d", EVENTS_MAX_LABELS);
	eo->f.labels = eo->labels;
	struct label *l = &eo->labels[eo->f.nlabels++];
	l->key = xstrndup(arg, (size_t)(eq - arg));
	l->value = xstrdup(eq + 1);
	return 0;
}

static int events_handle(void *ctx, int id, const char *arg)
{
	struct events_options *eo = ctx;
	const struct lang *lang;
	switch (id) {
	case RO_HELP: eo->help = true; return 0;
	case RO_STATE_DIR: eo->state_dir_flag = arg; return 0;
	case RO_CONFIG: eo->config_flag = arg; return 0;
	case RO_JSON: eo->json = true; return 0;
	case RO_FORMAT:
		if (!strcmp(arg, "text") || !strcmp(arg, "json") || !strcmp(arg, "ndjson")) {
			eo->json = strcmp(arg, "text") != 0;
			return 0;
		}
		return error("invalid --format '%s': use text, json or ndjson", arg);
	case EO_FOLLOW: eo->follow = true; return 0;
	case EO_LABEL: return add_label(eo, arg);
	case EO_DEPLOYMENT:
		if (store_check_name(arg) != 0)
			return -1;
		eo->f.deployment = arg;
		return 0;
	case EO_SESSION: eo->f.session = arg; return 0;
	case EO_LANGUAGE:
		lang = lang_by_name(arg);
		if (!lang)
			return error("unknown language '%s': use one of %s", arg, lang_all_names());
		eo->f.language = lang->name;
		return 0;
	case EO_SINCE: eo->since_arg = arg; return 0;
	default: return error("internal: unhandled option %d for events", id);
	}
}

/* One event as asked; -1 when stdout is gone (the reader went away). */
static int print_event(json_t *ev, bool json)
{
	struct buf b = BUF_INIT;
	if (json) {
		jsonout_append(&b, ev);
		buf_append(&b, "\n", 1);
	} else {
		render_event_line(&b, ev);
	}
	int rc = write_all(STDOUT_FILENO, b.data, b.len);
	buf_release(&b);
	return rc;
}

static int stream(const char *state_dir, struct events_options *eo)
{
	bool past = !eo->follow || eo->since_arg;
	struct events_reader *r = events_reader_open(state_dir, past, eo->follow, 0);
	if (!r)
		return EXIT_SBX_FAILURE;
	int rc = 0;
	for (;;) {
		json_t *ev = NULL;
		enum events_next n = events_reader_next(r, &eo->f, NULL, 0, -1, &ev);
		if (n == EVENTS_END)
			break;
		if (n == EVENTS_ERROR) {
			rc = EXIT_SBX_FAILURE;
			break;
		}
		if (n == EVENTS_LAGGED) {
			char ts[32];
			history_format_time((int64_t)now_wall_ms(), ts);
			ev = json_pack("{s:s, s:s}", "event", "lagged", "ts", ts);
		}
		if (!ev)
			continue;
		int w = print_event(ev, eo->json);
		json_decref(ev);
		if (w != 0)
			break; /* nobody reads any more: not a failure of the events */
	}
	events_reader_free(r);
	return rc;
}

int cmd_events(int argc, char **argv)
{
	struct events_options eo = {0};
	char **operands = NULL;
	char *state_dir = NULL;
	int rc = EXIT_SBX_FAILURE;
	int nops = cmd_parse("events", argc, argv, events_handle, &eo, &eo.help, &operands);
	if (nops == CMD_HELP_SHOWN) {
		rc = 0;
		goto out;
	}
	if (nops < 0)
		goto out;
	if (nops > 0) {
		error("sbx events takes no operands ('%s'): filter with --label, --deployment, "
		      "--session, --language or --since",
		      operands[0]);
		goto out;
	}
	if (eo.since_arg) {
		int64_t since;
		if (history_parse_time("--since", eo.since_arg, (int64_t)now_wall_ms(), false,
				       &since) != 0)
			goto out;
		history_format_time(since, eo.f.since);
	}
	struct config cfg;
	if (config_load(eo.config_flag, &cfg) != 0) {
		config_release(&cfg);
		goto out;
	}
	state_dir = statedir_resolve(eo.state_dir_flag, config_state_dir(&cfg));
	config_release(&cfg);
	/* A session by name, as every session command takes it; an id as it
	 * is (a deleted session's events are still in the log). */
	char sid[SESSION_ID_LEN + 1];
	if (eo.f.session && !session_id_ok(eo.f.session)) {
		if (session_resolve(state_dir, eo.f.session, sid) != 0)
			goto out;
		eo.f.session = sid;
	}
	/* Following an empty state directory waits for its first run. */
	if (eo.follow && statedir_ensure(state_dir) != 0)
		goto out;
	rc = stream(state_dir, &eo);
out:
	free(state_dir);
	for (size_t i = 0; i < eo.f.nlabels; i++) {
		free(eo.labels[i].key);
		free(eo.labels[i].value);
	}
	free(operands);
	return rc;
}
