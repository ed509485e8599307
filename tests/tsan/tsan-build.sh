#!/bin/bash
# tsan-build.sh SOURCE_DIR BUILD_DIR [CMAKE_ARGS...]: the ThreadSanitizer
# build (-DKBP_SANITIZE=thread) the tsan tests of an ordinary build run:
# kbuild-pack, its manifests and the digest memo's stress test. Its
# output is shown only when it fails.
set -euo pipefail
SRC=$1 BLD=$2
shift 2
LOG=$(mktemp /tmp/kbp-tsan-build.XXXXXX)
trap 'rm -f "$LOG"' EXIT
if ! { cmake -S "$SRC" -B "$BLD" -DKBP_SANITIZE=thread -DBUILD_TESTING=ON "$@" &&
       cmake --build "$BLD" --target kbuild-pack manifests kbp-unit-memo -j"$(nproc)"; } >"$LOG" 2>&1; then
	cat "$LOG" >&2
	exit 1
fi
echo "ThreadSanitizer build in $BLD"
