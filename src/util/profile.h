/* profile — where a run's start-up time goes, phase by phase (SBX_PROFILE=1).
 *
 * Off (the default), profile_mark is one test of a flag. On, each mark
 * keeps CLOCK_MONOTONIC's now under a phase name in a page shared with the
 * sandbox's child (mapped MAP_SHARED before the fork/clone), so the
 * child's own phases (its isolation, seccomp, the exec) land beside the
 * parent's; profile_print writes them in time order to stderr, each with
 * the time since the previous mark, and starts over (a batch worker's next
 * run). bench/startup.sh reads these lines. Not for the code under test:
 * nothing is marked after the exec, inside the interpreter. */
#ifndef SBX_PROFILE_H
#define SBX_PROFILE_H

#include <stdbool.h>

/* Reads SBX_PROFILE once (non-empty and not "0": on) and maps the page.
 * Call at the start of main, before any fork. */
void profile_init(void);
bool profile_on(void);
/* Marks the end of the phase named phase (a string literal: the child
 * keeps the parent's copy of it). Safe in a forked child before exec. */
void profile_mark(const char *phase);
/* "sbx profile: PHASE MS_SINCE_PREVIOUS MS_SINCE_FIRST" lines on stderr, in
 * time order, then forgets them. Nothing when off. */
void profile_print(void);

#endif
