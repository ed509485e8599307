#!/bin/bash
# pack-test.sh SERIES LAYOUT
#
# 1. Pack the read-only fixture; the fixture trees must be bit-for-bit and
#    metadata-identical before and after; the output has the expected shape.
# 2. Build every test module against the packed tree with the original trees
#    hidden (tmpfs over the fixture dir) and the packed tree read-only.
# 3. (a) every __versions CRC equals the one in the packed Module.symvers (or
#        the provider's, for kbp_consumer); the versioned symbol set is exact.
#    (b) vermagic equals the in-tree crc7.ko's; depends is exact.
#    (c) the same modules built against the original trees give identical
#        .mod.c, __versions and .modinfo, and (reported) identical .ko files.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 2 ] || die "usage: $0 SERIES LAYOUT"
kbp_setup "$1" "$2"

TREES=("$SRC"); [ -n "$OBJ" ] && TREES+=("$OBJ")

# ---------------------------------------------------------------- 1. pack
log "snapshot of the fixture trees before packing"
kbp_snapshot "${TREES[@]}" > "$S/before.lst"
# shellcheck disable=SC2086
kbp_pack "$S/out" ${KBP_PACK_ARGS:-}
case " ${KBP_PACK_ARGS:-} " in
*" --modpost=bundled "*)
    cmp -s "$PACKED/scripts/mod/modpost" "$(dirname "$KBUILD_PACK")/kbuild-modpost" \
        && pass "scripts/mod/modpost is kbuild-modpost" || fail "--modpost=bundled did not install kbuild-modpost" ;;
esac
log "snapshot after packing"
kbp_snapshot "${TREES[@]}" > "$S/after.lst"
if cmp -s "$S/before.lst" "$S/after.lst"; then
    pass "fixture trees unchanged by packing ($(grep -c . "$S/before.lst") listing lines)"
else
    fail "fixture trees changed by packing:"; diff -u "$S/before.lst" "$S/after.lst" | head -n 40 >&2
fi

# output shape
[ "$(ls "$S/out/lib/modules")" = "$REL" ] && pass "lib/modules holds exactly $REL" \
    || fail "lib/modules holds '$(ls "$S/out/lib/modules" | tr '\n' ' ')', want '$REL'"
lnk=$(readlink "$S/out/lib/modules/$REL/source" || true)
[ "$lnk" = build ] && pass "source -> build" || fail "lib/modules/$REL/source -> '$lnk', want 'build'"
for f in Makefile Module.symvers .config include/config/auto.conf include/generated/autoconf.h \
         include/config/kernel.release scripts/mod/modpost scripts/basic/fixdep; do
    [ -e "$PACKED/$f" ] || fail "packed tree lacks $f"
done
if grep -qx 'CONFIG_OBJTOOL=y' "$PACKED/.config" 2>/dev/null; then
    [ -x "$PACKED/tools/objtool/objtool" ] && pass "objtool packaged" || fail "CONFIG_OBJTOOL=y but packed tree lacks executable tools/objtool/objtool"
fi
[ "$(cat "$PACKED/include/config/kernel.release" 2>/dev/null)" = "$REL" ] || fail "packed kernel.release != $REL"
cmp -s "$PACKED/Module.symvers" "$KTREE/Module.symvers" && pass "Module.symvers identical to the original" \
    || fail "packed Module.symvers differs from $KTREE/Module.symvers"
