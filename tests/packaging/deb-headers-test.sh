#!/bin/bash
# deb-headers-test.sh: dpkg-buildpackage of tests/packaging/deb-headers, whose
# debian/rules is "dh $@ --with kbuild_pack" (the addon from packaging/debian,
# via PATH and PERL5LIB), turns the read-only 6.1 obj fixture kernel into
# linux-headers-<release>_*.deb; its contents are checked with dpkg-deb -c,
# it is extracted with dpkg-deb -x into a scratch root, the test modules are
# built against the extracted tree (CRCs, vermagic), and lintian must report
# no errors.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_setup 6.1 obj
kbpp_need dpkg-buildpackage dh fakeroot dpkg-deb lintian

pkg=$S/linux-headers-$REL
mkdir -p "$pkg"
cp -a "$KBP_PKG_TESTS/deb-headers/debian" "$pkg/"
for f in control changelog; do
    sed "s/@RELEASE@/$REL/g" "$pkg/debian/$f.in" > "$pkg/debian/$f" && rm "$pkg/debian/$f.in"
done

export PATH=$KBP_TOP/packaging/debian:$PATH PERL5LIB=$KBP_TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}
export KBUILD_PACK KSRC=$SRC KOBJ=$OBJ
(cd "$pkg" && kbpp_run "$S/dpkg-buildpackage.log" dpkg-buildpackage -us -uc -b)
grep -q '^   dh_kbuild_pack' "$S/dpkg-buildpackage.log" && pass "dh ran dh_kbuild_pack" || fail "dh did not run dh_kbuild_pack"
deb=$(ls "$S"/linux-headers-"$REL"_"$REL"_*.deb 2>/dev/null | head -n1)
[ -n "$deb" ] || die "no linux-headers-${REL}_*.deb in $S: $(ls "$S")"
pass "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# contents
dpkg-deb -c "$deb" > "$S/contents" || die "dpkg-deb -c failed"
hdr=usr/src/linux-headers-$REL
for f in Makefile Module.symvers .config include/generated/autoconf.h include/config/auto.conf scripts/mod/modpost; do
    grep -q " \./$hdr/$f\$" "$S/contents" && pass "package has /$hdr/$f" || fail "package lacks /$hdr/$f"
done
grep -q " \./lib/modules/$REL/build -> /$hdr\$" "$S/contents" && pass "/lib/modules/$REL/build -> /$hdr" \
    || fail "no /lib/modules/$REL/build -> /$hdr link: $(grep "lib/modules/$REL/build" "$S/contents" | head -n 2)"
grep -q " \./lib/modules/$REL/source -> build\$" "$S/contents" && pass "/lib/modules/$REL/source -> build" \
    || fail "no /lib/modules/$REL/source -> build link"
prov=$(dpkg-deb -f "$deb" Provides)
case "$prov" in *"linux-kbuild-$REL"*) pass "\${kbuild-pack:Release} substituted: Provides: $prov" ;;
    *) fail "Provides '$prov' lacks linux-kbuild-$REL (\${kbuild-pack:Release})" ;; esac
# mtimes clamped to the changelog date (SOURCE_DATE_EPOCH from dpkg-buildpackage)
sde=$(dpkg-parsechangelog -l "$pkg/debian/changelog" -STimestamp)
newer=$(dpkg-deb --fsys-tarfile "$deb" | tar -tv --full-time | awk -v lim="$(date -u -d "@$sde" '+%Y-%m-%d %H:%M:%S')" '($4 " " $5) > lim' | head -n 3)
[ -z "$newer" ] && pass "every mtime <= changelog date $(date -u -d "@$sde")" || { fail "files newer than SOURCE_DATE_EPOCH:"; echo "$newer" >&2; }

# extract and build against it
dpkg-deb -x "$deb" "$S/root" || die "dpkg-deb -x failed"
# build -> /usr/src/... is absolute (policy): build against the real directory
kbpp_check_modules "$S/root/$hdr"

# lintian
log "lintian $(basename "$deb")"
lrc=0
lintian --tag-display-limit 0 "$deb" > "$S/lintian.out" 2>&1 || lrc=$?
# tags seen, with counts
{ grep -E '^[EWIPNX]: ' "$S/lintian.out" | awk '{ print "  lintian: " $1 " " $3 }' | sort | uniq -c; } >&2 || true
# lintian exits 2 when --fail-on tags (errors) were found, 1 when it failed to run
[ $lrc -ne 1 ] || { cat "$S/lintian.out" >&2; die "lintian failed to run (exit 1)"; }
[ $lrc -eq 0 ] || grep -q '^E: ' "$S/lintian.out" || fail "lintian exit $lrc without E: lines"
if grep -q "^E: " "$S/lintian.out"; then
    fail "lintian reports $(grep -c '^E: ' "$S/lintian.out") errors, e.g.:"; { grep '^E: ' "$S/lintian.out" | head -n 10; } >&2 || true
else
    pass "lintian: no errors ($(grep -c '^W: ' "$S/lintian.out" || true) warnings)"
fi
kbp_finish
