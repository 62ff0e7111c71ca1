/* piston — the Piston API (engineer-man/piston v2, what piston-client and
 * many judges and bots call) as a thin mapping onto sbx's own run:
 * GET /api/v2/runtimes and POST /api/v2/execute. Pure JSON in and out:
 * the server routes, authenticates and runs (serve/handler.c).
 */
#ifndef SBX_SERVE_COMPAT_PISTON_H
#define SBX_SERVE_COMPAT_PISTON_H

#include <stddef.h>

#include <jansson.h>

/* The runtimes list: every language sbx runs, by Piston's name
 * ([{language, version, aliases, runtime?}]); versions are the installed
 * interpreters' (cached under state_dir): the language table's commands,
 * not a config file's. */
json_t *piston_runtimes(const char *state_dir);

/* A Piston execute body as sbx's own run request (the keys of POST
 * /v1/run), or NULL with Piston's message in msg (a 400). */
json_t *piston_request(json_t *body, char *msg, size_t n);

/* sbx's record of that run as Piston's answer: {language, version, run,
 * compile?}. */
json_t *piston_answer(json_t *record, json_t *body, const char *state_dir);

#endif
