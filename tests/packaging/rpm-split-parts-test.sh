#!/bin/bash
# rpm-split-parts-test.sh: rpmbuild -bb of
# tests/packaging/split-parts/kbp-test-split-parts.spec, whose
# %kbuild_pack_split splits the read-only 6.1 x86_64 and arm64 (cross)
# fixture kernels of one release into parts and packages some of them.
# Both flavours install /usr/src/linux-headers-<release>: one rpmbuild
# packages common (noarch), arch-x86 and flavour x86, another common again,
# arch-arm64 and flavour arm64, with kbuild-pack's dependency generator
# (packaging/rpm/kbuild_pack_split.attr, beside rpm's own). Checked: the
# flavour's generated Requires on exactly the common and arch parts it was
# made with (their digests), which those packages provide; the arch
# package's Requires on the common one at the exact version-release (rpm
# itself refuses a flavour alone);
# both common packages hold the same files; each package's payload is
# exactly its part as "kbuild-pack split --out" writes it (names, bytes,
# modes, link targets), and its file list names exactly them; the packages
# are disjoint; each tree's three packages, installed with rpm --root, pass
# verify and build the test modules (both fixtures hidden; arm64 cross) byte
# for byte as the original tree does (../split/lib-split.sh). Prints each
# package's size.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_split_setup
kbpp_need rpmbuild rpm rpmdb rpm2cpio cpio

name=kbp-test-headers
ver=$(echo "$REL" | tr - _)-1
# rpm's file attributes and kbuild-pack's, as installed together: rpm
# takes the attribute names from %{_fileattrsdir} and their macros from its
# macro path (which names /usr/lib/rpm/fileattrs/*.attr): --load ours
mkdir -p "$S/fileattrs"
ln -s /usr/lib/rpm/fileattrs/*.attr "$KBP_TOP/packaging/rpm/kbuild_pack_split.attr" "$S/fileattrs/"
declare -A rpm
for arch in x86 arm64; do
    top=$S/rpmbuild-$arch; mkdir -p "$S/tmp"
    kbpp_run "$S/rpmbuild-$arch.log" rpmbuild -bb \
        --load "$KBP_TOP/packaging/rpm/macros.kbuild-pack" \
        --load "$KBP_TOP/packaging/rpm/kbuild_pack_split.attr" --define "_fileattrsdir $S/fileattrs" \
        --define "_topdir $top" --define "_tmppath $S/tmp" \
        --define "kbuild_pack $KBUILD_PACK" \
        --define "kobj_x86 ${T_DIR[x86]}" --define "kobj_arm64 ${T_DIR[arm64]}" \
        --define "kbp_arch $arch" --define "kbp_flavour $arch" \
        --define "_binary_payload w6.gzdio" \
        "$KBP_PKG_TESTS/split-parts/kbp-test-split-parts.spec"
    for p in common arch-$arch $arch; do
        f=$(ls "$top"/RPMS/*/"$name-$p-$ver".*.rpm 2>/dev/null | head -n1)
        [ -n "$f" ] || die "rpmbuild ($arch) did not make $name-$p: $(ls "$top"/RPMS/*/)"
        [ $p = common ] && p=common-$arch
        rpm[$p]=$f
        log "size: $(basename "$f") $(stat -c %s "$f") bytes"
    done
