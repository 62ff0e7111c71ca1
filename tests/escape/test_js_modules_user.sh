#!/bin/sh
# test_js_modules.sh as an unprivileged user, for a suite that runs as root
# (tests/as_user.sh): the code then shares sbx's uid. As a non-root user
# test_js_modules.sh covers this already.
exec sh "$(dirname "$0")/../as_user.sh" test_js_modules.sh
