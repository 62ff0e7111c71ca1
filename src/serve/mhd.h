/* mhd — libmicrohttpd, loaded when `sbx serve` starts.
 *
 * sbx links its libraries statically so that every `sbx run` starts
 * fast; libmicrohttpd's static archive pulls in GnuTLS and p11-kit (which
 * Debian ships only as a shared library), and linking it dynamically would
 * make every run load it. So the server opens libmicrohttpd.so.12 with
 * dlopen and calls it through this table: `sbx run` never pays for it.
 *
 * May call: libc, libdl.
 */
#ifndef SBX_SERVE_MHD_H
#define SBX_SERVE_MHD_H

#include <microhttpd.h>

struct mhd_api {
	__typeof__(MHD_start_daemon) *start_daemon;
	__typeof__(MHD_stop_daemon) *stop_daemon;
	__typeof__(MHD_quiesce_daemon) *quiesce_daemon;
	__typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
	__typeof__(MHD_create_response_from_callback) *create_response_from_callback;
	__typeof__(MHD_add_response_header) *add_response_header;
	__typeof__(MHD_queue_response) *queue_response;
	__typeof__(MHD_destroy_response) *destroy_response;
	__typeof__(MHD_lookup_connection_value) *lookup_connection_value;
	__typeof__(MHD_get_connection_values) *get_connection_values;
	__typeof__(MHD_get_connection_info) *get_connection_info;
	__typeof__(MHD_get_daemon_info) *get_daemon_info;
	__typeof__(MHD_set_connection_option) *set_connection_option;
};

extern struct mhd_api mhd;

/* Loads the library once. 0, or -1 with a message naming the package. */
int mhd_load(void);

#endif
