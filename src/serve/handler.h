/* handler — one HTTP request from its first byte to its answer: route,
 * token, body (bounded), then an in-process answer or an sbx child.
 *
 * May call: serve's own files, util.
 */
#ifndef SBX_SERVE_HANDLER_H
#define SBX_SERVE_HANDLER_H

#include "serve/api.h"
#include "serve/mhd.h"
#include "serve/server.h"
#include "session/session.h"

enum MHD_Result handler_access(void *cls, struct MHD_Connection *conn, const char *url,
			       const char *method, const char *version, const char *upload_data,
			       size_t *upload_data_size, void **con_cls);
/* MHD_OPTION_NOTIFY_CONNECTION: a connection's deadline (conn_guard.h). */
void handler_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			enum MHD_ConnectionNotificationCode toe);
void handler_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
		       enum MHD_RequestTerminationCode toe);

/* handler_respond.c: the answers. exit_code >= 0 adds X-Sbx-Exit-Code. */
/* A session's name (not an id) to its id, looked up in a request's
 * thread without a line on the server's stderr: 1 with id, 0 when ref is
 * an id (or empty), -1 when no session has that name. */
int handler_session_name(const char *state_dir, const char *ref, char id[SESSION_ID_LEN + 1]);
/* handler_auth.c: 0 when the request's head carries the bearer token (or
 * the server has none), else -1 with e (401). */
int handler_check_token(struct server *s, struct MHD_Connection *conn, struct api_error *e);
/* A URL /t/TOKEN/REST: 1 with *path = /REST when TOKEN is the server's,
 * -1 with e (401) when it is not; 0 with *path = url for any other URL. */
int handler_url_token(struct server *s, const char *url, const char **path, struct api_error *e);
/* handler_piston.c: the Piston API's answers (serve --compat piston). */
enum MHD_Result handler_piston_runtimes(struct server *s, struct MHD_Connection *conn);
/* Piston's error body, {"message": ...}, with e's status. */
enum MHD_Result handler_piston_error(struct MHD_Connection *conn, const struct api_error *e);
/* The Piston body as sbx's run request, or NULL with e (400). */
json_t *handler_piston_request(const char *body, size_t len, json_t **piston, struct api_error *e);
/* The run's record answered as Piston does (200). */
enum MHD_Result handler_piston_answer(struct server *s, struct MHD_Connection *conn, json_t *rec,
				      json_t *piston, int exit_code);
/* handler_sre.c: SmythOS SRE's ECMASandbox (serve --compat sre): its body
 * {"code"} as sbx's JavaScript run request (NULL with e), and the record
 * answered as the connector reads it: 200 {"Output"}, else a 422 whose
 * body becomes the component's errors. */
json_t *handler_sre_request(const char *body, size_t len, struct api_error *e);
enum MHD_Result handler_sre_answer(struct MHD_Connection *conn, json_t *rec, int exit_code);
/* GET /v1/ready (handler_nodes.c). */
enum MHD_Result handler_ready(struct server *s, struct MHD_Connection *conn);
/* A session route naming a session by a name whose id carries another
 * node: 1 with location (the same route by the id), else 0. */
int handler_session_elsewhere(struct server *s, const struct api_route *r, char *location,
			      size_t n);
/* sbx serve --node N: every answer says X-Sbx-Node: N (handler_respond.c). */
void handler_set_node(unsigned node);
void handler_add_node(struct MHD_Response *r);
unsigned handler_node(void);
/* 307 Temporary Redirect to location (the method and body go there too). */
enum MHD_Result respond_redirect(struct MHD_Connection *conn, const char *location);
/* A text answer's failure: the child's record of it (its last line, exit
 * 125), or NULL. */
json_t *handler_failure_record(const struct buf *out, int code);
enum MHD_Result respond_body(struct MHD_Connection *conn, int status, const char *ctype,
			     const char *body, size_t len, int exit_code);
enum MHD_Result respond_json(struct MHD_Connection *conn, int status, const char *body,
			     int exit_code);
enum MHD_Result respond_error(struct MHD_Connection *conn, const struct api_error *e);
/* A 200 whose NDJSON body read() makes as it comes; free_cls(cls) runs
 * when it ends, or at once when no answer could be made. */
enum MHD_Result respond_ndjson_stream(struct MHD_Connection *conn, MHD_ContentReaderCallback read,
				      void *cls, MHD_ContentReaderFreeCallback free_cls);

#endif
