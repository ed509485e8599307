#!/bin/bash
# The shared helpers compile warning-clean (-Werror) with the sanitizer flags
# a developer passes by hand (recoverable UBSan, unlike KBP_SANITIZE's
# -fno-sanitize-recover), at -O1 and -O2: a recoverable UBSan check path
# once made gcc see a NULL printf format in strbuf_addf().
# Usage: sanitize-warnings.sh CC SRC_DIR BIN_SRC_DIR WARNING_FLAGS...
set -uo pipefail
CC=$1 SRC=$2 BIN=$3
shift 3
fails=0
for opt in -O1 -O2; do
	for f in "$SRC"/shared/*.c; do
		if ! "$CC" -std=c11 -fsanitize=address,undefined -fno-omit-frame-pointer "$opt" "$@" \
			-I"$SRC" -I"$BIN" -c "$f" -o /dev/null; then
			echo "FAIL: $f with $opt -fsanitize=address,undefined" >&2
			fails=$((fails + 1))
		fi
	done
done
exit $((fails > 0))
