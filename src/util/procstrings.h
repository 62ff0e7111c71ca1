/* procstrings — sbx's own command line and environment as the kernel
 * shows them in /proc/PID/cmdline and /proc/PID/environ.
 *
 * The kernel reads those files from the strings execve left at the top of
 * the process's stack (between arg_start and env_end), not from environ:
 * a process forked from sbx without an exec — a pid namespace's init —
 * shows sbx's arguments and the caller's environment (tokens, keys) to
 * anyone who may read its /proc files, for as long as it lives. main()
 * notes where those strings are; such a process wipes its copy of them
 * (fork gave it one of its own, sbx's stays intact).
 */
#ifndef SBX_PROCSTRINGS_H
#define SBX_PROCSTRINGS_H

/* At the very start of main(), before anything changes argv or environ:
 * notes the extent of the argument and environment strings. */
void procstrings_note(int argc, char **argv, char **envp);

/* Overwrites this process's copy of the noted strings with zeros, then
 * writes name (when it fits in the arguments' part) so that ps shows what
 * the process is. Async-signal-safe: for a child between fork and exec;
 * nothing of argv or environ may be read afterwards. No-op when nothing
 * was noted. */
void procstrings_wipe(const char *name);

#endif
