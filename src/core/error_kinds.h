/* error_kinds — the one table that turns an error's kind (util.h's enum
 * error_kind, the record's "kind") into each front's answer: the HTTP
 * status sbx serve gives, the JSON-RPC error code sbx mcp gives where a
 * protocol error is due, and the exit code (sbx's own failures all exit
 * 125, as timeout(1) has it). */
#ifndef SBX_ERROR_KINDS_H
#define SBX_ERROR_KINDS_H

#include "util/util.h"

struct error_kind_row {
	enum error_kind kind;
	const char *name; /* error_kind_name's */
	int http_status;
	int jsonrpc_code;
	int exit_code;
};

const struct error_kind_row *error_kind_row(enum error_kind kind);
/* The row of a record's "kind" word; NULL for an unknown one. */
const struct error_kind_row *error_kind_by_name(const char *name);

#endif
