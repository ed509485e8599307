#!/bin/bash
# foreign-host-test.sh SERIES LAYOUT [FLAVOUR]
#
# The x86_64 fixture (of LAYOUT, obj or intree, and FLAVOUR, e.g. full) packed for an arm64 machine:
# --host-tools=target --cross-compile aarch64-linux-gnu- must rebuild every
# program, objtool included (CONFIG_OBJTOOL=y on the x86_64 fixture; arm64
# kernels have no objtool to prove it on), and with the full flavour
# gendwarfksyms and resolve_btfids.  pack --verify (no --host-arch) and
# verify --host-arch aarch64 pass, and
# the aarch64 programs, run through qemu-aarch64, build the test modules
# into .ko files byte-identical to the ones the build machine's programs
# make.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib-cross.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 2 ] || [ $# -eq 3 ] || die "usage: $0 SERIES LAYOUT [FLAVOUR]"
KBP_FIXTURE_FLAVOUR=${3:-}
kbp_setup "$1" "$2"
command -v qemu-aarch64 >/dev/null || die "qemu-aarch64 missing (apt-get install qemu-user)"

# --verify, without --host-arch, checks the programs against the machine
# they were rebuilt for, not this one
kbp_pack "$S/out" --host-tools=target --cross-compile aarch64-linux-gnu- --verify
grep -i 'warning' "$S/pack.stderr" >&2 && fail "--host-tools=target warned (a program was not rebuilt)" \
    || pass "--host-tools=target rebuilt every program (no warnings)"
P=$PACKED
"$KBUILD_PACK" verify --host-arch aarch64 "$S/out" > "$S/verify.out" 2>&1 \
    && pass "verify --host-arch aarch64 passes" || { fail "verify --host-arch aarch64:"; cat "$S/verify.out" >&2; }
readelf -h "$P/tools/objtool/objtool" | grep -q 'Machine:.*AArch64' && pass "objtool rebuilt for aarch64" \
    || fail "tools/objtool/objtool is not an aarch64 program"

kbp_pack "$S/ref"
kbp_build_against "$PACKED" "$S/mod"
mv "$S/mod" "$S/mod.build"

cp -a "$S/out" "$S/emu"
E=$S/emu/lib/modules/$REL/build
: > "$S/shim.log"
kbp_qemu_shims "$E" "$S/shim.log"
kbp_build_against "$E" "$S/mod"
mv "$S/mod" "$S/mod.target"
{ kbp_module_build_programs "$P/.config"; echo tools/objtool/objtool; } > "$S/runs"
while read -r p; do
    n=$(grep -c "$p\$" "$S/shim.log" || true)
    [ "$n" -gt 0 ] && pass "the module builds ran the aarch64 $p $n time(s)" || fail "the module builds never ran the aarch64 $p"
done < "$S/runs"
same=0
for m in "${KBP_MODULES[@]}"; do
    if cmp -s "$S/mod.build/$m/$m.ko" "$S/mod.target/$m/$m.ko"; then same=$((same + 1)); else fail "$m.ko differs"; fi
done
[ $same = ${#KBP_MODULES[@]} ] && pass "all $same .ko files byte-identical (build-machine programs vs aarch64 programs under qemu-aarch64)"
kbp_finish
