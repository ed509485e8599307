#!/bin/bash
# Builds kbuild-pack in ./build and runs the whole test suite with ctest.
# The fixture kernels are built on first use and cached in
# ${KBP_FIXTURE_CACHE:-/var/cache/kbuild-pack/fixtures}.
# Extra arguments go to ctest (e.g. -L unit, -R pack).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
"$top/scripts/install-deps.sh"
# warnings are errors here (CI), never in a packager's build (doc/HACKING.md)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKBP_WERROR=ON
cmake --build build -j"$(nproc)"
cd build
exec ctest --output-on-failure --timeout 3600 -j2 "$@"
