/* sbx — run untrusted code in a sandbox and report what happened.
 * The program's entry: all of it is cmd_main (cmd_main.c). */
#include "cli/cmd.h"
#include "util/procstrings.h"
#include "util/profile.h"

extern char **environ;

int main(int argc, char **argv)
{
	/* Before anything changes them: where a sandbox's init finds the
	 * strings it must wipe (procstrings.h). */
	procstrings_note(argc, argv, environ);
	profile_init(); /* SBX_PROFILE=1: the phases on stderr (profile.h) */
	profile_mark("start");
	return cmd_main(argc, argv);
}
