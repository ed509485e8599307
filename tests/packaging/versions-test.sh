#!/bin/bash
# versions-test.sh SRCDIR VERSION: the version lives in project(VERSION) of
# CMakeLists.txt; debian/changelog and rpm/kbuild-pack.spec must repeat it.
set -uo pipefail
src=$1 ver=$2 fails=0
deb=$(sed -n '1s/^kbuild-pack (\([^)]*\)).*/\1/p' "$src/debian/changelog")
spec=$(sed -n 's/^Version:[[:space:]]*//p' "$src/rpm/kbuild-pack.spec")
spec_cl=$(grep -m1 -A0 '^\* ' "$src/rpm/kbuild-pack.spec" | sed -n 's/.* - \([^-]*\)-[^-]*$/\1/p')
for p in "debian/changelog:$deb" "rpm/kbuild-pack.spec Version:$spec" "rpm/kbuild-pack.spec %changelog:$spec_cl"; do
    what=${p%:*} got=${p##*:}
    if [ "$got" = "$ver" ]; then echo "ok: $what is $ver" >&2; else echo "FAIL: $what is '$got', CMakeLists.txt says $ver" >&2; fails=$((fails + 1)); fi
done
exit $((fails > 0))
