#!/bin/bash
# deb-hostile-names-test.sh: dpkg-buildpackage with the debhelper addon
# (dh --with kbuild_pack) on the quick tier's synthetic tree holding the file
# names of rpm-hostile-names-test.sh. dh_kbuild_pack writes no file list (it
# moves the packed tree into the package), so the .deb must hold exactly the
# names kbuild-pack packed, each with its own bytes, and no command in a name
# may run. A name dpkg cannot install (a newline) must stop the build with an
# error naming it. No root (fakeroot), no kernel.
set -uo pipefail
. "$(dirname "$0")/../lib/lib.sh"
for c in dpkg-buildpackage dh dpkg-deb; do command -v $c >/dev/null || { echo "SKIP: no $c" >&2; exit 77; }; done
[ "$(id -u)" = 0 ] || command -v fakeroot >/dev/null || { echo "SKIP: not root and no fakeroot" >&2; exit 77; }
KIND=deb
. "$(dirname "$0")/hostile-names/setup.sh"
# braces need no escape in a .deb
names+=('br{a,b}ce.h')
printf '%s\n' 'br{a,b}ce.h' >"$SRC/$H/br{a,b}ce.h"

pkg=$S/linux-headers-$REL
build() {
	rm -rf "$pkg" "$S"/*.deb
	mkdir -p "$pkg"
	cp -a "$HERE/deb-headers/debian" "$pkg/"
	for f in control changelog; do
		sed "s/@RELEASE@/$REL/g" "$pkg/debian/$f.in" >"$pkg/debian/$f" && rm "$pkg/debian/$f.in"
	done
	printf 'option --manifest %s\n' "$HERE/hostile-names/hostile.yaml" >>"$pkg/debian/kbuild-pack"
	# the synthetic tree's programs are bare ELF headers: no strip (kbuild-pack's NOTES)
	printf '#!/usr/bin/make -f\n%%:\n\tdh $@ --with kbuild_pack\noverride_dh_strip override_dh_dwz override_dh_perl:\n' \
		>"$pkg/debian/rules"
	(cd "$pkg" && PATH=$TOP/packaging/debian:$PATH PERL5LIB=$TOP/packaging/debian${PERL5LIB:+:$PERL5LIB} \
		KBUILD_PACK=$KBUILD_PACK KSRC=$SRC KOBJ=$OBJ dpkg-buildpackage -us -uc -b -d) >"$S/build.log" 2>&1
}

build || { tail -n 30 "$S/build.log" >&2; die "dpkg-buildpackage failed"; }
[ ! -e "$KBP_PWNED" ] && pass "no command in a name ran" || fail "$KBP_PWNED exists: a name ran a command"
deb=$(ls "$S"/linux-headers-"$REL"_*.deb) || die "no .deb"
dpkg-deb -x "$deb" "$S/root" || die "dpkg-deb -x failed"
"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --manifest "$HERE/hostile-names/hostile.yaml" --out "$S/whole" 2>/dev/null ||
	die "kbuild-pack failed"
(cd "$S/whole/lib/modules/$REL/build" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort) >"$S/want"
(cd "$S/root/usr/src/linux-headers-$REL" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort) >"$S/got"
diff -u "$S/want" "$S/got" >&2 && pass "the .deb holds exactly the $(wc -l <"$S/want") names kbuild-pack packed" ||
	fail "the .deb's names differ from kbuild-pack's"
bad=0
for n in "${names[@]}"; do [ "$(cat "$S/root/usr/src/linux-headers-$REL/$H/$n" 2>/dev/null)" = "$n" ] || { bad=1; fail "'$n' missing or not its bytes"; }; done
[ $bad = 0 ] && pass "each of the ${#names[@]} hostile names holds its own bytes"

# A name with a newline cannot be in a .deb: dpkg-deb stops the build, naming it.
touch "$SRC/$H/new"$'\n'"line.h"
refused "a newline in a name" "$S/build.log" \
	"dpkg-deb: error: newline not allowed in pathname './usr/src/linux-headers-$REL/$H/new"
kbp_finish
