# Helpers for the cross-built fixture tests; sourced after ../kernel/lib.sh.
#
# kbp_cross_setup SERIES LAYOUT ARCH [FLAVOUR]: like kbp_setup, on the
# fixture of tests/fixture/fixture.sh (FLAVOUR: e.g. full); also sets CROSS
# (CROSS_COMPILE prefix), KARCH (make's ARCH), ELFARCH (verify --host-arch
# name of the target) and exports ARCH/CROSS_COMPILE so every make
# (kbp_build_modules) cross-builds.
kbp_cross_setup() {
    SERIES=$1 LAYOUT=$2 KARCH=$3 FLAVOUR=${4:-}
    kbp_open_fixture kbp-cross "$SERIES" "$LAYOUT" "$KARCH" $FLAVOUR
    CROSS=$(cat "$FIX/cross-compile")
    case "$KARCH" in
        arm64) ELFARCH=aarch64; QEMU_USER=qemu-aarch64 ;;
        riscv) ELFARCH=riscv64; QEMU_USER=qemu-riscv64 ;;
        s390)  ELFARCH=s390x; QEMU_USER=qemu-s390x ;;
        *) die "unknown arch $KARCH" ;;
    esac
    export ARCH=$KARCH CROSS_COMPILE=$CROSS
    log "fixture $FIX (release $REL, $KARCH, CROSS_COMPILE=$CROSS, layout $LAYOUT${FLAVOUR:+, flavour $FLAVOUR}), scratch $S"
    kbp_reproducible_builds
}

# kbp_build_against KDIR MODDIR [hide]: the test modules, fresh in MODDIR,
# built against KDIR (dies if one does not build). With DWARF, KDIR's path
# is mapped too, beside the trees kbp_reproducible_builds maps (a packed
# tree of these tests may lie anywhere under $S).
kbp_build_against() {
    kbp_copy_modules "$2"
    KCFLAGS="${KCFLAGS:+$KCFLAGS -ffile-prefix-map=$1=/kbp-kernel}" kbp_build_modules "$1" "$2" ${3:-} ||
        die "test modules do not build against $1"
}

# kbp_elf_programs DIR: "path machine" of every ELF executable/shared object
kbp_elf_programs() {
    (cd "$1" && find . -type f -print0 | xargs -0 -r file -N -F '|' | grep -E '\| *ELF [0-9]+-bit .*(executable|shared object)' |
        sed -E 's/^\.\/([^|]*)\| *ELF [0-9]+-bit [LM]SB [^,]*, ([^,]*),.*/\1 \2/' | LC_ALL=C sort)
}

# kbp_module_build_programs CONFIG: the tree's programs that a build of the
# test modules runs, by the kernel's .config: fixdep, modpost, the symbol
# versioner (genksyms, or gendwarfksyms which replaces it) and, with BTF for
# modules, resolve_btfids.
kbp_module_build_programs() {
    local config=$1
    echo scripts/basic/fixdep
    echo scripts/mod/modpost
    if grep -qx 'CONFIG_GENDWARFKSYMS=y' "$config"; then
        echo scripts/gendwarfksyms/gendwarfksyms
    elif grep -qx 'CONFIG_MODVERSIONS=y' "$config"; then
        echo scripts/genksyms/genksyms
    fi
    if grep -qx 'CONFIG_DEBUG_INFO_BTF_MODULES=y' "$config"; then
        echo tools/bpf/resolve_btfids/resolve_btfids
    fi
}

# kbp_check_modules MODDIR KTREE: modversion CRCs, vermagic and depends of
# the cross-built test modules (kbp_check_module_abi), built for KARCH.
kbp_check_modules() {
    local m
    kbp_check_module_abi "$1" "$2/Module.symvers"
    for m in "${KBP_MODULES[@]}"; do
        "${CROSS}readelf" -h "$1/$m/$m.ko" | grep -q "Machine:.*$(kbp_machine_name)" || fail "$m.ko is not built for $KARCH"
    done
}

kbp_machine_name() {
    case "$KARCH" in arm64) echo AArch64 ;; riscv) echo RISC-V ;; s390) echo 'IBM S/390' ;; esac
}
