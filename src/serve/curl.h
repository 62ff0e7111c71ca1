/* curl — libcurl for `sbx --remote`, loaded when it is used (mhd.h says
 * why: statically, libcurl would drag in a dozen libraries that Debian
 * ships only shared; dynamically, every `sbx run` would load them).
 *
 * May call: libc, libdl.
 */
#ifndef SBX_SERVE_CURL_H
#define SBX_SERVE_CURL_H

#include <curl/curl.h>

struct curl_api {
	__typeof__(curl_easy_init) *easy_init;
	__typeof__(curl_easy_setopt) *easy_setopt;
	__typeof__(curl_easy_perform) *easy_perform;
	__typeof__(curl_easy_cleanup) *easy_cleanup;
	__typeof__(curl_easy_getinfo) *easy_getinfo;
	__typeof__(curl_easy_strerror) *easy_strerror;
	__typeof__(curl_easy_escape) *easy_escape;
	__typeof__(curl_free) *free;
	__typeof__(curl_slist_append) *slist_append;
	__typeof__(curl_slist_free_all) *slist_free_all;
};

extern struct curl_api curl;

/* Loads libcurl.so.4 once. 0, or -1 with a message naming the package. */
int curl_load(void);

#endif
