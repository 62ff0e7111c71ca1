/* engine_choice — JavaScript's and TypeScript's engine when nobody chose
 * one: Duktape, unless the code needs what Duktape lacks and node has
 * (BigInt, regex lookbehind, the s/u/y/d/v flags, WeakRef: the scanner's
 * node_only, engine/js/tokenize.h). Such code runs under node, in node's
 * sandbox, when node is installed and the config allows it
 * (languages.LANG.auto_node); the record says why (engine_reason).
 * Otherwise Duktape runs it as before and its error's hint says what
 * would let node run it.
 */
#ifndef SBX_ENGINE_CHOICE_H
#define SBX_ENGINE_CHOICE_H

#include "core/request.h"

/* Who set req->engine before the choice. */
enum engine_origin {
	ENGINE_BY_DEFAULT, /* nobody: sbx may choose */
	ENGINE_BY_REQUEST, /* --engine, a JSON request's "engine", a deployment */
	ENGINE_BY_CONFIG,  /* languages.LANG.engine */
	ENGINE_BY_SESSION, /* session exec: the session's Duktape heap */
};

/* Sets req->engine (node when sbx chooses it, with req->engine_reason) or
 * req->engine_hint, from the code (req->code) and req->config. Returns 0,
 * or -1 after a message: a session cannot run code only node runs. */
int engine_choose(struct request *req, enum engine_origin origin);

#endif
