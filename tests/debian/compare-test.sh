#!/bin/bash
# compare-test.sh SERIES
#
# kbuild-pack's pack of Debian's own kernel (tests/fixture/debian-fixture.sh,
# KBP_FIXTURE_SH and KBP_FIXTURE_FLAVOUR from CTest) against Debian's own
# headers packages of the same version, file by file: the paths only one
# side has, and the files both have with other bytes, must each match a
# line of tests/debian/files-SERIES.txt (which says why); every line must match
# something. Prints the figures doc/debian.md quotes (files and apparent
# bytes of each side, per class).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] || die "usage: $0 SERIES"
kbp_setup "$1" obj
[ -n "$KBP_DEBIAN" ] || die "$FIX is not a Debian kernel fixture"
TABLE=$(dirname "$0")/files-$SERIES.txt
[ -r "$TABLE" ] || die "no $TABLE: the differences of $SERIES from Debian's packages are not explained"

kbp_pack "$S/out"

# Debian's packages as they install: the flavour, then the common part it
# includes, then linux-kbuild (the flavour's scripts and tools link there)
flavour=$FIX/debian/headers-$KBP_FIXTURE_FLAVOUR/usr/src/linux-headers-$REL
common=$(sed -n 's|^include /usr/src/\(linux-headers-[^/]*\)/Makefile$|\1|p' "$flavour/Makefile")
[ -n "$common" ] || die "$flavour/Makefile names no common part"
common=$FIX/debian/headers-common/usr/src/$common
kbuild=$(cd "$flavour" && readlink scripts)
kbuild=$FIX/debian/kbuild/usr/lib/$(basename "$(dirname "$kbuild")")
for d in "$flavour" "$common" "$kbuild"; do [ -d "$d" ] || die "no $d"; done
# the comparison, in one process (a cmp and a classification per path in
# shell took minutes: Debian's side has 20,000 paths): prints ok: and FAIL:
# lines as pass and fail do, then the figures; exits with the failures
# (at most 100)
rc=0
perl "$(dirname "$0")/compare.pl" "$TABLE" "$PACKED" "$flavour" "$common" "$kbuild" || rc=$?
[ "$rc" = 0 ] || FAILS=$((FAILS + rc))
kbp_finish
