/* mhd — the libmicrohttpd table (mhd.h says why it is loaded at run time). */
#include "serve/mhd.h"

#include <dlfcn.h>

#include "util/util.h"

struct mhd_api mhd;

int mhd_load(void)
{
	static void *lib;
	if (lib)
		return 0;
	void *h = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return error("sbx serve needs libmicrohttpd: install it with "
			     "'apt-get install libmicrohttpd12' (%s)",
			     dlerror());
	struct {
		const char *name;
		void **slot;
	} syms[] = {
	    {"MHD_start_daemon", (void **)&mhd.start_daemon},
	    {"MHD_stop_daemon", (void **)&mhd.stop_daemon},
	    {"MHD_quiesce_daemon", (void **)&mhd.quiesce_daemon},
	    {"MHD_create_response_from_buffer", (void **)&mhd.create_response_from_buffer},
	    {"MHD_create_response_from_callback", (void **)&mhd.create_response_from_callback},
	    {"MHD_add_response_header", (void **)&mhd.add_response_header},
	    {"MHD_queue_response", (void **)&mhd.queue_response},
	    {"MHD_destroy_response", (void **)&mhd.destroy_response},
	    {"MHD_lookup_connection_value", (void **)&mhd.lookup_connection_value},
	    {"MHD_get_connection_values", (void **)&mhd.get_connection_values},
	    {"MHD_get_connection_info", (void **)&mhd.get_connection_info},
	    {"MHD_get_daemon_info", (void **)&mhd.get_daemon_info},
	    {"MHD_set_connection_option", (void **)&mhd.set_connection_option},
	};
	for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		*syms[i].slot = dlsym(h, syms[i].name);
		if (!*syms[i].slot) {
			dlclose(h);
			return error("libmicrohttpd.so.12 lacks %s: install libmicrohttpd12 "
				     "0.9.75 or later",
				     syms[i].name);
		}
	}
	lib = h;
	return 0;
}
