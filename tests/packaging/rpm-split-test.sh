#!/bin/bash
# rpm-split-test.sh: rpmbuild -bb of tests/packaging/split/kbp-test-split.spec,
# which packs the read-only 6.1 obj fixture kernel twice with
# %kbuild_pack_install -c (components main and objtool of the test overlay
# split/objtool.yaml) into two packages. Their payloads (rpm2cpio) must be
# disjoint, hold together exactly the whole pack (kbuild-pack with the same
# overlay: names, bytes, modes, link targets), the objtool package exactly
# tools/objtool/objtool; the test modules build against the two installed
# together. Prints the size of the whole pack and of the objtool part.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_setup 6.1 obj
kbpp_need rpmbuild rpm rpm2cpio cpio

overlay=$KBP_PKG_TESTS/split/objtool.yaml
top=$S/rpmbuild; mkdir -p "$S/tmp"
kbpp_run "$S/rpmbuild.log" rpmbuild -bb \
    --load "$KBP_TOP/packaging/rpm/macros.kbuild-pack" \
    --define "_topdir $top" --define "_tmppath $S/tmp" \
    --define "kbuild_pack $KBUILD_PACK" \
    --define "ksrc $SRC" --define "kobj $OBJ" --define "overlay $overlay" \
    --define "_binary_payload w6.gzdio" \
    "$KBP_PKG_TESTS/split/kbp-test-split.spec"
main=$(ls "$top"/RPMS/*/kbp-test-split-[0-9]*.rpm 2>/dev/null | head -n1)
ot=$(ls "$top"/RPMS/*/kbp-test-split-objtool-[0-9]*.rpm 2>/dev/null | head -n1)
[ -n "$main" ] && [ -n "$ot" ] || die "rpmbuild did not make both packages: $(ls "$top"/RPMS/*/)"
pass "built $(basename "$main") ($(stat -c %s "$main") bytes) and $(basename "$ot") ($(stat -c %s "$ot") bytes)"

# what rpm says each package owns
rpm -qlp "$ot" > "$S/ot.files"
rpm -qlp "$main" > "$S/main.files"
grep -qx "/usr/src/kernels/$REL/tools/objtool/objtool" "$S/ot.files" && pass "rpm -ql objtool package: tools/objtool/objtool" \
    || fail "the objtool rpm does not list tools/objtool/objtool"
! grep -qx "/usr/src/kernels/$REL/tools/objtool/objtool" "$S/main.files" && pass "the main rpm does not list objtool" \
    || fail "the main rpm lists objtool too"
for f in /lib/modules/$REL/build /lib/modules/$REL/source /usr/src/kernels/$REL/Makefile; do
    grep -qx "$f" "$S/main.files" && pass "main rpm has $f" || fail "main rpm lacks $f"
    ! grep -qx "$f" "$S/ot.files" || fail "objtool rpm has $f too"
done

for p in main ot; do
    mkdir -p "$S/root-$p"
    (cd "$S/root-$p" && rpm2cpio "${!p}" | cpio -idm --quiet) || die "rpm2cpio | cpio -idm of $p failed"
done
SOURCE_DATE_EPOCH=1705320000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --manifest "$overlay" \
    --out "$S/whole" --report "$S/whole.yaml" || die "the whole pack failed"
kbpp_check_split "$S/whole/lib/modules/$REL/build" "$S/root-main/usr/src/kernels/$REL" "$S/root-ot/usr/src/kernels/$REL" \
    "$S/root-ot/usr/src/kernels/$REL"

# sizes: the report's components section of the whole pack
python3 - "$S/whole.yaml" >&2 <<'PY'
import sys, yaml
r = yaml.safe_load(open(sys.argv[1]))
for c in r["components"]:
    print("  size: component %-8s %5d files %3d links %10d bytes" % (c["name"], c["files"], c["links"], c["bytes"]))
print("  size: whole pack       %5d files %3d links %10d bytes" % (r["totals"]["files"], r["totals"]["links"], r["totals"]["bytes"]))
PY

# the two installed together build modules
mkdir -p "$S/root-both"
(cd "$S/root-both" && rpm2cpio "$main" | cpio -idm --quiet && rpm2cpio "$ot" | cpio -idm --quiet) || die "cannot install both"
kbpp_check_modules "$S/root-both/lib/modules/$REL/build"
kbp_finish
