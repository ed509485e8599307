#!/bin/bash
# pack-test.sh SERIES LAYOUT
#
# 1. Pack the read-only fixture; the fixture trees must be bit-for-bit and
#    metadata-identical before and after; the output has the expected shape,
#    holds no private key, has the programs this config runs, and verify
#    accepts it (and names those programs when a copy lacks them); on a
#    clang tree, verify --canary builds with the tree's clang (LLVM=-16)
#    by itself and names it when only other clangs are there.
# 2. Build every test module against the packed tree with the original trees
#    hidden (tmpfs over the fixture dir) and the packed tree read-only.
# 3. (a) every __versions CRC equals the one in the packed Module.symvers (or
#        the provider's, for kbp_consumer); the versioned symbol set is exact.
#    (b) vermagic equals the in-tree crc7.ko's; depends is exact.
#        With CONFIG_EXTENDED_MODVERSIONS the extended table equals __versions.
#    (c) the same modules built against the original trees give identical
#        .mod.c, __versions, .modinfo, objects and .ko files (DWARF kernels:
#        with the trees' paths mapped to one name, see lib.sh).
# KBP_FIXTURE_FLAVOUR (from CTest) picks the fixture's flavour, e.g. full.
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
kbp_check_bundled_modpost
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

# ------------------------------------------ 1b. what this config needs
# module signing: the public certificate only; the key kbuild generated
# (CONFIG_MODULE_SIG_KEY's default certs/signing_key.pem) must stay behind
if kbp_config_on CONFIG_MODULE_SIG; then
    [ -f "$KTREE/certs/signing_key.pem" ] || fail "CONFIG_MODULE_SIG fixture without its generated certs/signing_key.pem"
    [ ! -e "$PACKED/certs/signing_key.pem" ] && pass "the signing key certs/signing_key.pem is not packed" \
        || fail "the packed tree holds the signing key certs/signing_key.pem"
    cmp -s "$PACKED/certs/signing_key.x509" "$KTREE/certs/signing_key.x509" \
        && pass "certs/signing_key.x509 packed, identical" || fail "certs/signing_key.x509 missing or different"
    [ -x "$PACKED/scripts/sign-file" ] && pass "scripts/sign-file packed" || fail "no executable scripts/sign-file"
fi
keys=$(grep -rlsE -- '-----BEGIN ([A-Z]+ )?PRIVATE KEY-----' "$PACKED" || true)
[ -z "$keys" ] && pass "no private key material in the packed tree" || fail "private keys in the packed tree: $keys"
# every program Makefile.build/modfinal run for this config
want_progs=()
kbp_config_on CONFIG_GENDWARFKSYMS && want_progs+=(scripts/gendwarfksyms/gendwarfksyms)
# vmlinux, the BTF base, is only useful with the program that reads it
# next to pahole (7.0+: scripts/gen-btf.sh runs both)
[ -e "$PACKED/vmlinux" ] && want_progs+=(tools/bpf/resolve_btfids/resolve_btfids)
for p in "${want_progs[@]}"; do
    [ -x "$PACKED/$p" ] && pass "$p packed" || fail "packed tree lacks executable $p"
done
if kbp_config_on CONFIG_DEBUG_INFO_BTF_MODULES; then
    [ -f "$PACKED/vmlinux" ] && pass "vmlinux (BTF base) packed" || fail "CONFIG_DEBUG_INFO_BTF_MODULES but no vmlinux"
    [ "${SERIES%%.*}" -lt 7 ] || { [ -f "$PACKED/scripts/gen-btf.sh" ] && pass "scripts/gen-btf.sh packed" \
        || fail "7.x with CONFIG_DEBUG_INFO_BTF_MODULES but no scripts/gen-btf.sh"; }
fi
# verify reads the same manifests: it accepts this tree and names each
# program it loses (the tree copied, as $S/out is read-only later)
if "$KBUILD_PACK" verify "$S/out" > "$S/verify.out" 2>&1; then
    [ -s "$S/verify.out" ] && fail "verify passed but printed: $(cat "$S/verify.out")" || pass "verify accepts the packed tree"
else
    fail "verify of the packed tree: $(cat "$S/verify.out")"
