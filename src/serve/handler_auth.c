/* handler_auth — who may ask: the bearer token of a request's head, or
 * the token in its URL (/t/TOKEN/...) for the clients that cannot send a
 * header (piston-client, SRE's sandboxUrl: they are given a base URL).
 * Both are compared as SHA-256 digests with CRYPTO_memcmp, so the time
 * taken says nothing about the token, not even its length; the URL's is
 * never logged nor echoed (a route's error names the path after it).
 */
#include "serve/handler.h"

#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/util.h"

static bool token_matches(const struct server *s, const char *tok, size_t len)
{
	unsigned char d[32];
	char hex[65];
	sha256_hex(tok, len, hex);
	for (int i = 0; i < 32; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		d[i] = (unsigned char)v;
	}
	return CRYPTO_memcmp(d, s->token_sha256, 32) == 0;
}

int handler_check_token(struct server *s, struct MHD_Connection *conn, struct api_error *e)
{
	if (!s->have_token)
		return 0;
	const char *h = mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization");
	/* E2B's SDK sends its key as X-API-KEY (E2B_API_KEY) to the control
	 * plane: with --compat e2b that key is the token. */
	const char *key = s->cfg->compat & SERVE_COMPAT_E2B
			      ? mhd.lookup_connection_value(conn, MHD_HEADER_KIND, "X-API-KEY")
			      : NULL;
	if (key && (!h || strncasecmp(h, "Bearer ", 7))) {
		if (!token_matches(s, key, strlen(key)))
			return api_fail(e, ERROR_UNAUTHORIZED, "unauthorized",
					"wrong X-API-KEY: set E2B_API_KEY to the token in the "
					"server's --token-file");
		return 0;
	}
	if (!h || strncasecmp(h, "Bearer ", 7))
		return api_fail(e, ERROR_UNAUTHORIZED, "unauthorized",
				"this server needs a bearer token: send 'Authorization: Bearer "
				"TOKEN' (sbx --remote: --token-file FILE or SBX_TOKEN), or use the "
				"base URL http://HOST:PORT/t/TOKEN/");
	if (!token_matches(s, h + 7, strlen(h + 7)))
		return api_fail(e, ERROR_UNAUTHORIZED, "unauthorized",
				"wrong bearer token: use the one in the server's --token-file");
	return 0;
}

int handler_url_token(struct server *s, const char *url, const char **path, struct api_error *e)
{
	*path = url;
	if (strncmp(url, "/t/", 3))
		return 0;
	const char *tok = url + 3, *slash = strchr(tok, '/');
	size_t n = slash ? (size_t)(slash - tok) : strlen(tok);
	*path = slash ? slash : "/";
	if (!s->have_token)
		return api_fail(e, ERROR_UNAUTHORIZED, "unauthorized",
				"this server has no token (it listens on a unix socket, or was "
				"started without --token-file): drop /t/TOKEN from the URL");
	if (!token_matches(s, tok, n))
		return api_fail(e, ERROR_UNAUTHORIZED, "unauthorized",
				"wrong token in the URL: use the one in the server's --token-file");
	return 1;
}
