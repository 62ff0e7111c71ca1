/* execute — the run pipeline: policy, engine, render, history.
 *
 * The one place that joins the renderer to the engines: it makes the
 * render, gives the engines its sink (render_sink) and renders the outcome.
 * May call engine, policy, render and history; nothing below calls it back
 * (prepare's syntax check, which runs checker programs through it, is
 * run/prepare_check.c, beside it).
 */
#ifndef SBX_EXECUTE_H
#define SBX_EXECUTE_H

#include "core/outcome.h"
#include "render/render.h"
#include "core/request.h"

int execute(struct request *req, struct outcome *out, struct render *r);
/* execute(), then render the outcome and record it; returns the exit code
 * for sbx (the SPEC's table). Used by run and exec-deployment. -1, with
 * nothing rendered or recorded, when a batch worker's turn never came
 * (sandbox_turn_lost: its batch is gone). */
int execute_and_render(struct request *req);

struct events_pub;
/* The end of a rendered run, once its outcome is decided: the record's
 * warm (whether one of sbx serve's warm sandboxes ran it), --out-dir's
 * files, the record rendered, the events' last one, the history. Frees
 * r, pub and out; returns sbx's exit code, as execute_and_render. */
int execute_finish(const struct request *req, struct outcome *out, struct render *r,
		   struct events_pub *pub, bool warm);

/* Builds without running: compiles Java (into the javac cache) or lowers
 * JavaScript/TypeScript (into the lowering cache), in the sandbox. A syntax
 * or compile error comes back as status error; Python and R have nothing to
 * build (status ok). Used by deploy, so a deployment starts from its build. */
int engine_build(struct request *req, struct outcome *out);

#endif
