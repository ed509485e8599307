#!/bin/bash
# Builds kbuild-pack in ./build and runs the whole test suite with ctest.
# The fixture kernels are built on first use and cached in
# ${KBP_FIXTURE_CACHE:-/var/cache/kbuild-pack/fixtures}.
# Extra arguments go to ctest (e.g. -L unit, -R pack).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
"$top/scripts/install-deps.sh"
# The tests' scratch directories on a tmpfs where there is one that runs
# programs (/dev/shm): creating and removing small files costs this
# machine's ext4 about six times the CPU (doc/measured.md). One per clone,
# emptied first, left for the next run (the build tree's tests name it).
tmp=
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && ! findmnt -n -o OPTIONS /dev/shm | grep -qw noexec; then
    tmp=/dev/shm/kbuild-pack-tests-$(printf '%s' "$top" | sha256sum | cut -c1-12)
    rm -rf "$tmp" && mkdir -m 1777 "$tmp" && export TMPDIR=$tmp
fi
# warnings are errors here (CI), never in a packager's build (doc/HACKING.md)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKBP_WERROR=ON -DKBP_TEST_TMPDIR="$tmp"
cmake --build build -j"$(nproc)"
cd build
exec ctest --output-on-failure --timeout 3600 -j2 "$@"