done
case "${rpm[common-x86]}" in */noarch/*) pass "the common package is noarch" ;; *) fail "the common package is not noarch: ${rpm[common-x86]}" ;; esac
case "${rpm[x86]}" in */noarch/*) fail "the flavour package is noarch" ;; *) pass "the arch and flavour packages are arch-specific" ;; esac

# Requires: arch -> common at the exact version-release (written), flavour
# -> the common and arch parts it was made with (generated: their digests,
# which their packages provide)
for r in "arch-x86 $name-common" "arch-arm64 $name-common"; do
    set -- $r
    rpm -qp --requires "${rpm[$1]}" | grep -v '^rpmlib(' > "$S/req-$1"
    [ "$(cat "$S/req-$1")" = "$2 = $ver" ] && pass "$name-$1 requires exactly $2 = $ver" \
        || fail "$name-$1 requires: $(tr '\n' ';' < "$S/req-$1")"
done
kbpp_split_parts "$S/parts"
cdir=$(cd "$S/parts/common/usr/src" && echo linux-headers-*)
digest() { sed -n '3s/^digest //p' "$1"; }
cdig=$(digest "$S/parts/common/usr/src/$cdir/.kbuild-pack-common")
for arch in x86 arm64; do
    adig=$(digest "$S/parts/arch-$arch/usr/src/$cdir/.kbuild-pack-arch-$arch")
    want_c="kbuild-pack-split($cdir/common) = $cdig" want_a="kbuild-pack-split($cdir/arch-$arch) = $adig"
    rpm -qp --requires "${rpm[$arch]}" | grep -v '^rpmlib(' > "$S/req-$arch"
    [ "$(cat "$S/req-$arch")" = "$(printf '%s\n%s' "$want_a" "$want_c")" ] \
        && pass "$name-$arch requires exactly (generated) $want_a and $want_c" \
        || fail "$name-$arch requires: $(tr '\n' ';' < "$S/req-$arch")"
    rpm -qp --provides "${rpm[arch-$arch]}" | grep '^kbuild-pack-split' > "$S/prov-$arch" || true
    [ "$(cat "$S/prov-$arch")" = "$want_a" ] && pass "$name-arch-$arch provides $want_a" \
        || fail "$name-arch-$arch provides: $(tr '\n' ';' < "$S/prov-$arch")"
done
rpm -qp --provides "${rpm[common-x86]}" | grep '^kbuild-pack-split' > "$S/prov-common" || true
[ "$(cat "$S/prov-common")" = "$want_c" ] && pass "$name-common provides $want_c" \
    || fail "$name-common provides: $(tr '\n' ';' < "$S/prov-common")"

# each package is its part; the common package of both builds is one
files() { # RPM: its files and links, absolute
    rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$1" | grep -v '^d' | cut -d' ' -f2-
}
cmp -s <(rpm -qp --qf '[%{FILENAMES} %{FILEMODES} %{FILEDIGESTS} %{FILELINKTOS}\n]' "${rpm[common-x86]}") \
       <(rpm -qp --qf '[%{FILENAMES} %{FILEMODES} %{FILEDIGESTS} %{FILELINKTOS}\n]' "${rpm[common-arm64]}") &&
    pass "the common packages of both builds hold the same files" || fail "the common packages of the two builds differ"
for p in common-x86 arch-x86 x86 arch-arm64 arm64; do
    part=$p
    case $p in common-x86) part=common ;; x86|arm64) part=flavour-$p ;; esac
    files "${rpm[$p]}" > "$S/$p.names"
    mkdir -p "$S/payload-$p"
    (cd "$S/payload-$p" && rpm2cpio "${rpm[$p]}" | cpio -idm --quiet) || die "rpm2cpio | cpio -idm of ${rpm[$p]} failed"
    kbpp_check_part "$part" "$S/payload-$p" "$S/$p.names"
done
kbpp_check_disjoint "common, arch-x86, arch-arm64, x86" "$S/common-x86.names" "$S/arch-x86.names" "$S/arch-arm64.names" "$S/x86.names"
kbpp_check_disjoint "common, arch-x86, arch-arm64, arm64" "$S/common-x86.names" "$S/arch-x86.names" "$S/arch-arm64.names" "$S/arm64.names"

# installed with rpm: a flavour alone is refused, with its arch and common it builds modules
for arch in x86 arm64; do
    root=$S/root-$arch
    mkdir -p "$root"
    rpmdb --root "$root" --initdb || die "rpmdb --root $root --initdb failed"
    if rpm --root "$root" -i --test "${rpm[$arch]}" > "$S/alone-$arch.out" 2>&1; then
        fail "rpm installs $name-$arch without its arch and common packages"
    else
        grep -q "kbuild-pack-split($cdir/arch-$arch) = [0-9a-f]* is needed by" "$S/alone-$arch.out" &&
            grep -q "kbuild-pack-split($cdir/common) = $cdig is needed by" "$S/alone-$arch.out" &&
            pass "rpm refuses $name-$arch alone: needs its common and arch-$arch parts" \
            || { fail "rpm refused $name-$arch alone, but not for its arch package:"; cat "$S/alone-$arch.out" >&2; }
    fi
    kbpp_run "$S/install-$arch.log" rpm --root "$root" -i "${rpm[common-x86]}" "${rpm[arch-$arch]}" "${rpm[$arch]}"
    pass "rpm --root installs common, arch-$arch and $arch together"
done
kbpp_split_modules
kbp_finish
