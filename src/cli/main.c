/* sbx — run untrusted code in a sandbox and report what happened.
 * The program's entry: all of it is cmd_main (cmd_main.c). */
#include "cli/cmd.h"

int main(int argc, char **argv)
{
	return cmd_main(argc, argv);
}
