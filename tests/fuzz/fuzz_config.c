/* fuzz_config — the YAML config file through config_load_string.
 *
 * Besides crashes and leaks (a failed load must free what it had parsed),
 * it checks what a successful load promises: the limits are in range and
 * accepted by request_finish, commands are non-empty word lists, the state
 * directory is absolute. */
#include "core/config.h"
#include "fuzz.h"
#include "core/request.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* state_dir: ~/... expands $HOME; make it the same on every machine. */
	setenv("HOME", "/home/fuzz", 1);
	return 0;
}

static void check_loaded(const struct config *cfg)
{
	const struct limits *l = &cfg->limits;
	uint64_t max = l->max_timeout_ms ? l->max_timeout_ms : SBX_MAX_TIMEOUT_MS;
	FUZZ_CHECK(l->timeout_ms <= max);
	FUZZ_CHECK(l->cpu_ms <= max);
	FUZZ_CHECK(cfg->retention_days >= -1 && cfg->retention_days <= 36500);
	FUZZ_CHECK(config_retention_days(cfg) >= 0);
	FUZZ_CHECK(!cfg->state_dir || cfg->state_dir[0] == '/');
	for (int lang = 0; lang < LANG_COUNT; lang++) {
		for (int t = 0; t < CONFIG_TOOL_COUNT; t++) {
			char *const *argv =
			    config_command(cfg, (enum lang_id)lang, (enum config_tool)t);
			if (!argv)
				continue;
			/* Only interpreters have commands: JavaScript is built in. */
			FUZZ_CHECK(lang_get((enum lang_id)lang)->engine == ENGINE_SPAWN);
			FUZZ_CHECK(argv[0] && argv[0][0]);
			size_t n = 0;
			while (argv[n])
				n++;
			FUZZ_CHECK(n <= CONFIG_MAX_ARGS);
		}
	}
	/* The file's limits, applied as defaults, must make a valid request:
	 * the config checks the same maximum as request_finish. */
	struct request req;
	request_init(&req);
	config_apply(cfg, &req);
	FUZZ_CHECK(request_finish(&req) == 0);
	request_release(&req);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config cfg;
	config_init(&cfg);
	if (config_load_string("fuzz.yaml", (const char *)data, size, &cfg) == 0) {
		FUZZ_CHECK(cfg.path && !strcmp(cfg.path, "fuzz.yaml"));
		check_loaded(&cfg);
	}
	config_release(&cfg);
	return 0;
}
