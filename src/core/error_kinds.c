/* error_kinds — error kinds to each front's answer (error_kinds.h). */
#include "core/error_kinds.h"

#include <string.h>

static const struct error_kind_row rows[ERROR_KINDS] = {
    {ERROR_INVALID, "invalid", 400, -32602, 125},
    {ERROR_NOT_FOUND, "not_found", 404, -32602, 125},
    {ERROR_CONFLICT, "conflict", 409, -32602, 125},
    {ERROR_LIMIT, "limit", 400, -32602, 125},
    {ERROR_UNAVAILABLE, "unavailable", 503, -32603, 125},
    {ERROR_INTERNAL, "internal", 500, -32603, 125},
    {ERROR_UNAUTHORIZED, "unauthorized", 401, -32600, 125},
    {ERROR_NOT_ALLOWED, "method_not_allowed", 405, -32601, 125},
    {ERROR_TOO_LARGE, "too_large", 413, -32600, 125},
    {ERROR_UNSUPPORTED, "not_implemented", 501, -32601, 125},
};

const struct error_kind_row *error_kind_row(enum error_kind kind)
{
	return &rows[(unsigned)kind < ERROR_KINDS ? kind : ERROR_INTERNAL];
}

const struct error_kind_row *error_kind_by_name(const char *name)
{
	for (size_t i = 0; name && i < ERROR_KINDS; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}
