/* session_files_http — GET, PUT and DELETE /v1/sessions/REF/files?path=P:
 * a session's workspace files over HTTP (sbx session files). */
#ifndef SBX_SERVE_SESSION_FILES_HTTP_H
#define SBX_SERVE_SESSION_FILES_HTTP_H

#include "serve/api.h"
#include "serve/handler.h"

/* body/len: a PUT's raw bytes (the server's --max-body bounds them). */
/* A response that streams the open file fd (size bytes) and closes it;
 * NULL (fd closed) when none could be made. */
struct MHD_Response *session_files_http_body(int fd, uint64_t size);
enum MHD_Result session_files_http_answer(struct server *s, struct MHD_Connection *conn,
					  const struct api_route *r, const struct api_query *q,
					  const char *body, size_t len);

#endif
