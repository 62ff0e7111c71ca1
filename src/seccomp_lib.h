/* seccomp_lib — libseccomp's <seccomp.h>. Our own src/seccomp.h shadows it
 * on the -Isrc include path, so this header skips past src/ to find it.
 * Include it as <seccomp_lib.h> so that it is found through -Isrc and
 * #include_next continues the search after src/. */
#ifndef SBX_SECCOMP_LIB_H
#define SBX_SECCOMP_LIB_H
#include_next <seccomp.h>
#endif
