/* seccomp_prebuilt — the seccomp filters as libseccomp built them at build
 * time (build-aux/seccomp-gen.c runs seccomp_build() for every profile and
 * prints the BPF this file embeds). seccomp_filter() takes them instead of
 * building a filter per process: ~0.4 ms of a run's fixed cost (the rule
 * database, libseccomp's kernel probes, the export through a memfd). The
 * same code makes them, the build remakes them whenever seccomp.o or
 * seccomp_interp.o changes, and a unit test compares them with what
 * seccomp_build() makes now. */
#include <stdbool.h>

#include "sandbox/seccomp.h"

#include "seccomp_bpf.h"

bool seccomp_prebuilt(enum sandbox_profile profile, struct seccomp_prog *out)
{
	for (size_t i = 0; i < sizeof(prebuilt) / sizeof(prebuilt[0]); i++) {
		if (prebuilt[i].profile == profile) {
			out->filter = prebuilt[i].filter;
			out->len = prebuilt[i].len;
			return true;
		}
	}
	return false;
}
