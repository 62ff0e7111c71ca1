/* render_text — what text mode prints after the code's output: the rich
 * results and the result line on stdout, sbx's lines about a failure on
 * stderr ("sbx: STATUS: Name: message (line L, column C)", "sbx: hint:",
 * the traceback, the output limit). One place for both doors: a local run
 * (render.c, from its outcome) and sbx --remote (serve/remote_run.c, from
 * the record the server sent), so the two cannot drift apart. */
#ifndef SBX_RENDER_TEXT_H
#define SBX_RENDER_TEXT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The facts the failure lines are made of, from an outcome or a record. */
struct render_failure {
	const char *status; /* the record's status name */
	json_t *error;	    /* the record's error object; NULL or null: none */
	bool code_is_file;  /* code from a FILE prints what its interpreter prints */
	bool shown;	    /* the interpreter printed its own error (spawned languages) */
	bool exited;	    /* exit_code is the code's own exit status */
	int exit_code;
	bool truncated; /* some output was not kept */
	uint64_t output_bytes;
	/* Duktape ran code that needs node (run/engine_choice.c): when the
	 * error's hint is this one, a FILE prints it too, since node, not
	 * the interpreter sbx used, is what it was written for. NULL: none. */
	const char *engine_hint;
};

/* The rich results (one line each) and the result line (JSON) on f when
 * there are any; last_byte: the last byte the code wrote to f, so they
 * start on a line of their own. */
void render_text_results(FILE *f, const json_t *results, const json_t *result, char last_byte,
			 uint64_t limit);
/* The rich results' lines only, every entry's (an R snippet's: R has
 * printed the value itself). */
void render_text_forms(FILE *f, const json_t *results, char last_byte, uint64_t limit);
/* sbx's lines about a run that did not end "ok", on f, and, whatever the
 * status, one saying its output was cut at the limit. */
void render_text_failure(FILE *f, const struct render_failure *x);

/* A failed verdict's lines on f: where the code's stdout (got) first
 * differs from the expected output, and then at most a few lines of each
 * ("-" expected, "+" got), escaped as every sbx line is. */
void render_text_verdict(FILE *f, const char *expected, const char *got, size_t got_len);

#endif
