/* sbx gc — drop what is past its retention: history records older than the
 * retention (config history.retention_days, default 30, or --retention), and
 * the leftovers of interrupted deployment writes. Each part is its own
 * function so one failing does not stop the other. */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "core/lang.h"
#include "core/config.h"
#include "state/history.h"
#include "run/runopt.h"
#include "session/session.h"
#include "util/statedir.h"
#include "state/store.h"
#include "util/util.h"
#include "sandbox/workdir.h"

enum { GO_RETENTION = RO_FIRST_FREE };

static const struct opt_spec gc_opts[] = {
    {"retention", 0, OPT_ARG, GO_RETENTION, "DAYS",
     "keep this many days of history (default: the config's, else 30; 0 keeps all)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const cmd_gc_tables[] = {common_opts, gc_opts, format_opts, NULL};

struct gc_options {
	const char *state_dir_flag;
	const char *config_flag;
	bool help;
	bool json, compact;
	int retention; /* -1: from the config */
};

static int gc_handle(void *ctx, int id, const char *arg)
{
	struct gc_options *go = ctx;
	uint64_t n;
	switch (id) {
	case RO_HELP: go->help = true; return 0;
	case RO_STATE_DIR: go->state_dir_flag = arg; return 0;
	case RO_CONFIG: go->config_flag = arg; return 0;
	case RO_JSON: go->json = true; return 0;
	case RO_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "ndjson"))
			return error("invalid --format '%s': use text, json or ndjson", arg);
		go->json = strcmp(arg, "text") != 0;
		go->compact = !strcmp(arg, "ndjson"); /* one line */
		return 0;
	case GO_RETENTION:
		if (opt_uint("--retention", arg, 0, 100000, &n) != 0)
			return -1;
		go->retention = (int)n;
		return 0;
	default: return error("internal: unhandled option %d for gc", id);
	}
}

/* History records past the retention. */
static int gc_history(const char *state_dir, int retention_days, json_t *report)
{
	uint64_t deleted = 0;
	int rc = history_gc(state_dir, retention_days, (int64_t)now_wall_ms(), &deleted);
	json_object_set_new(report, "history",
			    json_pack("{s:i,s:I,s:b}", "retention_days", retention_days, "deleted",
				      (json_int_t)deleted, "ok", rc == 0));
	return rc;
}

/* Deployment directories left half-written or half-deleted by a killed sbx
 * (state/store_remove.c owns what counts as a leftover). */
static int gc_deployments(const char *state_dir, json_t *report)
{
	struct store s;
	unsigned removed = 0;
	int rc = store_open(&s, state_dir, false); /* closes itself on failure */
	if (rc == 0) {
		if (s.dep_fd >= 0 && (rc = store_lock(&s)) == 0) {
			rc = store_clean(&s, &removed);
			store_unlock(&s);
		}
		store_close(&s);
	}
	json_object_set_new(report, "deployments",
			    json_pack("{s:I,s:b}", "removed", (json_int_t)removed, "ok", rc == 0));
	return rc;
}

/* Removes the entries of dirfd (an fd, never a path walked through links)
 * whose mtime is before cutoff: files, and directories with all below them.
 * With levels > 0 the entries are one directory further down (cache/java is
 * <version>/<entry>). Returns how many were removed. */
static unsigned prune_older(int dirfd, time_t cutoff, int levels)
{
	unsigned n = 0;
	int fd = dup(dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		struct stat st;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (levels > 0) {
			int sub = openat(dirfd, de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0) {
				n += prune_older(sub, cutoff, levels - 1);
				close(sub);
			}
			continue;
		}
		if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    st.st_mtime >= cutoff)
			continue;
		if (S_ISDIR(st.st_mode))
			workdir_rmtree_at(dirfd, de->d_name);
		else
			unlinkat(dirfd, de->d_name, 0);
		n++;
	}
	closedir(d);
	return n;
}

/* Build caches (lowered JavaScript, each compiled language's builds: Java's
 * classes, C, C++ and Go binaries) not written for longer than the
 * retention, and working directories that killed runs left behind. A cache
 * entry is rebuilt on demand, so removing one is safe. */
