#!/bin/bash
# rpm-hostile-names-test.sh: rpmbuild -bb of hostile-names/kbp-test-hostile.spec
# (%kbuild_pack_install -c) on the quick tier's synthetic tree holding files
# whose names rpm would macro-expand, split or glob in a %files list. The
# main package must list exactly the packed part's names (rpm -qlp), the
# neighbour package exactly its own, and no command in a name may run. A
# name rpm cannot be given ('{...}', a newline) must stop rpmbuild with an
# error naming it. No root, no kernel.
set -uo pipefail
. "$(dirname "$0")/../lib/lib.sh"
for c in rpmbuild rpm; do command -v $c >/dev/null || { echo "SKIP: no $c" >&2; exit 77; }; done
KIND=rpm
. "$(dirname "$0")/hostile-names/setup.sh"

# build SPEC_DEFINES...: rpmbuild -bb of the spec into $S/rpmbuild; log in $S/rpmbuild.log
build() {
	rm -rf "$S/rpmbuild"
	mkdir -p "$S/rpmbuild/tmp"
	rpmbuild -bb --load "$TOP/packaging/rpm/macros.kbuild-pack" \
		--define "_topdir $S/rpmbuild" --define "_tmppath $S/rpmbuild/tmp" \
		--define "kbuild_pack $KBUILD_PACK" --define "ksrc $SRC" --define "kobj $OBJ" \
		--define "overlay $HERE/hostile-names/hostile.yaml" --define "_binary_payload w6.gzdio" \
		"$HERE/hostile-names/kbp-test-hostile.spec" >"$S/rpmbuild.log" 2>&1
}

build || { tail -n 30 "$S/rpmbuild.log" >&2; die "rpmbuild failed"; }
[ ! -e "$KBP_PWNED" ] && pass "no command in a name ran" || fail "$KBP_PWNED exists: a name ran a command"
main=$(ls "$S"/rpmbuild/RPMS/*/kbp-test-hostile-[0-9]*.rpm) && nb=$(ls "$S"/rpmbuild/RPMS/*/kbp-test-hostile-neighbour-[0-9]*.rpm) ||
	die "rpmbuild did not make both packages"
# what each package must own: its part as kbuild-pack packs it, below /usr/src/kernels/REL
for c in main neighbour; do
	"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --manifest "$HERE/hostile-names/hostile.yaml" --component $c \
		--out "$S/part-$c" 2>/dev/null || die "kbuild-pack --component $c failed"
	# each part owns the top directory (%dir); main the links beside build too
	{ echo "/usr/src/kernels/$REL"
	  [ $c = main ] && printf '%s\n' "/lib/modules/$REL/build" "/lib/modules/$REL/source"
	  (cd "$S/part-$c/lib/modules/$REL/build" && find . -mindepth 1 -printf "/usr/src/kernels/$REL/%P\n"); } |
		LC_ALL=C sort >"$S/want-$c"
done
rpm -qlp "$main" | LC_ALL=C sort >"$S/got-main"
rpm -qlp "$nb" | LC_ALL=C sort >"$S/got-neighbour"
for c in main neighbour; do
	diff -u "$S/want-$c" "$S/got-$c" >&2 && pass "rpm -qlp of the $c package: exactly its $(wc -l <"$S/want-$c") names" ||
		fail "rpm -qlp of the $c package differs from the names kbuild-pack packed"
done
for n in "${names[@]}"; do
	grep -qxF "/usr/src/kernels/$REL/$H/$n" "$S/got-main" || fail "the main package does not list '$n'"
done
[ $FAILS -eq 0 ] && pass "each of the ${#names[@]} hostile names is listed"
grep -qF "$H/gx.h" "$S/got-main" && fail "g*.h's glob caught gx.h into the main package"
# every file of the main package is the one of its name (rpm2cpio: bytes = name)
if command -v rpm2cpio >/dev/null && command -v cpio >/dev/null; then
	mkdir -p "$S/x" && (cd "$S/x" && rpm2cpio "$main" | cpio -idm --quiet 2>/dev/null)
	bad=0
	for n in "${names[@]}"; do [ "$(cat "$S/x/usr/src/kernels/$REL/$H/$n")" = "$n" ] || bad=1; done
	[ $bad = 0 ] && pass "each hostile file holds its own bytes" || fail "a hostile file holds another's bytes"
fi

# A name rpm cannot be given: a clear error naming it, no package.
msg="kbuild-pack: error: /usr/src/kernels/$REL/$H"
touch "$SRC/$H/br{a,b}ce.h"
refused "br{a,b}ce.h" "$S/rpmbuild.log" \
	"$msg/br{a,b}ce.h: cannot be named in an rpm %files list: it holds '{' or '}' (rpm expands {a,b} in a %files name and cannot escape it)"
rm "$SRC/$H/br{a,b}ce.h"
touch "$SRC/$H/new"$'\n'"line.h"
refused "a newline in a name" "$S/rpmbuild.log" \
	"$msg/new\\nline.h: cannot be named in an rpm %files list: it holds a control character (rpm refuses them; a newline would end the line)"
kbp_finish
