# Helpers for the cross-built fixture tests; sourced after ../kernel/lib.sh.
#
# kbp_cross_setup SERIES LAYOUT ARCH [FLAVOUR]: like kbp_setup, on the
# fixture of tests/fixture/fixture.sh (FLAVOUR: e.g. full); also sets CROSS
# (CROSS_COMPILE prefix), KARCH (make's ARCH), the target's facts
# (kbp_cross_target) and exports ARCH/CROSS_COMPILE so every make
# (kbp_build_modules) cross-builds.
kbp_cross_setup() {
    SERIES=$1 LAYOUT=$2 KARCH=$3 FLAVOUR=${4:-}
    kbp_open_fixture kbp-cross "$SERIES" "$LAYOUT" "$KARCH" $FLAVOUR
    CROSS=$(cat "$FIX/cross-compile")
    kbp_cross_target "$KARCH"
    export ARCH=$KARCH CROSS_COMPILE=$CROSS
    log "fixture $FIX (release $REL, $KARCH, CROSS_COMPILE=$CROSS, layout $LAYOUT${FLAVOUR:+, flavour $FLAVOUR}), scratch $S"
    kbp_reproducible_builds
}

# kbp_cross_target KARCH: the target's facts, one line per target: ELFARCH
# (its verify --host-arch name); ELF_MACHINE, ELF_CLASS, ELF_DATA (readelf's
# Machine, Class and byte order of its ELF files); QEMU_USER that runs its
# host programs (empty: the build machine runs them itself, as an x86_64
# kernel runs i386 programs) and QEMU_LD where that finds their libc.
kbp_cross_target() {
    case "$1" in
        arm64)   set -- aarch64 'AArch64'     ELF64 little qemu-aarch64 / ;;
        riscv)   set -- riscv64 'RISC-V'      ELF64 little qemu-riscv64 /usr/riscv64-linux-gnu ;;
        s390)    set -- s390x   'IBM S/390'   ELF64 big    qemu-s390x   /usr/s390x-linux-gnu ;;
        powerpc) set -- ppc64le 'PowerPC64'   ELF64 little qemu-ppc64le /usr/powerpc64le-linux-gnu ;;
        arm)     set -- armhf   'ARM$'        ELF32 little qemu-arm     /usr/arm-linux-gnueabihf ;;
        i386)    set -- i386    'Intel 80386' ELF32 little -            - ;;
        *) die "unknown arch $1" ;;
    esac
    ELFARCH=$1 ELF_MACHINE=$2 ELF_CLASS=$3 ELF_DATA=$4 QEMU_USER=${5#-} QEMU_LD=${6#-}
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

# kbp_qemu_shims DIR LOG: each ELF program below DIR (an aarch64 one) run
# through qemu-aarch64, as on an arm64 machine: moved to PROG.target, PROG
# a shim that names the path it was called by in LOG. A shim called through
# a link (a flavour's into linux-kbuild) finds the program beside itself.
# vmlinux, the BTF base of modules, is ELF data, not a program.
kbp_qemu_shims() {
    local p
    (cd "$1" && find . -type f -print0 | xargs -0 -r file -N -F '|' | grep -E '\| *ELF .*(executable|shared object)' | cut -d'|' -f1) |
    while read -r p; do
        [ "${p##*/}" != vmlinux ] || continue
        mv "$1/$p" "$1/$p.target"
        printf '#!/bin/sh\necho "$0" >> %s\nexec qemu-aarch64 -L / "$(readlink -f "$0").target" "$@"\n' "$2" > "$1/$p"
        chmod 755 "$1/$p"
    done
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
        kbp_is_target_elf "$1/$m/$m.ko" || fail "$m.ko is not built for $KARCH ($ELFARCH)"
    done
}

# kbp_is_target_elf FILE: FILE is an ELF file of the target: its machine,
# class and byte order (ppc64le is not ppc64, armhf is 32-bit)
kbp_is_target_elf() {
    local h
    h=$(LC_ALL=C readelf -h "$1" 2>/dev/null) || return 1
    grep -q "Machine:.*$ELF_MACHINE" <<<"$h" && grep -q "Class: *$ELF_CLASS\$" <<<"$h" &&
        grep -q "Data:.*$ELF_DATA endian" <<<"$h"
}
