#!/bin/sh
# The escape corpus as an unprivileged user, for a suite that runs as root
# (tests/as_user.sh): test_escape_corpus.sh re-run as sbx-ci, whose paths
# differ — only its own uid mapped in the user namespace, no cgroup, the
# subreaper, and without namespaces the user's own processes and sockets
# next door. As a non-root user test_escape_corpus.sh covers this already.
#
#   tests/escape/test_escape_corpus_user.sh      (SBX_AS_USER: default sbx-ci)
exec sh "$(dirname "$0")/../as_user.sh" test_escape_corpus.sh corpus
