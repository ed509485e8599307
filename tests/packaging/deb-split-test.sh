#!/bin/bash
# deb-split-test.sh: dpkg-buildpackage of tests/packaging/split/debian, two
# binary packages from the read-only 6.1 obj fixture kernel through
# dh_kbuild_pack's component settings: linux-headers-<release> (exclude-component
# objtool) and linux-objtool-<release> (component objtool of the test overlay
# split/objtool.yaml). Their contents (dpkg-deb -x) must be disjoint, hold
# together exactly the whole pack (names, bytes, modes, link targets), the
# objtool package exactly tools/objtool/objtool and none of the links beside
# build; the test modules build against the two installed together.
# debian/rules overrides dh_strip, dh_dwz and dh_perl: they would rewrite
# the packed ELF programs and perl scripts' "#!/usr/bin/env perl" (the rpm
# spec keeps the bytes with %__brp_strip %{nil}).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_setup 6.1 obj
kbpp_need dpkg-buildpackage dh fakeroot dpkg-deb

pkg=$S/linux-headers-$REL
mkdir -p "$pkg/debian"
cp -a "$KBP_PKG_TESTS/deb-headers/debian/copyright" "$KBP_PKG_TESTS/deb-headers/debian/source" "$pkg/debian/"
cp -a "$KBP_PKG_TESTS/split/debian/rules" "$pkg/debian/"
sed "s/@RELEASE@/$REL/g" "$KBP_PKG_TESTS/split/debian/control.in" > "$pkg/debian/control"
sed "s/@RELEASE@/$REL/g" "$KBP_PKG_TESTS/deb-headers/debian/changelog.in" > "$pkg/debian/changelog"
cp "$KBP_PKG_TESTS/split/debian/headers.kbuild-pack" "$pkg/debian/linux-headers-$REL.kbuild-pack"
cp "$KBP_PKG_TESTS/split/debian/objtool.kbuild-pack" "$pkg/debian/linux-objtool-$REL.kbuild-pack"

export PATH=$KBP_TOP/packaging/debian:$PATH PERL5LIB=$KBP_TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}
export KBUILD_PACK KSRC=$SRC KOBJ=$OBJ KBP_OVERLAY=$KBP_PKG_TESTS/split/objtool.yaml
(cd "$pkg" && kbpp_run "$S/dpkg-buildpackage.log" dpkg-buildpackage -us -uc -b)
hdeb=$(ls "$S"/linux-headers-"$REL"_"$REL"_*.deb 2>/dev/null | head -n1)
odeb=$(ls "$S"/linux-objtool-"$REL"_"$REL"_*.deb 2>/dev/null | head -n1)
[ -n "$hdeb" ] && [ -n "$odeb" ] || die "dpkg-buildpackage did not make both packages: $(ls "$S")"
pass "built $(basename "$hdeb") ($(stat -c %s "$hdeb") bytes) and $(basename "$odeb") ($(stat -c %s "$odeb") bytes)"

hdr=usr/src/linux-headers-$REL
dpkg-deb -c "$odeb" > "$S/ot.contents"
dpkg-deb -c "$hdeb" > "$S/h.contents"
for l in build source; do
    grep -q " \./lib/modules/$REL/$l -> " "$S/h.contents" && pass "headers package has /lib/modules/$REL/$l" \
        || fail "headers package lacks /lib/modules/$REL/$l"
    ! grep -q " \./lib/modules/$REL/$l" "$S/ot.contents" && pass "objtool package has no /lib/modules/$REL/$l" \
        || fail "objtool package has /lib/modules/$REL/$l too (dpkg would refuse to install both)"
done

for p in h ot; do
    deb=$([ $p = h ] && echo "$hdeb" || echo "$odeb")
    dpkg-deb -x "$deb" "$S/root-$p" || die "dpkg-deb -x $(basename "$deb") failed"
done
SOURCE_DATE_EPOCH=1705320000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --manifest "$KBP_OVERLAY" \
    --out "$S/whole" || die "the whole pack failed"
kbpp_check_split "$S/whole/lib/modules/$REL/build" "$S/root-h/$hdr" "$S/root-ot/$hdr" "$S/root-ot/$hdr"

# both installed: dpkg-deb -x of each into one root, then module builds
dpkg-deb -x "$hdeb" "$S/root-both" && dpkg-deb -x "$odeb" "$S/root-both" || die "cannot extract both"
kbpp_check_modules "$S/root-both/$hdr"
kbp_finish
