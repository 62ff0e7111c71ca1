/* sandbox_turn — the hook a batch worker gives its runs (sandbox.h): when
 * a sandbox may start. The hook, not a lock in this layer: the batch
 * process decides whose turn it is, in input order. */
#include "sandbox/sandbox.h"

static struct sandbox_turn turn;
static bool lost;

void sandbox_turn_set(const struct sandbox_turn *t)
{
	turn = t ? *t : (struct sandbox_turn){0};
	lost = false;
}

bool sandbox_turn_lost(void)
{
	return lost;
}

bool sandbox_turn_take(void)
{
	if (lost || (turn.take && !turn.take(turn.ctx)))
		lost = true;
	return !lost;
}

void sandbox_turn_give(void)
{
	if (turn.give)
		turn.give(turn.ctx);
}
