#!/bin/bash
# rpm-kernel-devel-test.sh: rpmbuild -bb of tests/packaging/rpm/kbp-test-kernel-devel.spec,
# which packs the read-only 6.1 obj fixture kernel with %kbuild_pack_install
# (the macro file from packaging/rpm, loaded with --load); checks the rpm's
# Provides and file list, extracts it with rpm2cpio | cpio -idm into a scratch
# root and builds the test modules against the extracted tree (CRCs, vermagic).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_setup 6.1 obj
kbpp_need rpmbuild rpm rpm2cpio cpio

top=$S/rpmbuild; mkdir -p "$S/tmp"
kbpp_run "$S/rpmbuild.log" rpmbuild -bb \
    --load "$KBP_TOP/packaging/rpm/macros.kbuild-pack" \
    --define "_topdir $top" --define "_tmppath $S/tmp" \
    --define "kbuild_pack $KBUILD_PACK" \
    --define "ksrc $SRC" --define "kobj $OBJ" \
    --define "_binary_payload w6.gzdio" \
    "$KBP_PKG_TESTS/rpm/kbp-test-kernel-devel.spec"
rpmf=$(ls "$top"/RPMS/*/kbp-test-kernel-devel-*.rpm 2>/dev/null | head -n1)
[ -n "$rpmf" ] || die "rpmbuild made no kbp-test-kernel-devel rpm"
pass "built $(basename "$rpmf") ($(stat -c %s "$rpmf") bytes)"

rpm -qp --provides "$rpmf" > "$S/provides"
evr=$(sed 's/-/_/2g' <<<"$REL") # the spec's: an EVR holds one '-'
grep -qx "kernel-devel-uname-r = $evr" "$S/provides" && pass "Provides: kernel-devel-uname-r = $evr" \
    || fail "no 'kernel-devel-uname-r = $evr' in: $(tr '\n' ';' < "$S/provides")"
rpm -qlp "$rpmf" > "$S/files"
for f in /usr/src/kernels/$REL/Makefile /usr/src/kernels/$REL/Module.symvers /usr/src/kernels/$REL/.config \
         /usr/src/kernels/$REL/scripts/mod/modpost /lib/modules/$REL/build /lib/modules/$REL/source; do
    grep -qx "$f" "$S/files" && pass "rpm has $f" || fail "rpm lacks $f"
done
# the packed files' mtimes are clamped to the %changelog date
sde=$(rpm -qp --qf '%{CHANGELOGTIME}\n' "$rpmf" | head -n1)
newer=$(rpm -qp --qf '[%{FILEMTIMES} %{FILENAMES}\n]' "$rpmf" | awk -v sde="$sde" '$1 > sde' | head -n 3)
[ -z "$newer" ] && pass "every file mtime <= %changelog date ($sde)" || { fail "files newer than SOURCE_DATE_EPOCH $sde:"; echo "$newer" >&2; }
# the packed files are the kernel's own bytes (rpm's per-file sha256 digests)
rpm -qp --qf '[%{FILEDIGESTS} %{FILENAMES}\n]' "$rpmf" > "$S/digests"
for f in .config Module.symvers scripts/basic/fixdep scripts/mod/modpost include/generated/autoconf.h; do
    want=$(sha256sum < "$OBJ/$f" | cut -d' ' -f1)
    got=$(awk -v f="/usr/src/kernels/$REL/$f" '$2 == f { print $1 }' "$S/digests")
    [ "$got" = "$want" ] && pass "rpm's $f is the kernel's (sha256 ${want:0:12})" \
        || fail "rpm's $f has sha256 '${got:-none}', the kernel's is $want"
done

mkdir -p "$S/root"
(cd "$S/root" && rpm2cpio "$rpmf" | cpio -idm --quiet) || die "rpm2cpio | cpio -idm failed"
lnk=$(readlink "$S/root/lib/modules/$REL/build" || true)
[ "$lnk" = "../../../usr/src/kernels/$REL" ] && pass "build -> $lnk" || fail "build -> '$lnk', want ../../../usr/src/kernels/$REL"
[ "$(readlink "$S/root/lib/modules/$REL/source" || true)" = build ] && pass "source -> build" || fail "source is not a link to build"
kbpp_check_modules "$S/root/lib/modules/$REL/build"
kbp_finish
