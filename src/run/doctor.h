/* doctor — `sbx doctor`'s report, one home for every front: the CLI, and
 * sbx serve's GET /v1/doctor in its runner's fork. The interpreters runs
 * would use (the config file's commands, else the language table's),
 * their versions, the isolation layers this machine offers and why a
 * missing one is missing, the configured warm pool.
 */
#ifndef SBX_RUN_DOCTOR_H
#define SBX_RUN_DOCTOR_H

#include <stdbool.h>

/* config_flag: --config's (NULL: $SBX_CONFIG or the default file). json:
 * one compact object (the json and the ndjson form), else text. 0, or -1
 * after a message (the config). */
int doctor_report(const char *config_flag, bool json);

#endif
