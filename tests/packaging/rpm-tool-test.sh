#!/bin/bash
# rpm-tool-test.sh TARBALL VERSION SPEC [MACROS]: rpmbuild -bb of the tool's
# own spec with the dist tarball as Source0 (Debian's rpm: no %cmake, so the
# spec's plain-macro branch builds, unless MACROS, e.g. the Fedora-shaped
# rpm/fedora-cmake.macros, is loaded; --nodeps as the rpm database holds no
# BuildRequires here); checks rpm -qlp, runs the packaged binary and loads
# the packaged macro file.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
tarball=$1 ver=$2 spec=$3 macros=${4:-}
load=()
[ -n "$macros" ] && load=(--load "$macros")
[ -f "$tarball" ] || die "no dist tarball $tarball (cmake --build . --target dist)"
kbpp_need rpmbuild rpm rpm2cpio cpio
kbpp_scratch
top=$S/rpmbuild
mkdir -p "$top/SOURCES" "$S/tmp"
cp "$tarball" "$top/SOURCES/"
kbpp_run "$S/rpmbuild.log" rpmbuild -bb --nodeps "${load[@]}" \
    --define "_topdir $top" --define "_tmppath $S/tmp" "$spec"
if [ -n "$macros" ]; then
    # the %cmake branch ran: Fedora's out-of-source build dir and flags
    bdir=$(rpm "${load[@]}" --eval '%{_vpath_builddir}')
    grep -qE -- "cmake -S \. -B $bdir .*-DSHARE_INSTALL_PREFIX" "$S/rpmbuild.log" \
        && pass "%cmake configured $bdir" || fail "the spec did not take its %cmake branch (no cmake -S . -B $bdir)"
fi
kbpp_build_flags "$S/rpmbuild.log" "$(rpm "${load[@]}" --eval '%{optflags}')"
grep -qE '^100% tests passed' "$S/rpmbuild.log" && pass "%check: $(grep -E '^100% tests passed' "$S/rpmbuild.log")" \
    || fail "%check did not run and pass ctest -L quick"
rpmf=$(ls "$top"/RPMS/*/kbuild-pack-"$ver"-*.rpm 2>/dev/null | grep -v "/kbuild-pack-debug" | head -n1)
[ -n "$rpmf" ] || die "no kbuild-pack-$ver rpm in $top/RPMS"
pass "built $(basename "$rpmf")"
rpm -qlp "$rpmf" > "$S/files"
macrodir=$(rpm --eval '%{_rpmmacrodir}')
for f in /usr/bin/kbuild-pack /usr/bin/kbuild-modpost /usr/share/kbuild-pack/manifests/common.yaml \
         /usr/share/kbuild-pack/manifests/arch/x86.yaml "$macrodir/macros.kbuild-pack"; do
    grep -qx "$f" "$S/files" && pass "rpm has $f" || fail "rpm lacks $f"
done
grep -qE '^/usr/share/man/man1/kbuild-pack\.1(\.gz|\.xz|\.bz2|\.zst)?$' "$S/files" && pass "rpm has kbuild-pack(1)" || fail "rpm lacks kbuild-pack(1)"
grep -q 'dh_kbuild_pack\|perl5' "$S/files" && fail "rpm ships the debhelper addon" || pass "no debhelper addon in the rpm"
mkdir -p "$S/root"
(cd "$S/root" && rpm2cpio "$rpmf" | cpio -idm --quiet)
v=$("$S/root/usr/bin/kbuild-pack" --version) && [ "$v" = "kbuild-pack $ver" ] && pass "packaged kbuild-pack --version: $v" \
    || fail "packaged kbuild-pack --version: '${v:-}'"
m=$(rpm --load "$S/root$macrodir/macros.kbuild-pack" --eval '%{kbuild_pack}')
[ "$m" = /usr/bin/kbuild-pack ] && pass "packaged macros: %kbuild_pack = $m" || fail "packaged macros: %kbuild_pack = '$m'"
kbp_finish
