#!/bin/bash
# deb-split-parts-test.sh: dpkg-buildpackage of
# tests/packaging/split-parts/debian, whose debian/kbuild-pack-split has
# dh_kbuild_pack split the read-only 6.1 x86_64 and arm64 (cross) fixture
# kernels of one release and install each part into its package: common
# (Architecture: all), arch-x86, arch-arm64 and the flavours x86 and arm64
# (any; both install /usr/src/linux-headers-<release>, so they conflict).
# debian/rules is split/debian/rules (dh_strip, dh_dwz, dh_perl overridden:
# they would rewrite the parts' bytes). Checked: the Depends of flavour ->
# arch -> common at the exact version (dpkg itself refuses a flavour alone);
# each .deb holds exactly its part as "kbuild-pack split --out" writes it
# (names, bytes, modes, link targets); the packages are disjoint; each
# tree's three packages, installed with dpkg --root (an admin dir holding
# this machine's status, for make and libc), build the test modules (both
# fixtures hidden; arm64 cross) byte for byte as the original tree does;
# verify accepts them (../split/lib-split.sh).
# Prints each package's size.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_split_setup
kbpp_need dpkg-buildpackage dh fakeroot dpkg-deb dpkg

hp=linux-headers-$REL
src=$S/$hp
mkdir -p "$src/debian"
cp -a "$KBP_PKG_TESTS/deb-headers/debian/copyright" "$KBP_PKG_TESTS/deb-headers/debian/source" \
      "$KBP_PKG_TESTS/split/debian/rules" "$src/debian/"
sed "s/@RELEASE@/$REL/g" "$KBP_PKG_TESTS/split-parts/debian/control.in" > "$src/debian/control"
sed "s/@RELEASE@/$REL/g" "$KBP_PKG_TESTS/split-parts/debian/kbuild-pack-split" > "$src/debian/kbuild-pack-split"
sed "s/@RELEASE@/$REL/g" "$KBP_PKG_TESTS/deb-headers/debian/changelog.in" > "$src/debian/changelog"

export PATH=$KBP_TOP/packaging/debian:$PATH PERL5LIB=$KBP_TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}
export KBUILD_PACK KOBJ_X86=${T_DIR[x86]} KOBJ_ARM64=${T_DIR[arm64]}
(cd "$src" && kbpp_run "$S/dpkg-buildpackage.log" dpkg-buildpackage -us -uc -b)
ver=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
declare -A deb
for p in common arch-x86 arch-arm64 x86 arm64; do
    f=$(ls "$S/$hp-${p}_${ver}"_*.deb 2>/dev/null | head -n1)
    [ -n "$f" ] || die "dpkg-buildpackage did not make $hp-$p: $(cd "$S" && ls *.deb)"
    deb[$p]=$f
    log "size: $(basename "$f") $(stat -c %s "$f") bytes"
done
[ "$(dpkg-deb -f "${deb[common]}" Architecture)" = all ] && pass "the common package is Architecture: all" \
    || fail "the common package is Architecture: $(dpkg-deb -f "${deb[common]}" Architecture)"

# Depends: flavour -> arch -> common, at the exact version
for d in "x86 $hp-arch-x86" "arm64 $hp-arch-arm64" "arch-x86 $hp-common" "arch-arm64 $hp-common"; do
    set -- $d
    dpkg-deb -f "${deb[$1]}" Depends | tr ',' '\n' | sed 's/^ *//' | grep "^$hp-" > "$S/dep-$1" || true
    [ "$(cat "$S/dep-$1")" = "$2 (= $ver)" ] && pass "$hp-$1 depends on exactly $2 (= $ver)" \
        || fail "$hp-$1 depends on: $(tr '\n' ';' < "$S/dep-$1")"
done

# each package is its part
kbpp_split_parts "$S/parts"
for p in common arch-x86 arch-arm64 x86 arm64; do
    part=$p
    case $p in x86|arm64) part=flavour-$p ;; esac
    # its files and links, by dpkg-deb -c: "MODE OWNER SIZE DATE TIME ./PATH[ -> TARGET]"
    dpkg-deb -c "${deb[$p]}" | sed -E '/^d/d; s/^([^ ]+ +){5}\.//; s/ -> .*//' > "$S/$p.names" ||
        die "cannot list ${deb[$p]}"
    dpkg-deb -x "${deb[$p]}" "$S/payload-$p" || die "dpkg-deb -x ${deb[$p]} failed"
    # debhelper adds the package's own docs: the rest is the part
    rm -rf "$S/payload-$p/usr/share/doc/$hp-$p"
    (cd "$S/payload-$p" && rmdir --ignore-fail-on-non-empty -p usr/share/doc)
    grep -v "^/usr/share/doc/$hp-$p/" "$S/$p.names" > "$S/$p.names.part" || true
    kbpp_check_part "$part" "$S/payload-$p" "$S/$p.names.part"
done
kbpp_check_disjoint "common, arch-x86, arch-arm64, x86" "$S"/{common,arch-x86,arch-arm64,x86}.names
kbpp_check_disjoint "common, arch-x86, arch-arm64, arm64" "$S"/{common,arch-x86,arch-arm64,arm64}.names

# installed with dpkg: a flavour alone is refused, with its arch and common it builds modules
dpkg_root() { # ROOT: an admin dir that knows this machine's packages (make, gcc, libc)
    mkdir -p "$1/var/lib/dpkg/info" "$1/var/lib/dpkg/updates"
    cp /var/lib/dpkg/status "$1/var/lib/dpkg/status"
}
for arch in x86 arm64; do
    dpkg_root "$S/alone-$arch"
    if dpkg --root="$S/alone-$arch" -i "${deb[$arch]}" > "$S/alone-$arch.out" 2>&1; then
        fail "dpkg installs $hp-$arch without its arch and common packages"
    else
        grep -q "depends on $hp-arch-$arch (= $ver)" "$S/alone-$arch.out" && pass "dpkg refuses $hp-$arch alone: depends on $hp-arch-$arch (= $ver)" \
            || { fail "dpkg refused $hp-$arch alone, but not for its arch package:"; cat "$S/alone-$arch.out" >&2; }
    fi
    dpkg_root "$S/root-$arch"
    kbpp_run "$S/install-$arch.log" dpkg --root="$S/root-$arch" -i "${deb[common]}" "${deb[arch-$arch]}" "${deb[$arch]}"
    pass "dpkg --root installs common, arch-$arch and $arch together"
done
kbpp_split_modules
kbp_finish
