/* fuzz_session_proto — the frames of a session's control socket
 * (session_proto.c): whatever bytes a peer sends are read as a sequence of
 * frames until EOF or an error, each 'J' payload through proto_json.
 *
 * Checks what the reader promises: a frame's payload never exceeds its
 * type's bound, proto_json gives an object or NULL, and every frame read
 * is written back by proto_send into bytes that read back as the same
 * frame. */
#include <jansson.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "session/session_int.h"

/* A memory file holding data, positioned at its start; -1 on failure. */
static int memfile(const void *data, size_t size)
{
	int fd = memfd_create("fuzz-proto", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	if ((size && write(fd, data, size) != (ssize_t)size) || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void check_round_trip(char type, const struct buf *payload)
{
	int fd = memfd_create("fuzz-proto-out", MFD_CLOEXEC);
	if (fd < 0)
		return;
	FUZZ_CHECK(proto_send(fd, type, payload->data ? payload->data : "", payload->len) == 0);
	FUZZ_CHECK(lseek(fd, 0, SEEK_SET) == 0);
	struct buf back = BUF_INIT;
	char t2 = 0;
	FUZZ_CHECK(proto_recv(fd, &t2, &back) == 1);
	FUZZ_CHECK(t2 == type && back.len == payload->len);
	FUZZ_CHECK(!back.len || !memcmp(back.data, payload->data, back.len));
	buf_release(&back);
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfile(data, size);
	if (fd < 0)
		return 0;
	struct buf b = BUF_INIT;
	char type;
	for (int frames = 0; frames < 64 && proto_recv(fd, &type, &b) == 1; frames++) {
		FUZZ_CHECK(b.len <= (type == 'J' ? PROTO_MAX_JSON : PROTO_MAX_OUTPUT));
		if (type == 'J') {
			json_t *j = proto_json(&b);
			FUZZ_CHECK(!j || json_is_object(j));
			json_decref(j);
		}
		check_round_trip(type, &b);
	}
	buf_release(&b);
	close(fd);
	return 0;
}
