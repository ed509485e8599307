#!/bin/bash
# Sets up everything and packs a real kernel into ./out:
#   scripts/demo.sh                 the small fixture kernel (built once, cached)
#   scripts/demo.sh SRC [OBJ]       your own configured and built kernel tree
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
"$top/scripts/install-deps.sh"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
if [ $# -ge 1 ]; then
	args=(--src "$1")
	[ $# -ge 2 ] && args+=(--obj "$2")
else
	echo "building (or reusing) the 6.1 fixture kernel; the first time takes a few minutes..." >&2
	fx=$("$top/tests/fixture/fixture.sh" 6.1 obj x86_64)
	args=(--src "$fx/src" --obj "$fx/obj")
fi
build/bin/kbuild-pack "${args[@]}" --out "$top/out" --force -v
rel=$(ls "$top/out/lib/modules" | head -n1)
echo
echo "packed: $top/out/lib/modules/$rel/build ($(du -sh "$top/out/lib/modules/$rel/build" | cut -f1))"
echo "try:    make -C $top/out/lib/modules/$rel/build M=$top/tests/modules/kbp_multi"
