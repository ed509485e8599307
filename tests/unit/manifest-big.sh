#!/bin/bash
# manifest-big.sh DUMP_MANIFEST KIND: the loader on a manifest of 50,000 keys
# made at test time (data/big-manifest.sh KIND 50000). Prints dump-manifest's
# stdout and its stderr with the manifest's directory as @TMP@, and exits
# with its status (see expect.sh). How long it takes: bench/bench-manifest.sh.
set -u
dump=$1 kind=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$(dirname "$0")/data/big-manifest.sh" "$kind" 50000 >"$tmp/$kind.yaml" || exit 2
"$dump" "$tmp/$kind.yaml" 2>"$tmp/err"
rc=$?
sed "s|$tmp|@TMP@|g" "$tmp/err" >&2
exit $rc
