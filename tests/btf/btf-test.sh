#!/bin/bash
# btf-test.sh SERIES LAYOUT    (KBP_FIXTURE_FLAVOUR: btf, the default, or full)
#
# Module BTF from a packed tree, on a fixture with CONFIG_DEBUG_INFO_BTF_MODULES=y
# (fixture.sh 7.2 obj x86_64 full, 6.1 obj x86_64 btf).  The test modules are built against the
# original tree and against packed trees (originals hidden):
#   --vmlinux=btf (default)  vmlinux holds only .BTF; module .BTF sections are
#                            (and 7.x's .BTF.base) byte-identical to the
#                            original build's; bpftool reads them with the
#                            packed vmlinux as base (-B), or with their
#                            distilled .BTF.base (7.x)
#   --vmlinux=full           vmlinux without debug sections; same module BTF
#   --vmlinux=none           a warning; modules have no .BTF and kbuild says
#                            "Skipping BTF generation"
# plus --list, verify, and the sizes of the three vmlinux files (printed).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
KBP_FIXTURE_FLAVOUR=${KBP_FIXTURE_FLAVOUR:-btf}
kbp_enter_ns "$0" "$@"
[ $# -eq 2 ] || die "usage: $0 SERIES LAYOUT"
kbp_setup "$1" "$2"
command -v bpftool >/dev/null || die "bpftool missing (apt-get install bpftool)"

grep -qx CONFIG_DEBUG_INFO_BTF_MODULES=y "$KTREE/.config" || die "fixture without CONFIG_DEBUG_INFO_BTF_MODULES"
VMLINUX=$KTREE/vmlinux
[ -f "$VMLINUX" ] || die "$VMLINUX missing"

# (no `readelf | grep -q`: with pipefail, grep's early exit fails the pipeline)
has_btf() { readelf -SW "$1" > "$S/sections" && grep -Eq '\] \.BTF +' "$S/sections"; }
size_of() { stat -c %s "$1"; }
# btf_of FILE OUT [SECTION]: the raw .BTF section, or SECTION (non-alloc in
# modules: objcopy -O binary drops it)
btf_of() { rm -f "$2"; objcopy --dump-section "${3:-.BTF}=$2" "$1" "$S/dump-section.junk"; }

# (kbp_setup runs every module build with pahole without -j: lib.sh)

# ----------------------------------------------------------- original build
kbp_copy_modules "$S/orig"
log "building test modules against the original tree"
kbp_build_modules "$KTREE" "$S/orig" || die "test modules do not build against the original tree"
for m in "${KBP_MODULES[@]}"; do
    has_btf "$S/orig/$m/$m.ko" || die "$m.ko built against the original tree has no .BTF (fixture broken?)"
done

# check_modules_btf DIR LABEL: .BTF of every module equals the original's
check_modules_btf() {
    local dir=$1 label=$2 m
    for m in "${KBP_MODULES[@]}"; do
        local ko=$dir/$m/$m.ko
        if ! has_btf "$ko"; then fail "$label: $m.ko has no .BTF"; continue; fi
        btf_of "$S/orig/$m/$m.ko" "$S/btf.orig"
        btf_of "$ko" "$S/btf.new"
        if [ -s "$S/btf.new" ] && cmp -s "$S/btf.orig" "$S/btf.new"; then
            pass "$label: $m.ko .BTF byte-identical to the original build's ($(size_of "$S/btf.new") bytes)"
        else
            fail "$label: $m.ko .BTF differs from the original build's"
        fi
        # 7.0+: resolve_btfids --distill_base (external modules) adds the
        # distilled base BTF, which lets the module's BTF survive a rebuilt vmlinux
        if readelf -SW "$S/orig/$m/$m.ko" > "$S/sections" && grep -Eq '\] \.BTF\.base +' "$S/sections"; then
            btf_of "$S/orig/$m/$m.ko" "$S/btfbase.orig" .BTF.base
            btf_of "$ko" "$S/btfbase.new" .BTF.base 2>/dev/null || true
            if [ -s "$S/btfbase.new" ] && cmp -s "$S/btfbase.orig" "$S/btfbase.new"; then
                pass "$label: $m.ko .BTF.base byte-identical to the original build's ($(size_of "$S/btfbase.new") bytes)"
            else
                fail "$label: $m.ko .BTF.base missing or differs from the original build's"
            fi
        fi
        if grep -q 'Skipping BTF generation' "$dir/$m.log"; then fail "$label: $m build log skips BTF"; fi
    done
}

# pack_build MODE: pack with --vmlinux=MODE into $S/out-MODE, build the modules in $S/mod-MODE
pack_build() {
    local mode=$1
    kbp_pack "$S/out-$mode" --vmlinux="$mode"
    cp "$S/pack.stderr" "$S/pack-$mode.stderr"
    kbp_copy_modules "$S/mod-$mode"
    log "building test modules against the packed tree (--vmlinux=$mode, original trees hidden)"
    kbp_build_modules "$PACKED" "$S/mod-$mode" hide || die "test modules do not build against the --vmlinux=$mode tree"
}

# ------------------------------------------------------------ --vmlinux=btf
pack_build btf
P=$PACKED
[ -f "$P/vmlinux" ] && pass "btf: packed tree has vmlinux" || die "btf: no vmlinux in the packed tree"
[ -x "$P/tools/bpf/resolve_btfids/resolve_btfids" ] && pass "btf: packed tree has resolve_btfids" \
    || fail "btf: no executable tools/bpf/resolve_btfids/resolve_btfids"
secs=$(readelf -SW "$P/vmlinux" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | tr '\n' ' ')
[ "$secs" = " .BTF .comment .shstrtab " ] && pass "btf: vmlinux sections are only .BTF, .comment and .shstrtab" \
    || fail "btf: vmlinux sections: $secs"
# dkms reads the compiler from vmlinux's .comment (clang kernels: CC=clang)
[ "$(readelf -p .comment "$P/vmlinux")" = "$(readelf -p .comment "$VMLINUX")" ] && pass "btf: vmlinux .comment equals the original's" \
    || fail "btf: vmlinux .comment differs from the original's"
[ "$(readelf -lW "$P/vmlinux" | grep -c 'There are no program headers')" = 1 ] && pass "btf: vmlinux has no program headers" \
    || fail "btf: vmlinux has program headers"
btf_of "$VMLINUX" "$S/vmlinux.btf.orig"
btf_of "$P/vmlinux" "$S/vmlinux.btf.packed"
cmp -s "$S/vmlinux.btf.orig" "$S/vmlinux.btf.packed" && pass "btf: vmlinux .BTF equals the original's" \
    || fail "btf: vmlinux .BTF differs from the original's"
check_modules_btf "$S/mod-btf" btf
for m in "${KBP_MODULES[@]}"; do
    ko=$S/mod-btf/$m/$m.ko
    # bpftool 7.1 (Debian 12) spells the base -B; newer ones also take "file X base Y"
    base=$P/vmlinux what="packed vmlinux"
    if readelf -SW "$ko" > "$S/sections" && grep -Eq '\] \.BTF\.base +' "$S/sections"; then
        # A distilled base (7.0+): the module's BTF is split on its
        # .BTF.base, which the kernel relocates onto vmlinux's BTF at load
        # time; bpftool 7.1 cannot, so it reads both sections raw.
        btf_of "$ko" "$S/$m.btfbase" .BTF.base
        btf_of "$ko" "$S/$m.btfraw"
        base=$S/$m.btfbase what=".BTF.base" ko=$S/$m.btfraw
    fi
    if bpftool -B "$base" btf dump file "$ko" > "$S/$m.btfdump" 2>&1; then
        pass "btf: bpftool -B <$what> btf dump file $m.ko ($(wc -l < "$S/$m.btfdump") lines)"
    else
        fail "btf: bpftool btf dump of $m.ko: $(tail -n 3 "$S/$m.btfdump")"
    fi
done
grep -q "^\[[0-9]*\] FUNC 'kbp_provider_add' " "$S/kbp_provider.btfdump" && pass "btf: kbp_provider's BTF names kbp_provider_add" \
    || fail "btf: kbp_provider_add not in kbp_provider's BTF"

"$KBUILD_PACK" pack --src "$SRC" ${OBJ:+--obj "$OBJ"} --list > "$S/list" 2>"$S/list.stderr" || die "--list failed"
grep -qP '^vmlinux\t[^\t]+\tvmlinux=btf\tmain$' "$S/list" && pass "--list shows vmlinux (rule vmlinux=btf)" \
    || fail "--list: $(grep '^vmlinux' "$S/list" || echo 'no vmlinux line')"
grep -qP '^tools/bpf/resolve_btfids/resolve_btfids\t' "$S/list" && pass "--list shows resolve_btfids" \
    || fail "--list has no resolve_btfids"
"$KBUILD_PACK" pack --src "$SRC" ${OBJ:+--obj "$OBJ"} --list --vmlinux=full > "$S/list-full" 2>/dev/null
grep -qP '^vmlinux\t[^\t]+\tvmlinux=full\tmain$' "$S/list-full" \
    && pass "--list --vmlinux=full shows vmlinux=full" || fail "--list --vmlinux=full"

if "$KBUILD_PACK" verify "$S/out-btf" > "$S/verify-btf" 2>&1; then pass "verify accepts the --vmlinux=btf tree"
else fail "verify on the --vmlinux=btf tree: $(cat "$S/verify-btf")"; fi

# ----------------------------------------------------------- --vmlinux=full
pack_build full
PF=$PACKED
readelf -SW "$PF/vmlinux" > "$S/sections.full"
if grep -Eq '\] \.(z?debug_)' "$S/sections.full"; then fail "full: vmlinux still has debug sections"
else pass "full: vmlinux has no debug sections"; fi
kbp_section "$VMLINUX" .text "$S/text.orig"
kbp_section "$PF/vmlinux" .text "$S/text.full"
cmp -s "$S/text.orig" "$S/text.full" && pass "full: vmlinux .text unchanged" || fail "full: vmlinux .text differs"
[ "$(readelf -lW "$VMLINUX" | grep -E '^ +[A-Z]')" = "$(readelf -lW "$PF/vmlinux" | grep -E '^ +[A-Z]')" ] \
    && pass "full: program headers unchanged" || fail "full: program headers differ"
nm "$PF/vmlinux" > "$S/nm.full" 2>&1 && grep -q ' T start_kernel$' "$S/nm.full" \
    && pass "full: symbol table kept (start_kernel)" || fail "full: nm: $(head -n 3 "$S/nm.full")"
check_modules_btf "$S/mod-full" full

# ----------------------------------------------------------- --vmlinux=none
pack_build none
PN=$PACKED
grep -q 'vmlinux=none.*no BTF' "$S/pack-none.stderr" && pass "none: pack warns that module BTF is lost" \
    || fail "none: no warning: $(cat "$S/pack-none.stderr")"
[ ! -e "$PN/vmlinux" ] && pass "none: no vmlinux in the packed tree" || fail "none: packed tree has a vmlinux"
for m in "${KBP_MODULES[@]}"; do
    if has_btf "$S/mod-none/$m/$m.ko"; then fail "none: $m.ko has a .BTF section"; else pass "none: $m.ko has no .BTF"; fi
    grep -q "Skipping BTF generation for .*$m.ko due to unavailability of vmlinux" "$S/mod-none/$m.log" \
        && pass "none: $m build log says Skipping BTF generation" || fail "none: $m build log does not skip BTF"
done
rc=0
"$KBUILD_PACK" verify "$S/out-none" > "$S/verify-none" 2>&1 || rc=$?
[ $rc -eq 1 ] && grep -q '^vmlinux: required file is missing (CONFIG_DEBUG_INFO_BTF_MODULES' "$S/verify-none" \
    && pass "verify reports the missing BTF base of the --vmlinux=none tree" \
    || fail "verify on the --vmlinux=none tree (exit $rc): $(cat "$S/verify-none")"

# ------------------------------------------------------------------- sizes
strip --strip-debug -o "$S/vmlinux.strip-debug" "$VMLINUX"
log "sizes: vmlinux $(size_of "$VMLINUX"), --vmlinux=full $(size_of "$PF/vmlinux")," \
    "strip --strip-debug $(size_of "$S/vmlinux.strip-debug"), --vmlinux=btf $(size_of "$P/vmlinux")" \
    "(.BTF $(size_of "$S/vmlinux.btf.orig"))"
[ "$(size_of "$P/vmlinux")" -lt $(( $(size_of "$S/vmlinux.btf.orig") + 4096 )) ] \
    && pass "btf: vmlinux is .BTF plus less than 4 KiB" || fail "btf: vmlinux is larger than expected"
kbp_finish
