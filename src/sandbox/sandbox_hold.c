/* sandbox_hold — the hook that keeps a set-up sandbox waiting for its code
 * (sandbox.h): `sbx serve`'s warm pool (run/warm_run.c) decides, once a
 * request comes, whether it fits the sandbox made ahead. */
#include "sandbox/sandbox.h"

static struct sandbox_hold held;

void sandbox_hold_set(const struct sandbox_hold *hold)
{
	held = hold ? *hold : (struct sandbox_hold){0};
}

bool sandbox_hold_pending(void)
{
	return held.hold != NULL;
}

bool sandbox_hold_release(const struct sandbox_plan *plan)
{
	if (!held.hold)
		return true;
	struct sandbox_hold h = held;
	held = (struct sandbox_hold){0}; /* one run per hold: never twice */
	return h.hold(h.ctx, plan);
}
