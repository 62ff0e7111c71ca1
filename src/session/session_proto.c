/* session_proto — frames on a session's control socket and on the pipe
 * from the kernel's host: a 4-byte big-endian length, one type byte, the
 * payload. Every frame's size is bounded before anything is allocated.
 * May call: util, jansson, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"

int proto_send(int fd, char type, const void *data, size_t len)
{
	unsigned char h[5] = {(unsigned char)(len >> 24), (unsigned char)(len >> 16),
			      (unsigned char)(len >> 8), (unsigned char)len, (unsigned char)type};
	if (len > PROTO_MAX_JSON)
		return -1;
	if (write_all(fd, h, sizeof h) < 0 || (len && write_all(fd, data, len) < 0))
		return -1;
	return 0;
}

int proto_send_json(int fd, json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	if (!s)
		return -1;
	int rc = proto_send(fd, 'J', s, strlen(s));
	free(s);
	return rc;
}

static int read_full(int fd, void *p, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, (char *)p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return got == 0 && r == 0 ? 0 : -1;
		got += (size_t)r;
	}
	return 1;
}

int proto_recv(int fd, char *type, struct buf *payload)
{
	unsigned char h[5];
	int r = read_full(fd, h, sizeof h);
	if (r <= 0)
		return r;
	size_t len = (size_t)h[0] << 24 | (size_t)h[1] << 16 | (size_t)h[2] << 8 | h[3];
	*type = (char)h[4];
	size_t max = *type == 'J' || *type == 'R' ? PROTO_MAX_JSON : PROTO_MAX_OUTPUT;
	if (len > max)
		return -1;
	buf_reset(payload);
	char *data = xmalloc(len + 1);
	r = len ? read_full(fd, data, len) : 1;
	if (r == 1)
		buf_append(payload, data, len);
	free(data);
	return r == 1 ? 1 : -1;
}

json_t *proto_json(const struct buf *payload)
{
	json_t *j = json_loadb(payload->data ? payload->data : "", payload->len, 0, NULL);
	if (j && !json_is_object(j)) {
		json_decref(j);
		return NULL;
	}
	return j;
}

void proto_reply_error(int fd, const char *msg)
{
	json_t *j = json_pack("{s:s}", "error", msg);
	(void)proto_send_json(fd, j);
	json_decref(j);
	close(fd);
}
