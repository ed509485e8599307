#!/bin/bash
# ci-fuzz.sh SOURCE_DIR BUILD_DIR [SECONDS]
# From the normal (gcc) build: configures a clang build of the libFuzzer
# targets (ASan/UBSan) in BUILD_DIR and runs each for a bounded time.
set -euo pipefail
SRC=$1 BLD=$2 SECS=${3:-30}
command -v clang >/dev/null || { echo "clang missing (apt-get install clang libclang-rt-14-dev)" >&2; exit 1; }
cmake -S "$SRC" -B "$BLD" -DCMAKE_C_COMPILER=clang -DKBP_FUZZ=ON -DBUILD_TESTING=ON >/dev/null
cmake --build "$BLD" --target fuzz-kelf fuzz-symvers -j"$(nproc)" >/dev/null
for t in fuzz-kelf fuzz-symvers; do
	echo "--- $t for ${SECS}s" >&2
	"$SRC/tests/fuzz/run-fuzz.sh" "$BLD/bin/$t" "$SECS" 2>&1 | tail -n 3
done
