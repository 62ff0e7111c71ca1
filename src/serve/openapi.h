/* openapi — the HTTP API's OpenAPI document, made from the route table
 * (routes.c) and the request keys' table (core/request_keys.c): its paths,
 * methods, summaries, query parameters' names and JSON request bodies come
 * from the tables (but a ROUTE_REST row's: another API's paths, which its
 * own documents describe); docs/openapi.in.json (embedded at build time) holds the
 * prose the tables do not: the document's head and components, each path
 * parameter's and query parameter's description, the other bodies and the
 * answers. docs/openapi.json is this document, committed for readers and
 * checked equal by tests/cli/test_routes.sh (`sbx serve --openapi`).
 *
 * May call: core (request_keys), util (and jansson).
 */
#ifndef SBX_SERVE_OPENAPI_H
#define SBX_SERVE_OPENAPI_H

#include <jansson.h>
#include <stddef.h>

/* The document from template (docs/openapi.in.json's JSON), or NULL with
 * err (n bytes) naming what the template and the tables disagree on: an
 * operation or parameter one has and the other lacks. New reference. */
json_t *openapi_build(json_t *template, char *err, size_t n);
/* The document as served (built once from the embedded template), or
 * NULL with err when it cannot be made (a build whose tables and template
 * disagree: tests/cli/test_routes.sh fails first). */
const char *openapi_text(char *err, size_t n);

#endif
