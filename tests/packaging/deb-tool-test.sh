#!/bin/bash
# deb-tool-test.sh TARBALL VERSION: dpkg-buildpackage -us -uc -b of the tool
# itself, from the dist tarball unpacked in a scratch dir (the checkout is not
# written); checks the .deb's contents and metadata with dpkg-deb, and runs
# the packaged binary.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
tarball=$1 ver=$2
[ -f "$tarball" ] || die "no dist tarball $tarball (cmake --build . --target dist)"
kbpp_need dpkg-buildpackage dh fakeroot dpkg-deb
kbpp_scratch
tar -xzf "$tarball" -C "$S"
src=$S/kbuild-pack-$ver
[ -f "$src/debian/control" ] || die "tarball lacks kbuild-pack-$ver/debian/control"
(cd "$src" && kbpp_run "$S/dpkg-buildpackage.log" dpkg-buildpackage -us -uc -b)
# debhelper's cmake: build type None, CFLAGS and CPPFLAGS of dpkg-buildflags
# with debian/rules' DEB_BUILD_MAINT_OPTIONS
flags=$(cd "$src" && export DEB_BUILD_MAINT_OPTIONS="$(sed -n 's/^export DEB_BUILD_MAINT_OPTIONS *= *//p' debian/rules)" &&
        echo "$(dpkg-buildflags --get CFLAGS) $(dpkg-buildflags --get CPPFLAGS)")
kbpp_build_flags "$S/dpkg-buildpackage.log" "$flags"
grep -q -- '-L quick' "$S/dpkg-buildpackage.log" && grep -qE '^100% tests passed' "$S/dpkg-buildpackage.log" \
    && pass "dh_auto_test ran the quick tests: $(grep -E '^100% tests passed' "$S/dpkg-buildpackage.log")" \
    || fail "dh_auto_test did not run and pass ctest -L quick"
deb=$S/kbuild-pack_${ver}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || die "no $(basename "$deb"): $(ls "$S")"
pass "built $(basename "$deb")"

dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's,^\./,/,' > "$S/contents"
for f in /usr/bin/kbuild-pack /usr/bin/kbuild-modpost /usr/bin/dh_kbuild_pack \
         /usr/share/perl5/Debian/Debhelper/Sequence/kbuild_pack.pm \
         /usr/share/kbuild-pack/manifests/common.yaml /usr/share/kbuild-pack/manifests/arch/x86.yaml \
         /usr/share/kbuild-pack/kbuild-modpost-src/Makefile /usr/share/kbuild-pack/kbuild-modpost-src/modpost/main.c \
         /usr/share/man/man1/kbuild-pack.1.gz /usr/share/man/man1/dh_kbuild_pack.1.gz \
         /usr/lib/rpm/macros.d/macros.kbuild-pack /usr/share/doc/kbuild-pack/copyright; do
    grep -qx "$f" "$S/contents" && pass "deb has $f" || fail "deb lacks $f"
done
[ "$(dpkg-deb -f "$deb" Version)" = "$ver" ] && pass "Version: $ver" || fail "Version: $(dpkg-deb -f "$deb" Version), want $ver"
case "$(dpkg-deb -f "$deb" Provides)" in *dh-sequence-kbuild-pack*) pass "Provides: dh-sequence-kbuild-pack" ;;
    *) fail "Provides lacks dh-sequence-kbuild-pack" ;; esac
dpkg-deb -x "$deb" "$S/root"
v=$("$S/root/usr/bin/kbuild-pack" --version) && [ "$v" = "kbuild-pack $ver" ] && pass "packaged kbuild-pack --version: $v" \
    || fail "packaged kbuild-pack --version: '${v:-}'"
perl -I"$S/root/usr/share/perl5" -c "$S/root/usr/bin/dh_kbuild_pack" 2>/dev/null && pass "packaged dh_kbuild_pack compiles" \
    || fail "packaged dh_kbuild_pack does not compile"
# the sources --host-tools=target builds kbuild-modpost from for another
# machine: whole, they build it (here for this one: the same program)
cp -R "$S/root/usr/share/kbuild-pack/kbuild-modpost-src" "$S/kms"
kbpp_run "$S/kms.log" make -C "$S/kms" CC=cc
cmp <("$S/root/usr/bin/kbuild-modpost" --help 2>&1) <("$S/kms/kbuild-modpost" --help 2>&1) \
    && pass "the packaged kbuild-modpost-src builds a kbuild-modpost" || fail "kbuild-modpost from the packaged sources differs"
kbp_finish
