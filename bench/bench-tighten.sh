#!/bin/bash
# bench-tighten.sh BEFORE_MANIFEST_DIR [SERIES:LAYOUT[:FLAVOUR]]
#
# What a manifest change (the tightening doc/audit.md argues for) saves and
# whether it costs a working build: packs a fixture kernel (default 6.1:obj)
# with the manifests of BEFORE_MANIFEST_DIR (e.g. `git archive main
# manifests | tar -x -C DIR`, then DIR/manifests) and with the current ones
# (this checkout's manifests/), and with the kernel's own packaging on the
# same tree (bench/deploy_kernel_headers.sh, 6.1's builddeb logic;
# bench/install_extmod_build.sh, 6.3+), prints output size (du -sb) and
# file count of each, then builds the test modules against the two packed
# trees (original trees hidden) and compares the .ko files byte for byte.
#
# Environment: KBUILD_PACK (default: <repo>/build/bin/kbuild-pack),
#              KBP_FIXTURE_CACHE, KBP_KEEP=1 (keep scratch).
# Not a ctest test: needs root (read-only bind mounts, mount namespaces).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
BEFORE=$(cd "$1" && pwd)
IFS=: read -r B_SERIES B_LAYOUT B_FLAVOUR <<< "${2:-6.1:obj}"
KBP_FIXTURE_FLAVOUR=$B_FLAVOUR
kbp_setup "$B_SERIES" "$B_LAYOUT"
OBJTREE=${OBJ:-$SRC}
trees=(--src "$SRC")
[ -n "$OBJ" ] && trees+=(--obj "$OBJ")

"$KBUILD_PACK" -q "${trees[@]}" -M "$BEFORE" --out "$S/before"
"$KBUILD_PACK" -q "${trees[@]}" -M "$REPO/manifests" --out "$S/after"
"$HERE/deploy_kernel_headers.sh" "$SRC" "$OBJTREE" "$S/dkh61"
[ -x "$SRC/scripts/package/install-extmod-build" ] && "$HERE/install_extmod_build.sh" "$SRC" "$OBJTREE" "$S/extmod" >/dev/null

echo "kernel $REL ($B_SERIES $B_LAYOUT${B_FLAVOUR:+ $B_FLAVOUR} fixture)"
printf '%-36s %14s %8s\n' "" bytes files
for t in before after dkh61 extmod; do
    [ -d "$S/$t" ] || continue
    case $t in
        before) l="kbuild-pack, manifests before" ;; after) l="kbuild-pack, manifests after" ;;
        dkh61) l="deploy_kernel_headers 6.1" ;; extmod) l="install-extmod-build $B_SERIES" ;;
    esac
    printf '%-36s %14s %8s\n' "$l" "$(du -sb "$S/$t" | cut -f1)" "$(find "$S/$t" -type f | wc -l)"
done
echo "only before: $(diff <(cd "$S/before" && find . | sort) <(cd "$S/after" && find . | sort) | grep -c '^<' || true) paths;" \
     "only after: $(diff <(cd "$S/before" && find . | sort) <(cd "$S/after" && find . | sort) | grep -c '^>' || true) paths"

# in one module directory (its path is in the DWARF of a debug kernel's modules)
for t in before after; do
    kdir=$S/$t/lib/modules/$REL/build
    kbp_copy_modules "$S/mod"
    KCFLAGS="${KCFLAGS:+$KCFLAGS -ffile-prefix-map=$kdir=/kbp-kernel}" kbp_build_modules "$kdir" "$S/mod" hide ||
        die "test modules do not build against the tree packed with the $t manifests"
    mv "$S/mod" "$S/mod-$t"
done
sums() { (cd "$1" && find . -name '*.ko' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
diff <(sums "$S/mod-before") <(sums "$S/mod-after") >&2 || die "the modules differ"
echo "test modules: $(sums "$S/mod-after" | wc -l) .ko files, byte-identical against both trees"
