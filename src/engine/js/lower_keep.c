/* lower_keep — a session kernel's transpiler (see js_lower_session in
 * lower.h): the heap lower_child.c makes for one run, kept for the next
 * execution instead of being freed. A session's TypeScript one-liner cost
 * ~35 ms, nearly all of it loading the bytecode and running TypeScript's
 * set-up again; the transform itself is what is left.
 *
 * Kept only while it is known good: a transform that threw (a transpiler
 * bug, an allocation failure) or was interrupted (the execution's timeout
 * throws inside it) leaves TypeScript's module state unknown, so the heap
 * is dropped and the next execution loads a fresh one. The arena never
 * hands memory back to the cap (see lower_arena.c), so a transform of a
 * large program leaves the arena at its high-water mark: past twice its
 * loaded size it is dropped too. And its memory, counted against the
 * session's limit, never costs the user's code a memory_limit: the
 * allocator drops it before a request of the session's heap would fail
 * (js_transpiler_reclaim). Calls lower_child.c and lower_arena. */
#include "engine/js/lower.h"
#include "engine/js/lower_int.h"

int js_lower_session(struct js_transpiler *t, struct js_lower *l, const struct request *req,
		     const char *filename, duk_alloc_function alloc,
		     duk_realloc_function realloc_fn, duk_free_function free_fn, void *udata,
		     struct buf *err)
{
	int rc;

	if (!l->needed || l->cached)
		return 0;
	/* code the subset lowering takes needs no kept heap; for node,
	 * TypeScript's compiler alone (the subset writes ES5) */
	/* a .mjs or .cjs: the module semantics are TypeScript's route's */
	rc = req->lower_for_node || *js_lower_module_kind(req)
		 ? 1
		 : js_lower_subset(l, req, filename, alloc, realloc_fn, free_fn, udata, err);
	if (rc <= 0)
		return rc;
	t->busy = true;
	if (!t->ctx &&
	    js_transpiler_open(t, req, filename, alloc, realloc_fn, free_fn, udata, err) != 0) {
		t->busy = false;
		return -1;
	}
	rc = js_transpiler_run(t, l, req, filename, err);
	if (rc == JS_TRANSPILER_BROKEN || t->arena.held > 2 * t->loaded)
		js_transpiler_close(t);
	t->busy = false;
	return rc == 0 ? 0 : -1;
}

bool js_transpiler_reclaim(void *arg)
{
	struct js_transpiler *t = arg;

	if (!t->ctx || t->busy)
		return false;
	js_transpiler_close(t);
	return true;
}
