/* session_ttl — a session's time to live set anew (`sbx session ttl`,
 * POST /v1/sessions/ID/ttl, E2B's setTimeout): it expires that long from
 * now, and each execution renews it by that much.
 *
 * A running daemon keeps the manifest in memory and writes it after every
 * execution, so it is the one to change it: the "ttl" request, answered
 * once its writer thread has put the change on disk. With no daemon, the
 * manifest is changed on disk under the lock that starts one, so none
 * starts from the old manifest meanwhile; a daemon on its way out wrote
 * its manifest before its socket closed (session_daemon.c), so it cannot
 * write over the change either.
 * May call: session_store, session_launch, session_proto, util, libc.
 */
#include "session/session_int.h"

#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "util/util.h"

/* 1 when a running daemon took it, 0 when none answered (none runs, or it
 * was stopping), -1 when it refused. */
static int ask_daemon(const char *state_dir, const char *id, uint64_t ttl_ms)
{
	bool started;
	int fd = session_connect(state_dir, id, false, &started);
	if (fd < 0)
		return 0;
	struct timeval tv = {10, 0};
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	json_t *req = json_pack("{s:s, s:I}", "op", "ttl", "ttl_ms", (json_int_t)ttl_ms);
	struct buf b = BUF_INIT;
	char type;
	int rc = proto_send_json(fd, req) == 0 && proto_recv(fd, &type, &b) == 1 && type == 'J';
	json_decref(req);
	close(fd);
	json_t *answer = rc ? proto_json(&b) : NULL;
	buf_release(&b);
	const char *refused = json_string_value(json_object_get(answer, "error"));
	if (refused)
		rc = error("session %s did not take the new TTL: %s", id, refused);
	json_decref(answer);
	return rc;
}

int session_set_ttl(const char *state_dir, const char *id, uint64_t ttl_ms)
{
	json_t *m = session_manifest_read(state_dir, id);
	if (!m)
		return -1;
	bool expired = session_expired(m, session_now_ms());
	json_decref(m);
	if (expired)
		return error_of(ERROR_CONFLICT,
				"session %s has expired: its TTL cannot be set any more; create a "
				"new session",
				id);
	int rc = ask_daemon(state_dir, id, ttl_ms);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	int lk = session_launch_lock(state_dir, id);
	if (lk < 0)
		return -1;
	rc = ask_daemon(state_dir, id, ttl_ms); /* one started before the lock */
	unsigned holder = session_lease_holder(state_dir, id);
	int node = session_this_node();
	if (rc == 0 && holder && (int)holder != node)
		rc = error_of(ERROR_CONFLICT,
			      "session %s runs on node %u now (it holds its lease): send the "
			      "request there (behind a load balancer: ?node=%u)",
			      id, holder, holder);
	else if (rc == 0) {
		uint64_t now = session_now_ms();
		json_t *patch = json_pack("{s:I, s:I}", "ttl_ms", (json_int_t)ttl_ms,
					  "expires_at_ms", (json_int_t)(now + ttl_ms));
		rc = session_manifest_update(state_dir, id, patch);
		json_decref(patch);
	}
	close(lk);
	return rc < 0 ? -1 : 0;
}
