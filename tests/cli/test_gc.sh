#!/bin/sh
# sbx gc prunes build caches past the retention and keeps fresh ones.
. "$(dirname "$0")/../lib.sh"

sbx run -e 'let x = 1; x' --json
expect_json .result 1
cache="$SBX_STATE_DIR/cache/js"
check "lowering left a cache entry" test "$(ls "$cache" | wc -l)" -eq 1
sbx gc --json
expect_rc 0
expect_json .caches.removed 0
check "a fresh entry is kept" test "$(ls "$cache" | wc -l)" -eq 1

find "$SBX_STATE_DIR/cache" -mindepth 1 -exec touch -d '40 days ago' {} +
# A link planted in the cache is removed as an entry, never followed.
touch "$T_TMP/victim"
ln -s "$T_TMP/victim" "$cache/planted.js"
touch -h -d '40 days ago' "$cache/planted.js"
sbx gc --json
expect_rc 0
expect_json .caches.removed 2
check "old entries are gone" test "$(ls "$cache" | wc -l)" -eq 0
check "the link's target is untouched" test -f "$T_TMP/victim"

# cache/java/<version>/<entry>: old entries go, fresh ones and the version
# directory stay.
jv="$SBX_STATE_DIR/cache/java/0123456789abcdef"
mkdir -p "$jv/old" "$jv/new"
touch "$jv/old/A.class" "$jv/new/B.class"
touch -d '40 days ago' "$jv/old/A.class" "$jv/old"
sbx gc --json
expect_rc 0
expect_json .caches.removed 1
check "the old Java entry is gone" test ! -e "$jv/old"
check "the fresh Java entry stays" test -f "$jv/new/B.class"

sbx gc --retention 0
expect_rc 0
expect_out_contains "kept everything"
sbx gc extra
expect_rc 125
finish