fi
# a clang tree: verify --canary finds the tree's clang itself (LLVM is in
# no environment here: make gets LLVM=1 or LLVM=-MAJOR from it), and names
# that compiler in one line when another version answers
if kbp_config_on CONFIG_CC_IS_CLANG; then
    [ -z "${LLVM+set}" ] || die "LLVM is set in the environment: verify --canary must find it itself"
    if "$KBUILD_PACK" verify --canary "$S/out" > "$S/canary.out" 2>&1 && [ ! -s "$S/canary.out" ]; then
        pass "verify --canary builds its module with the tree's clang"
    else
        fail "verify --canary of the clang tree: $(tail -n 20 "$S/canary.out")"
    fi
    want_cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT=//p' "$KTREE/include/config/auto.conf")
    major=$(( $(sed -n 's/^CONFIG_CLANG_VERSION=//p' "$KTREE/include/config/auto.conf") / 10000 ))
    mkdir -p "$S/fakecc"
    printf '#!/bin/sh\necho "Debian clang version %s.0.0 (kbp-fake)"\n' "$major" > "$S/fakecc/clang-$major"
    printf '#!/bin/sh\necho "Debian clang version 1.0.0 (kbp-fake)"\n' > "$S/fakecc/clang"
    chmod +x "$S/fakecc/clang-$major" "$S/fakecc/clang"
    rc=0
    PATH=$S/fakecc:$PATH "$KBUILD_PACK" verify --canary "$S/out" > "$S/canary.out" 2> "$S/canary.err" || rc=$?
    echo "canary: this tree was built by $want_cc (CONFIG_CC_VERSION_TEXT), which is not here (clang: Debian clang version 1.0.0 (kbp-fake); clang-$major: Debian clang version $major.0.0 (kbp-fake)): install it and build modules with make LLVM=1 when it is clang, LLVM=-$major when it is clang-$major, or LLVM=/usr/lib/llvm-$major/bin/ (the directory of its tools)" > "$S/canary.want"
    if [ $rc = 1 ] && diff -u "$S/canary.want" "$S/canary.out" >&2 &&
       [ "$(cat "$S/canary.err")" = "$(kbp_verify_summary "$S/out" 1 "$KTREE" x86)" ]; then
        pass "verify --canary without the tree's clang names it and how to build with it, and runs no make"
    else
        fail "verify --canary with other clangs: exit $rc (want 1), stderr: $(cat "$S/canary.err")"
    fi
fi
if [ ${#want_progs[@]} -gt 0 ]; then
    cp -a "$S/out" "$S/out.bad"
    : > "$S/verify.want"
    for p in "${want_progs[@]}"; do
        rm "$S/out.bad/lib/modules/$REL/build/$p"
        case "$p" in
        */gendwarfksyms) echo "$p: required file is missing (CONFIG_GENDWARFKSYMS=y)" ;;
        */resolve_btfids) echo "$p: required file is missing (CONFIG_DEBUG_INFO_BTF_MODULES=y)" ;;
        esac >> "$S/verify.want"
    done
    rc=0
    "$KBUILD_PACK" verify "$S/out.bad" > "$S/verify.out" 2> "$S/verify.err" || rc=$?
    kbp_verify_summary "$S/out.bad" ${#want_progs[@]} "$KTREE" x86 > "$S/verify.err.want"
    if [ $rc = 1 ] && diff -u <(sort "$S/verify.want") <(sort "$S/verify.out") >&2 &&
       diff -u "$S/verify.err.want" "$S/verify.err" >&2; then
        pass "verify names the removed ${want_progs[*]}"
    else
        fail "verify of the tree without ${want_progs[*]}: exit $rc (want 1), output above"
    fi
    rm -rf "$S/out.bad"
fi

# ------------------------------------------------- 2. build against packed
kbp_ro_bind "$S/out" || die "cannot make $S/out read-only"
kbp_copy_modules "$S/mod"
log "building test modules against the packed tree (original trees hidden, packed tree read-only)"
kbp_build_modules "$PACKED" "$S/mod" hide || die "test modules do not build against the packed tree"
pass "all test modules build against the packed tree"

# ------------------------------------------------- 3a. CRCs, vermagic, depends
kbp_check_module_abi "$S/mod" "$PACKED/Module.symvers"

# ------------------------------------------------- 3b. modversions
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
    crcs=$S/$m.crcs # left by kbp_check_module_abi, with $S/$m.versions
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

# ------------------------------------------------- 3c. license, name
for m in "${KBP_MODULES[@]}"; do
    ko=$S/mod/$m/$m.ko
    lic=$(modinfo -F license "$ko")
    [ "$lic" = GPL ] || fail "$m: license '$lic'"
    nm=$(modinfo -F name "$ko")
    [ "$nm" = "$m" ] || fail "$m: modinfo name '$nm'"
done

# ------------------------------------------------- 3d. compare with original
# Build the same modules at the same path against the original trees.
mv "$S/mod" "$S/mod.packed"
kbp_copy_modules "$S/mod"
log "building test modules against the original (read-only) trees"
kbp_build_modules "$KTREE" "$S/mod" || die "test modules do not build against the original tree $KTREE"
mv "$S/mod" "$S/mod.orig"
kbp_compare_builds "$S/mod.orig" "$S/mod.packed" "original tree vs packed tree"

kbp_finish
