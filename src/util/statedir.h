/* statedir — where sbx keeps deployments, caches and the history. */
#ifndef SBX_STATEDIR_H
#define SBX_STATEDIR_H

/* --state-dir, else $SBX_STATE_DIR, else the config file's state_dir, else
 * $XDG_STATE_HOME/sbx, else ~/.local/state/sbx. Returns a malloc'd path. */
char *statedir_resolve(const char *flag_value, const char *config_value);
/* Creates dir (and missing parents) with mode 0700; refuses a symlink or a
 * non-directory at dir. Returns 0, or -1 with a message. */
int statedir_ensure(const char *dir);
/* Ensures dir/sub exists (mode 0700, not a link). Returns 0 or -1. */
int statedir_ensure_sub(const char *dir, const char *sub);

#endif
