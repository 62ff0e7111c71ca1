/* curl — the libcurl table (curl.h says why it is loaded at run time). */
#include "serve/curl.h"

#include <dlfcn.h>

#include "util/util.h"

struct curl_api curl;

int curl_load(void)
{
	static void *lib;
	if (lib)
		return 0;
	void *h = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return error("sbx --remote needs libcurl: install it with 'apt-get install "
			     "libcurl4' (%s)",
			     dlerror());
	struct {
		const char *name;
		void **slot;
	} syms[] = {
	    {"curl_easy_init", (void **)&curl.easy_init},
	    {"curl_easy_setopt", (void **)&curl.easy_setopt},
	    {"curl_easy_perform", (void **)&curl.easy_perform},
	    {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
	    {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
	    {"curl_easy_strerror", (void **)&curl.easy_strerror},
	    {"curl_easy_escape", (void **)&curl.easy_escape},
	    {"curl_free", (void **)&curl.free},
	    {"curl_slist_append", (void **)&curl.slist_append},
	    {"curl_slist_free_all", (void **)&curl.slist_free_all},
	};
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		*syms[i].slot = dlsym(h, syms[i].name);
		if (!*syms[i].slot) {
			dlclose(h);
			return error("libcurl.so.4 lacks %s: install a newer libcurl4",
				     syms[i].name);
		}
	}
	lib = h;
	return 0;
}
