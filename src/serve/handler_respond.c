/* handler_respond — JSON answers and errors (handler.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/handler.h"

/* --node, said in every answer (0: not said). Set once before the first
 * connection; read-only after. */
static char node_header[12];
static unsigned this_node;

void handler_set_node(unsigned node)
{
	this_node = node;
	if (node)
		snprintf(node_header, sizeof node_header, "%u", node);
}

unsigned handler_node(void)
{
	return this_node;
}

enum MHD_Result respond_redirect(struct MHD_Connection *conn, const char *location)
{
	struct MHD_Response *r =
	    mhd.create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, "Location", location);
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 307, r);
	mhd.destroy_response(r);
	return rc;
}

void handler_add_node(struct MHD_Response *r)
{
	if (*node_header)
		mhd.add_response_header(r, "X-Sbx-Node", node_header);
}

enum MHD_Result respond_body(struct MHD_Connection *conn, int status, const char *ctype,
			     const char *body, size_t len, int exit_code)
{
	struct MHD_Response *r =
	    mhd.create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
	if (!r)
		return MHD_NO;
	mhd.add_response_header(r, "Content-Type", ctype);
	if (exit_code >= 0) {
		/* What the same command exits with locally: sbx --remote exits
		 * with it, and scripts can read it without parsing the record. */
		char code[16];
		snprintf(code, sizeof(code), "%d", exit_code);
		mhd.add_response_header(r, "X-Sbx-Exit-Code", code);
	}
	handler_add_node(r);
	if (status == 503 || status == 429)
		mhd.add_response_header(r, "Retry-After", "1");
	if (status == 401)
		mhd.add_response_header(r, "WWW-Authenticate", "Bearer");
	enum MHD_Result rc = mhd.queue_response(conn, (unsigned)status, r);
	mhd.destroy_response(r);
	return rc;
}

enum MHD_Result respond_json(struct MHD_Connection *conn, int status, const char *body,
			     int exit_code)
{
	return respond_body(conn, status, "application/json", body, strlen(body), exit_code);
}

enum MHD_Result respond_error(struct MHD_Connection *conn, const struct api_error *e)
{
	char *body = api_error_json(e);
	/* An sbx failure exits 125 locally, a deploy of code that fails
	 * validation 1. */
	bool sbx_failure = e->code && !strcmp(e->code, "sbx_error");
	enum MHD_Result rc = respond_json(conn, e->status, body,
					  !sbx_failure	 ? -1
					  : e->exit_code ? e->exit_code
							 : 125);
	free(body);
	return rc;
}

enum MHD_Result respond_ndjson_stream(struct MHD_Connection *conn, MHD_ContentReaderCallback read,
				      void *cls, MHD_ContentReaderFreeCallback free_cls)
{
	struct MHD_Response *r =
	    mhd.create_response_from_callback(MHD_SIZE_UNKNOWN, 65536, read, cls, free_cls);
	if (!r) {
		free_cls(cls);
		return MHD_NO;
	}
	mhd.add_response_header(r, "Content-Type", "application/x-ndjson");
	handler_add_node(r);
	enum MHD_Result rc = mhd.queue_response(conn, 200, r);
	mhd.destroy_response(r);
	return rc;
}

/* A text answer's failure: the child's record of it, its last line
 * (SBX_FAILURE_RECORD, set by serve_main), which says the kind. Every record of sbx's
 * is read with JSON_ALLOW_NUL: its strings may hold U+0000 (the code's output). */
json_t *handler_failure_record(const struct buf *out, int code)
{
	if (code != 125 || !out->len)
		return NULL;
	size_t end = out->len;
	while (end && out->data[end - 1] == '\n')
		end--;
	const char *nl = memrchr(out->data, '\n', end);
	size_t start = nl ? (size_t)(nl - out->data) + 1 : 0;
	json_t *rec = json_loadb(out->data + start, end - start, JSON_ALLOW_NUL, NULL);
	if (!json_is_object(rec)) {
		json_decref(rec);
		return NULL;
	}
	return rec;
}