# symlinks must stay inside the output (no links back into the build host)
bad_links=$(cd "$S/out" && find . -type l -printf '%p\t%l\n' | while IFS=$'\t' read -r p l; do
    case "$l" in /*) echo "$p -> $l (absolute)"; continue ;; esac
    t=$(realpath -m "$S/out/$(dirname "$p")/$l")
    case "$t" in "$S/out"/*) ;; *) echo "$p -> $l (escapes the output)";; esac
    [ -e "$S/out/$(dirname "$p")/$l" ] || echo "$p -> $l (dangling)"
done)
[ -z "$bad_links" ] && pass "no absolute, escaping or dangling symlinks in the output" \
    || { fail "bad symlinks in the output:"; echo "$bad_links" | head -n 20 >&2; }
# no files that refer to the fixture by absolute path in what make reads
refs=$(grep -rlsF --include=Makefile --include='*.mk' --include=Kbuild --include=auto.conf "$FIX" "$PACKED" | head -n 10 || true)
[ -z "$refs" ] || { fail "packed makefiles still name the fixture path $FIX:"; echo "$refs" >&2; }
log "packed tree: $(du -sb "$PACKED" | cut -f1) bytes, $(find "$PACKED" -type f | wc -l) files"

# ------------------------------------------------- 2. build against packed
mount --bind "$S/out" "$S/out"
mount -o remount,bind,ro "$S/out"
kbp_copy_modules "$S/mod"
log "building test modules against the packed tree (original trees hidden, packed tree read-only)"
kbp_build_modules "$PACKED" "$S/mod" hide || die "test modules do not build against the packed tree"
pass "all test modules build against the packed tree"

# ------------------------------------------------- 3a. modversions
CRC7_KO=$(kbp_modroot_ko crc7)
[ -n "$CRC7_KO" ] || die "crc7.ko not found in $FIX/modroot"
kbp_symvers_crcs "$PACKED/Module.symvers" > "$S/kernel.crcs"
has_module_layout=$(awk '$2 == "module_layout"' "$S/kernel.crcs")

declare -A MUST=(
    [kbp_user]="crc7_be kfree"
    [kbp_provider]=""
    [kbp_consumer]="kbp_provider_add kbp_provider_mix"
    [kbp_multi]=""
)
for m in "${KBP_MODULES[@]}"; do
    ko=$S/mod/$m/$m.ko
    # every entry's CRC must be the exported one (the consumer's come from the provider too)
    if [ "$m" = kbp_consumer ]; then
        kbp_check_crcs "$ko" "$PACKED/Module.symvers" "$S/mod/kbp_provider/Module.symvers"
    else
        kbp_check_crcs "$ko" "$PACKED/Module.symvers"
    fi
    crcs=$S/$m.crcs
    # exact symbol set: the undefined symbols of the module object that are
    # exported (modpost's job), plus module_layout on kernels that have it
    nm -u "$S/mod/$m/$m.o" | awk '{print $2}' | LC_ALL=C sort -u > "$S/$m.undef"
    { join "$S/$m.undef" <(awk '{print $2}' "$crcs" | LC_ALL=C sort -u)
      [ -n "$has_module_layout" ] && echo module_layout; } | LC_ALL=C sort -u > "$S/$m.expect"
    awk '{print $2}' "$S/$m.versions" | LC_ALL=C sort -u > "$S/$m.got"
    for s in ${MUST[$m]} _printk; do
        [ "$s" = _printk ] && ! grep -qx _printk "$S/$m.undef" && s=printk
        grep -qx "$s" "$S/$m.expect" || fail "$m: expected symbol $s is not among the module's exported undefined symbols"
    done
    if cmp -s "$S/$m.expect" "$S/$m.got"; then
        pass "$m: versioned symbols exactly {$(tr '\n' ' ' < "$S/$m.got" | sed 's/ $//')}"
    else
        fail "$m: versioned symbol set differs (- expected, + in __versions):"
        diff -u "$S/$m.expect" "$S/$m.got" | tail -n +3 >&2
    fi
    # anything undefined that is neither exported nor defined by .mod.o?
    unres=$(comm -23 "$S/$m.undef" "$S/$m.expect" | grep -vx '__this_module' || true)
    [ -z "$unres" ] || fail "$m: undefined symbols without an export: $unres"
done

# ------------------------------------------------- 3b. vermagic, depends
want_vm=$(modinfo -F vermagic "$CRC7_KO")
case "$want_vm" in "$REL "*modversions*) ;; *) fail "in-tree crc7.ko vermagic '$want_vm' looks wrong" ;; esac
declare -A DEPENDS=([kbp_user]=crc7 [kbp_provider]= [kbp_consumer]=kbp_provider [kbp_multi]=)
for m in "${KBP_MODULES[@]}"; do
    ko=$S/mod/$m/$m.ko
    vm=$(modinfo -F vermagic "$ko")
    [ "$vm" = "$want_vm" ] && pass "$m: vermagic '$vm'" || fail "$m: vermagic '$vm', want '$want_vm'"
    dep=$(modinfo -F depends "$ko")
    [ "$dep" = "${DEPENDS[$m]}" ] && pass "$m: depends '$dep'" || fail "$m: depends '$dep', want '${DEPENDS[$m]}'"
    lic=$(modinfo -F license "$ko")
    [ "$lic" = GPL ] || fail "$m: license '$lic'"
    nm=$(modinfo -F name "$ko")
    [ "$nm" = "$m" ] || fail "$m: modinfo name '$nm'"
done

# ------------------------------------------------- 3c. compare with original
# Build the same modules at the same path against the original trees.
mv "$S/mod" "$S/mod.packed"
kbp_copy_modules "$S/mod"
log "building test modules against the original (read-only) trees"
kbp_build_modules "$KTREE" "$S/mod" || die "test modules do not build against the original tree $KTREE"
mv "$S/mod" "$S/mod.orig"
kbp_compare_builds "$S/mod.orig" "$S/mod.packed" "original tree vs packed tree"

kbp_finish
