/* Stand-ins for what the parser modules reference but the fuzz targets
 * never reach.
 *
 * policy.c's policy_prepare() runs a syntax checker through execute() and
 * builds Java through engine_build() (src/execute.c), which need the
 * sandbox, the engines and Duktape. No target calls policy_prepare();
 * linking all of that only to satisfy the references would make every
 * target build and start the whole engine. */
#include <stdlib.h>

#include "engine.h"

int execute(struct request *req, struct outcome *out, struct render *r)
{
	(void)req;
	(void)out;
	(void)r;
	abort(); /* reached only if a target starts calling policy_prepare() */
}

int engine_build(struct request *req, struct outcome *out)
{
	(void)req;
	(void)out;
	abort();
}
