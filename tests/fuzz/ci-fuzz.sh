#!/bin/bash
# ci-fuzz.sh SOURCE_DIR BUILD_DIR SECONDS FUZZER...
# From the normal (gcc) build: configures a clang build of the libFuzzer
# targets (ASan/UBSan) in BUILD_DIR and runs each FUZZER (the list is
# tests/fuzz/CMakeLists.txt's KBP_FUZZERS) for a bounded time.
# A passing fuzzer shows its last lines (the run's statistics); a failing
# one its whole output, so a sanitizer's report and stack trace are kept.
set -euo pipefail
SRC=$1 BLD=$2 SECS=$3
shift 3
FUZZERS=("$@")
command -v clang >/dev/null || { echo "clang missing (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }
cmake -S "$SRC" -B "$BLD" -DCMAKE_C_COMPILER=clang -DKBP_FUZZ=ON -DBUILD_TESTING=ON >/dev/null
cmake --build "$BLD" --target "${FUZZERS[@]}" -j"$(nproc)" >/dev/null
LOG=$(mktemp /tmp/kbp-fuzz-log.XXXXXX)
trap 'rm -f "$LOG"' EXIT
failed=0
for t in "${FUZZERS[@]}"; do
	echo "--- $t for ${SECS}s" >&2
	if "$SRC/tests/fuzz/run-fuzz.sh" "$BLD/bin/$t" "$SECS" >"$LOG" 2>&1; then
		tail -n 3 "$LOG"
	else
		echo "--- $t FAILED (exit $?); its whole output:" >&2
		cat "$LOG" >&2
		failed=1
	fi
done
exit $failed