static void gc_caches(const char *state_dir, int retention_days, json_t *report)
{
	/* cache/js, then cache/KIND/<version>/ of every language that builds. */
	const char *kinds[LANG_COUNT + 1] = {"js"};
	int levels[LANG_COUNT + 1] = {0};
	size_t n = 1;
	for (int l = 0; l < LANG_COUNT; l++) {
		const char *kind = lang_ops(lang_get((enum lang_id)l))->build_kind;
		if (kind)
			kinds[n] = kind, levels[n++] = 1;
	}
	unsigned removed = 0;
	for (size_t i = 0; retention_days > 0 && i < n; i++) {
		char path[PATH_MAX];
		snprintf(path, sizeof(path), "%s/cache/%s", state_dir, kinds[i]);
		int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		removed += prune_older(fd, time(NULL) - (time_t)retention_days * 86400, levels[i]);
		close(fd);
	}
	char work[PATH_MAX];
	snprintf(work, sizeof(work), "%s/work", state_dir);
	workdir_sweep(work);
	json_object_set_new(report, "caches", json_pack("{s:I}", "removed", (json_int_t)removed));
}

int cmd_gc(int argc, char **argv)
{
	struct gc_options go = {.retention = -1};
	struct config cfg;
	char **operands = NULL;
	char *state_dir = NULL;
	json_t *report = json_object();
	int rc = EXIT_SBX_FAILURE;
	const struct command *self = cmd_find("gc");

	config_init(&cfg);
	int nops = opt_parse(argc, argv, "gc", self->opts, gc_handle, &go, &operands);
	if (nops < 0)
		goto out;
	if (go.help) {
		cmd_print_help(self);
		rc = 0;
		goto out;
	}
	if (nops > 0) {
		error(
		    "sbx gc takes no operands ('%s'): to remove a deployment use 'sbx delete NAME'",
		    operands[0]);
		goto out;
	}
	config_release(&cfg);
	if (config_load(go.config_flag, &cfg) != 0)
		goto out;
	int retention = go.retention >= 0 ? go.retention : config_retention_days(&cfg);
	state_dir = statedir_resolve(go.state_dir_flag, config_state_dir(&cfg));
	int failed = gc_history(state_dir, retention, report) != 0;
	failed |= gc_deployments(state_dir, report) != 0;
	gc_caches(state_dir, retention, report);
	unsigned sessions = 0;
	failed |= session_gc(state_dir, &sessions) != 0;
	json_object_set_new(report, "sessions",
			    json_pack("{s:I}", "removed", (json_int_t)sessions));
	if (go.json) {
		char *text = json_dumps(report, go.compact ? JSON_COMPACT : JSON_INDENT(2));
		if (text)
			puts(text);
		free(text);
	} else {
		json_t *h = json_object_get(report, "history");
		json_t *d = json_object_get(report, "deployments");
		long long deleted = (long long)json_integer_value(json_object_get(h, "deleted"));
		if (retention == 0)
			printf("history: kept everything (retention 0)\n");
		else
			printf("history: removed %lld record%s older than %d day%s\n", deleted,
			       deleted == 1 ? "" : "s", retention, retention == 1 ? "" : "s");
		long long caches = (long long)json_integer_value(
		    json_object_get(json_object_get(report, "caches"), "removed"));
		printf("caches: removed %lld entr%s not used for %d day%s\n", caches,
		       caches == 1 ? "y" : "ies", retention, retention == 1 ? "" : "s");
		printf("deployments: removed %lld leftover%s of interrupted writes\n",
		       (long long)json_integer_value(json_object_get(d, "removed")),
		       json_integer_value(json_object_get(d, "removed")) == 1 ? "" : "s");
		printf("sessions: removed %u expired session%s\n", sessions,
		       sessions == 1 ? "" : "s");
	}
	rc = failed ? EXIT_SBX_FAILURE : 0;
out:
	json_decref(report);
	config_release(&cfg);
	free(state_dir);
	free(operands);
	return rc;
}
