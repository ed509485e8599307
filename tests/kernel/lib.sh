# Shared helpers for kbuild-pack's real-kernel integration tests.
# Sourced by the tests/kernel/*.sh scripts; not executable on its own.
#
# Conventions:
#   KBUILD_PACK   path of the tool under test (set by CTest)
#   KBP_FIXTURE_CACHE  passed through to tests/fixture/fixture.sh
#   KBP_KEEP=1    keep the scratch dir (its path is printed) for debugging
#
# Every test re-executes itself in a private mount namespace (kbp_enter_ns),
# so the read-only bind mounts and tmpfs overlays it makes vanish with it,
# even when it is killed by a CTest timeout.

. "$(dirname "${BASH_SOURCE[0]}")/../lib/lib.sh"
# the fixture builder: tests/fixture/fixture.sh, or another of its
# signature (CTest gives tests/debian's debian-fixture.sh)
KBP_FIXTURE_SH=${KBP_FIXTURE_SH:-$KBP_TESTS_DIR/fixture/fixture.sh}
KBP_FIXTURE_FLAVOUR=${KBP_FIXTURE_FLAVOUR:-} # fixture.sh's FLAVOUR (btf, full), set by CTest
KBP_MODULES_SRC=$KBP_TESTS_DIR/modules
KBP_MAKE_VARS=() KBP_AUDIT_MAKE_ARGS=() # kbp_open_fixture: the fixture's make variables
KBP_BUILD_ROOT= # kbp_open_fixture: the build root the fixture's makes run in, if any
KBP_IN_ROOT=() # and the command that runs a program there (kbp_in_build_root)
# build order = load order
KBP_MODULES=(kbp_user kbp_provider kbp_consumer kbp_multi)

# kbp_enter_ns "$0" "$@": re-exec in a private mount namespace (once).
kbp_enter_ns() {
    if [ -z "${KBP_IN_NS:-}" ]; then
        [ "$(id -u)" = 0 ] || die "these tests need root (mount namespaces, bind mounts)"
        export KBP_IN_NS=1
        exec unshare -m --propagation private -- bash "$@"
    fi
}

# kbp_setup SERIES LAYOUT: sets FIX (fixture dir), REL, SRC, OBJ (OBJ empty
# for intree), KTREE (the tree `make -C` uses), S (scratch dir), and mounts
# the whole fixture dir read-only over itself (paths stay identical, so the
# obj/source symlink and obj/Makefile stay valid).
kbp_setup() {
    SERIES=$1 LAYOUT=$2
    kbp_open_fixture kbp-test "$SERIES" "$LAYOUT" x86_64 $KBP_FIXTURE_FLAVOUR
    log "fixture $FIX${KBP_FIXTURE_FLAVOUR:+ (flavour $KBP_FIXTURE_FLAVOUR)} (release $REL, layout $LAYOUT), scratch $S"
    kbp_reproducible_builds
}

# kbp_open_fixture PREFIX SERIES LAYOUT ARCH [FLAVOUR]: the fixture of
# fixture.sh SERIES LAYOUT ARCH [FLAVOUR] (built or found in the cache) as
# FIX, REL, SRC, OBJ, KTREE; KBP_MAKE_VARS, the make variables every make
# of its build got (FIX/make-vars: LLVM=-16 for the clang fixture), which
# a module build against it needs as a user's does: on make's command line,
# never exported (verify --canary must find them itself), and
# KBP_AUDIT_MAKE_ARGS, the same as audit takes them (-- VAR...); a scratch dir S
# (PREFIX.XXXXXX, removed on exit) and the fixture dir mounted read-only
# over itself.
kbp_open_fixture() {
    local prefix=$1 layout=$3
    shift
    [ -n "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set (path of the kbuild-pack binary)"
    [ -x "$KBUILD_PACK" ] || die "KBUILD_PACK=$KBUILD_PACK is not executable"
    FIX=$("$KBP_FIXTURE_SH" "$@") || die "fixture $* unavailable"
    [ -f "$FIX/.kbp-fixture-complete" ] || die "fixture $FIX incomplete"
    REL=$(cat "$FIX/release")
    # a Debian kernel (tests/fixture/debian-fixture.sh): Debian's own build
    # inputs and binaries, its signing key never in the tree
    KBP_DEBIAN=; [ ! -d "$FIX/debian" ] || KBP_DEBIAN=1
    KBP_MAKE_VARS=() KBP_AUDIT_MAKE_ARGS=()
    [ ! -s "$FIX/make-vars" ] || mapfile -t KBP_MAKE_VARS < "$FIX/make-vars"
    [ ${#KBP_MAKE_VARS[@]} = 0 ] || KBP_AUDIT_MAKE_ARGS=(-- "${KBP_MAKE_VARS[@]}")
    kbp_fixture_build_root
    case "$layout" in
        obj)    SRC=$FIX/src; OBJ=$FIX/obj; KTREE=$OBJ ;;
        intree) SRC=$FIX/tree; OBJ=; KTREE=$SRC ;;
        *) die "bad layout $layout" ;;
    esac
    kbp_fixture_libmod
    S=$(mktemp -d "${TMPDIR:-/tmp}/$prefix.XXXXXX")
    trap kbp_cleanup EXIT
    kbp_ro_bind "$FIX" || die "cannot make the fixture $FIX read-only"
}

# kbp_fixture_libmod: KBP_LIBMOD, the in-tree module whose export kbp_user
# uses in the fixture KTREE, as kbp_user.c picks it (crc7, else crc-itu-t),
# KBP_LIBMOD_SYM that export, and kbp_user's KBP_DEPENDS.
kbp_fixture_libmod() {
    if kbp_config_on CONFIG_CRC7 m; then KBP_LIBMOD=crc7 KBP_LIBMOD_SYM=crc7_be
    elif kbp_config_on CONFIG_CRC_ITU_T m; then KBP_LIBMOD=crc-itu-t KBP_LIBMOD_SYM=crc_itu_t
    else die "$KTREE/.config has neither CONFIG_CRC7=m nor CONFIG_CRC_ITU_T=m (tests/modules/kbp_user)"; fi
    KBP_DEPENDS[kbp_user]=$KBP_LIBMOD
}

# kbp_fixture_build_root: a fixture prepared in a build root of its suite
# (Debian's forky kernel, tests/fixture/debian-fixture.sh: FIX/build-root)
# has every make run there: KBP_MAKE_PREFIX, KBP_BUILD_ROOT and KBP_IN_ROOT are set; else
# KBP_BUILD_ROOT is empty and an outer KBP_MAKE_PREFIX (tests/rust's) stays.
kbp_fixture_build_root() {
    [ -z "$KBP_BUILD_ROOT" ] || KBP_MAKE_PREFIX= # the previous fixture's
    KBP_BUILD_ROOT= KBP_IN_ROOT=()
    [ -s "$FIX/build-root" ] || return 0
    KBP_BUILD_ROOT=$("$KBP_TESTS_DIR/../scripts/build-root.sh" "$(cat "$FIX/build-root")") \
        || die "no $(cat "$FIX/build-root") build root"
    KBP_IN_ROOT=("$KBP_TESTS_DIR/../scripts/in-root.sh" "$KBP_BUILD_ROOT")
    KBP_MAKE_PREFIX="'${KBP_IN_ROOT[0]}' '${KBP_IN_ROOT[1]}'"
}

# kbp_in_build_root CMD [ARG...]: CMD, in the fixture's build root if it
# has one (kbuild-pack verify --canary, which runs make itself).
kbp_in_build_root() { "${KBP_IN_ROOT[@]}" "$@"; }

# kbp_config_on SYMBOL [VALUE]: the fixture's config has SYMBOL=VALUE (y)
kbp_config_on() { grep -qx "$1=${2:-y}" "$KTREE/.config"; }

# What the module builds of the tests need to be comparable byte for byte:
# - With DWARF (CONFIG_DEBUG_INFO) every object names the absolute paths of
#   the header directories it used, which differ by nature between the
#   original trees and the packed one: all builds map those trees (and
#   every packed tree under $S) to one name. GCC keeps -ffile-prefix-map
#   out of DW_AT_producer, so the objects hold no trace of it.
# - pahole 1.24 with -j (in PAHOLE_FLAGS from pahole 1.22, Makefile.btf's
#   too) orders the types of a module with several compilation units
#   differently from run to run, whatever the base: module builds run
#   pahole without -j.
kbp_reproducible_builds() {
    if kbp_config_on CONFIG_DEBUG_INFO; then
        # (before 6.13 an M= build against a tree that is not an O= one
        # names its headers relative to it, ./include: the same names once
        # "./" is mapped too; and 6.11 and 6.12 compile the module's
        # .module-common.o from $(srctree)/scripts/module-common.c, which
        # make shortens to scripts/module-common.c)
        local maps="-ffile-prefix-map=$SRC=/kbp-kernel -ffile-prefix-map=./=/kbp-kernel/" d
        maps+=" -ffile-prefix-map=scripts/=/kbp-kernel/scripts/"
        [ -z "$OBJ" ] || maps+=" -ffile-prefix-map=$OBJ=/kbp-kernel"
        for d in out out-btf out-full out-none; do
            maps+=" -ffile-prefix-map=$S/$d/lib/modules/$REL/build=/kbp-kernel"
        done
        export KCFLAGS="$maps"
        log "DWARF kernel: module builds map the trees' paths to /kbp-kernel (KCFLAGS)"
    fi
    if kbp_config_on CONFIG_DEBUG_INFO_BTF_MODULES; then
        printf '%s\n' '#!/bin/sh' 'for a do shift; [ "$a" = -j ] || set -- "$@" "$a"; done' 'exec pahole "$@"' > "$S/pahole-nj"
        chmod 755 "$S/pahole-nj"
        export MAKEFLAGS="-- PAHOLE=$S/pahole-nj"
    fi
}

kbp_cleanup() {
    local rc=$?
    # our mounts die with the namespace; unmount the ones inside $S anyway
    # so rm -rf does not descend into a read-only bind.
    if [ -n "${S:-}" ]; then
        { grep -o " $S[^ ]* " /proc/self/mounts 2>/dev/null || true; } | sort -r |
            while read -r m; do umount -l "$m" 2>/dev/null || true; done
        if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi
    fi
    exit $rc
}

# kbp_pack OUTDIR [extra args]: run the tool on the (read-only) fixture.
# Sets PACKED=OUTDIR/lib/modules/$REL/build.
kbp_pack() {
    local out=$1; shift
    local args=(--src "$SRC")
    [ -n "$OBJ" ] && args+=(--obj "$OBJ")
    args+=(--out "$out" "$@")
    log "$KBUILD_PACK ${args[*]}"
    local t0 t1 rc=0
    t0=$(date +%s.%N)
    "$KBUILD_PACK" "${args[@]}" >"$S/pack.stdout" 2>"$S/pack.stderr" || rc=$?
    t1=$(date +%s.%N)
    log "kbuild-pack exit $rc in $(echo "$t1 - $t0" | bc)s"
    if [ $rc -ne 0 ]; then
        echo "---- kbuild-pack stderr (tail) ----" >&2; tail -n 40 "$S/pack.stderr" >&2
        die "kbuild-pack failed with exit $rc"
    fi
    PACKED=$out/lib/modules/$REL/build
    [ -d "$PACKED" ] || die "kbuild-pack did not create $PACKED (have: $(ls "$out/lib/modules" 2>&1))"
}

# kbp_snapshot DIR... > FILE: metadata + content listing of trees.
kbp_snapshot() {
    local d
    for d in "$@"; do
        echo "## $d"
        (cd "$d" && find . -printf '%P %y %m %T@ %s %l\n' | LC_ALL=C sort)
        (cd "$d" && find . -type f -print0 | xargs -0 -r -P"$(nproc)" -n 512 sha256sum | LC_ALL=C sort -k2)
    done
}

# kbp_pack_unchanged OUT WHAT [ARGS...]: kbp_pack OUT ARGS, and checks that
# the fixture trees (SRC and OBJ) are byte for byte and stat for stat what
# they were before; WHAT names the pack in the messages.
kbp_pack_unchanged() {
    local out=$1 what=$2 trees=("$SRC")
    shift 2
    [ -n "$OBJ" ] && trees+=("$OBJ")
    kbp_snapshot "${trees[@]}" > "$S/before.lst"
    kbp_pack "$out" "$@"
    kbp_snapshot "${trees[@]}" > "$S/after.lst"
    cmp -s "$S/before.lst" "$S/after.lst" && pass "fixture trees unchanged by $what" \
        || { fail "fixture trees changed by $what"; diff -u "$S/before.lst" "$S/after.lst" | head -n 20 >&2; }
}

# kbp_copy_modules DEST: fresh copy of tests/modules into DEST
kbp_copy_modules() {
    rm -rf "$1"; mkdir -p "$1"
    cp -a "$KBP_MODULES_SRC/." "$1/"
}

# kbp_build_modules KDIR MODDIR [hide]: build all test modules against KDIR
# (with the fixture's KBP_MAKE_VARS).
# With "hide", the builds run in a nested mount namespace where the fixture
# dir is covered by an empty tmpfs, so any reference to the original trees
# fails.  Logs go to MODDIR/<mod>.log. KBP_MAKE_PREFIX (shell words, quoted)
# runs make through a wrapper, e.g. scripts/in-root.sh ROOT (tests/rust).
kbp_build_modules() {
    local kdir=$1 moddir=$2 hide=${3:-}
    local m extra v vars=
    for v in "${KBP_MAKE_VARS[@]}"; do vars+=" '$v'"; done
    for m in "${KBP_MODULES[@]}"; do
        extra=$vars
        [ "$m" = kbp_consumer ] && extra+=" KBUILD_EXTRA_SYMBOLS=$moddir/kbp_provider/Module.symvers"
        local cmd="${KBP_MAKE_PREFIX:-} make -C '$kdir' M='$moddir/$m' $extra modules"
        if [ "$hide" = hide ]; then
            cmd="mount -t tmpfs -o size=1m,mode=0555 kbp-hidden '$FIX' && [ -z \"\$(ls -A '$FIX')\" ] && $cmd"
            unshare -m --propagation private -- sh -c "$cmd" >"$moddir/$m.log" 2>&1 || {
                echo "---- build log of $m against $kdir (original trees hidden) ----" >&2
                tail -n 40 "$moddir/$m.log" >&2
                return 1
            }
        else
            sh -c "$cmd" >"$moddir/$m.log" 2>&1 || {
                echo "---- build log of $m against $kdir ----" >&2
                tail -n 40 "$moddir/$m.log" >&2
                return 1
            }
        fi
        [ -f "$moddir/$m/$m.ko" ] || { tail -n 20 "$moddir/$m.log" >&2; return 1; }
    done
}

# kbp_check_bundled_modpost: with KBP_PACK_ARGS=--modpost=bundled, the
# packed scripts/mod/modpost is kbuild-modpost
kbp_check_bundled_modpost() {
    case " ${KBP_PACK_ARGS:-} " in
    *" --modpost=bundled "*)
        cmp -s "$PACKED/scripts/mod/modpost" "$(dirname "$KBUILD_PACK")/kbuild-modpost" \
            && pass "scripts/mod/modpost is kbuild-modpost" || fail "--modpost=bundled did not install kbuild-modpost" ;;
    esac
}

# kbp_pack_and_build: pack into $S/out, make the output read-only too, and
# build the modules against it with the original trees hidden, in $S/mod.
# With KBP_SPLIT_SERIES (tests/split), the fixture's installed parts of a
# split of that series' trees instead (split/lib-split.sh).
# KBP_PACK_ARGS (environment): extra arguments for every pack, e.g.
# --modpost=bundled to run the whole test with kbuild-modpost in the tree.
kbp_pack_and_build() {
    if [ -n "${KBP_SPLIT_SERIES:-}" ]; then # tests/split: the parts of a split instead
        . "$KBP_TESTS_DIR/split/lib-split.sh"
        kbp_split_pack_and_build
        return
    fi
    # shellcheck disable=SC2086
    kbp_pack "$S/out" ${KBP_PACK_ARGS:-}
    kbp_check_bundled_modpost
    kbp_ro_bind "$S/out" || die "cannot make $S/out read-only"
    kbp_copy_modules "$S/mod"
    log "building test modules against the packed tree (original trees hidden, packed tree read-only)"
    kbp_build_modules "$PACKED" "$S/mod" hide || die "test modules do not build against the packed tree"
    pass "all test modules build against the packed tree"
}

# kbp_uts_release KTREE: the release the kernel of KTREE reports (UTS_RELEASE)
kbp_uts_release() {
    sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$1/include/generated/utsrelease.h"
}

# kbp_verify_summary PATH N KTREE ARCH: the line verify ends with when it
# finds N problems in PATH, a pack of the built tree KTREE for ARCH (x86,
# arm64): the tree's release, arch and CONFIG_CC_VERSION_TEXT.
kbp_verify_summary() {
    local cc
    cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT=//p' "$3/include/config/auto.conf")
    cc=${cc#\"} cc=${cc%\"}
    printf 'kbuild-pack: error: %s: %s problem(s) in Linux %s (%s) built by %s\n' "$1" "$2" \
        "$(kbp_uts_release "$3")" "$4" "$cc"
}

# kbp_verify_warnings BUILD KTREE: the warnings verify prints on a pack of
# KTREE in BUILD (the build directory): none, or the release note of a
# tree whose Makefiles override KERNELRELEASE (Debian's .kernelvariables).
kbp_verify_warnings() {
    local uts cfg
    uts=$(kbp_uts_release "$2")
    cfg=$(cat "$2/include/config/kernel.release")
    [ "$uts" = "$cfg" ] || printf 'kbuild-pack: warning: %s: include/config/kernel.release says %s, the kernel reports %s (UTS_RELEASE): modules are built for %s\n' \
        "$1" "$cfg" "$uts" "$uts"
}

# kbp_check_makefile_includes: every file the top Makefile "-include"s
# from the object tree (make's working directory: NAME or
# $(objtree)/NAME), which the tree has, is in the pack (Debian's
# .kernelvariables: KERNELRELEASE, CC).
kbp_check_makefile_includes() {
    local f n=0
    for f in $(sed -n -E 's/^-include[[:space:]]+(\$\(objtree\)\/)?([^$[:space:]]+)[[:space:]]*$/\2/p' "$SRC/Makefile"); do
        [ -e "$KTREE/$f" ] || continue
        n=$((n + 1))
        cmp -s "$KTREE/$f" "$PACKED/$f" && pass "$f, which the top Makefile -includes, packed" \
            || fail "the top Makefile -includes $f from the object tree; the pack lacks it"
    done
    [ $n -gt 0 ] || log "the top Makefile -includes no file the object tree has"
}

# kbp_elf_endian FILE: the byte order of an ELF file, as od --endian names it
kbp_elf_endian() {
    case "$(LC_ALL=C readelf -h "$1" | sed -n 's/^ *Data: *//p')" in
        *little*) echo little ;;
        *big*) echo big ;;
        *) die "$1: not an ELF file of a known byte order" ;;
    esac
}

# modversions of a .ko as "crc symbol" lines, sorted by symbol
kbp_modversions() {
    modprobe --dump-modversions "$1" | awk '{ printf "%s %s\n", tolower($1), $2 }' | LC_ALL=C sort -k2
}

# CONFIG_EXTENDED_MODVERSIONS (6.14+): the CRCs of a .ko's extended table as
# "crc symbol" lines sorted by symbol (kmod 30 reads only __versions):
# __version_ext_crcs holds u32s in target byte order, __version_ext_names
# the names, NUL-terminated, in the same order. Nothing without the table.
kbp_ext_modversions() {
    local ko=$1 d
    d=$(mktemp -d "$S/ext.XXXXXX")
    if "${CROSS:-}objcopy" --dump-section __version_ext_crcs="$d/crcs" --dump-section __version_ext_names="$d/names" \
            "$ko" "$d/junk" 2>/dev/null && [ -f "$d/crcs" ]; then
        paste -d' ' <(od -An -v -tx4 -w4 --endian="$(kbp_elf_endian "$ko")" "$d/crcs" | awk '{ printf "0x%s\n", $1 }') \
                    <(tr '\0' '\n' < "$d/names" | grep -v '^$') | LC_ALL=C sort -k2
    fi
    rm -rf "$d"
}

# symvers file(s) -> "crc symbol" lines
kbp_symvers_crcs() {
    cat "$@" | awk -F'\t' 'NF >= 2 { printf "%s %s\n", tolower($1), $2 }' | LC_ALL=C sort -k2
}

# kbp_check_crcs KO SYMVERS...: every __versions entry of KO must carry the
# CRC that the given Module.symvers files export (fail/pass are recorded).
# Leaves "crc symbol" lines in $S/<name>.versions and $S/<name>.crcs.
kbp_check_crcs() {
    local ko=$1 name wrong
    shift
    name=$(basename "$ko" .ko)
    kbp_symvers_crcs "$@" > "$S/$name.crcs"
    kbp_modversions "$ko" > "$S/$name.versions"
    if [ ! -s "$S/$name.versions" ]; then
        fail "$name.ko has no __versions entries"
        return 0
    fi
    wrong=$(join -1 2 -2 2 -o 1.2,1.1,2.1 -a 1 -e MISSING "$S/$name.versions" "$S/$name.crcs" | awk '$2 != $3')
    if [ -z "$wrong" ]; then
        pass "$name: all $(wc -l < "$S/$name.versions") __versions CRCs match Module.symvers"
    else
        fail "$name: CRC mismatches (symbol module-crc symvers-crc):"
        echo "$wrong" >&2
    fi
}

# kbp_check_no_crcs KO SYMVERS...: a kernel without CONFIG_MODVERSIONS
# (Debian's forky) exports no CRC, and KO carries no __versions; leaves the
# files of kbp_check_crcs ($S/<name>.versions empty).
kbp_check_no_crcs() {
    local ko=$1 name
    shift
    name=$(basename "$ko" .ko)
    kbp_symvers_crcs "$@" > "$S/$name.crcs"
    : > "$S/$name.versions"
    if readelf -S -W "$ko" | grep -q " __versions "; then
        fail "$name.ko has a __versions section, its kernel has no CONFIG_MODVERSIONS"
    elif awk '$1 != "0x00000000" { exit 1 }' "$S/$name.crcs"; then
        pass "$name: no __versions, and Module.symvers exports no CRC (no CONFIG_MODVERSIONS)"
    else
        fail "$name: Module.symvers of a kernel without CONFIG_MODVERSIONS exports CRCs"
    fi
}

# The test modules' dependencies, as modinfo's depends field names them.
# kbp_user's is the fixture's KBP_LIBMOD (kbp_open_fixture).
declare -A KBP_DEPENDS=([kbp_user]= [kbp_provider]= [kbp_consumer]=kbp_provider [kbp_multi]=)

# kbp_check_module_abi MODDIR SYMVERS: the test modules built in MODDIR
# against a tree whose Module.symvers is SYMVERS: every __versions CRC is
# the exported one (kbp_consumer's from kbp_provider's Module.symvers too),
# the extended table carries the same (kbp_check_ext_modversions), the
# vermagic is the fixture's own (its KBP_LIBMOD.ko's) and depends is exact.
# Leaves "crc symbol" lines in $S/<module>.versions and $S/<module>.crcs.
kbp_check_module_abi() {
    local mod=$1 symvers=$2 m ko lib want_vm vm dep
    lib=$(kbp_modroot_ko "$KBP_LIBMOD")
    [ -n "$lib" ] || die "$KBP_LIBMOD.ko not found in $FIX/modroot"
    want_vm=$(modinfo -F vermagic "$lib")
    if kbp_config_on CONFIG_MODVERSIONS; then
        case "$want_vm" in "$REL "*modversions*) ;; *) fail "in-tree $KBP_LIBMOD.ko vermagic '$want_vm' looks wrong" ;; esac
    else
        case "$want_vm" in *modversions*) fail "in-tree $KBP_LIBMOD.ko vermagic '$want_vm' looks wrong" ;;
        "$REL "*) ;; *) fail "in-tree $KBP_LIBMOD.ko vermagic '$want_vm' looks wrong" ;; esac
    fi
    for m in "${KBP_MODULES[@]}"; do
        ko=$mod/$m/$m.ko
        local check=kbp_check_crcs
        kbp_config_on CONFIG_MODVERSIONS || check=kbp_check_no_crcs
        if [ "$m" = kbp_consumer ]; then
            $check "$ko" "$symvers" "$mod/kbp_provider/Module.symvers"
        else
            $check "$ko" "$symvers"
        fi
        kbp_check_ext_modversions "$ko"
        vm=$(modinfo -F vermagic "$ko")
        [ "$vm" = "$want_vm" ] && pass "$m: vermagic '$vm'" || fail "$m: vermagic '$vm', want '$want_vm'"
        dep=$(modinfo -F depends "$ko")
        [ "$dep" = "${KBP_DEPENDS[$m]}" ] && pass "$m: depends '$dep'" || fail "$m: depends '$dep', want '${KBP_DEPENDS[$m]}'"
    done
}

# kbp_check_ext_modversions KO: with CONFIG_EXTENDED_MODVERSIONS (6.14+)
# the table the kernel checks when present (kernel/module/version.c)
# carries the CRCs of __versions ($S/<name>.versions of kbp_check_crcs);
# without it, KO has no such table.
kbp_check_ext_modversions() {
    local ko=$1 m
    m=$(basename "$ko" .ko)
    kbp_ext_modversions "$ko" > "$S/$m.ext"
    if kbp_config_on CONFIG_EXTENDED_MODVERSIONS; then
        if [ ! -s "$S/$m.ext" ]; then fail "$m: no __version_ext_crcs/__version_ext_names although CONFIG_EXTENDED_MODVERSIONS=y"
        elif cmp -s "$S/$m.ext" "$S/$m.versions"; then pass "$m: the $(wc -l < "$S/$m.ext") extended modversions equal __versions"
        else fail "$m: extended modversions differ from __versions:"; diff -u "$S/$m.versions" "$S/$m.ext" >&2 || true; fi
    elif [ -s "$S/$m.ext" ]; then
        fail "$m: extended modversions without CONFIG_EXTENDED_MODVERSIONS"
    fi
}

kbp_section() { # KO SECTION OUT (with ${CROSS}objcopy for a cross-built KO)
    "${CROSS:-}objcopy" -O binary --only-section="$2" "$1" "$3"
}

# kbp_compare_builds A B WHAT: the test modules built twice (in A/<mod> and
# B/<mod>, at the same path) must give identical .mod.c, __versions,
# .modinfo, objects, .ko files and Module.symvers; differences are shown.
# KBP_ALLOW_KO_DIFF=1 only notes differing objects and .ko files.
kbp_compare_builds() {
    local a=$1 b=$2 what=$3 m sec f same=0
    for m in "${KBP_MODULES[@]}"; do
        if cmp -s "$a/$m/$m.mod.c" "$b/$m/$m.mod.c"; then pass "$m: .mod.c identical ($what)"
        else fail "$m: .mod.c differs ($what):"; diff -u "$a/$m/$m.mod.c" "$b/$m/$m.mod.c" >&2 || true; fi
        for sec in __versions .modinfo; do
            kbp_section "$a/$m/$m.ko" "$sec" "$S/$m$sec.a"
            kbp_section "$b/$m/$m.ko" "$sec" "$S/$m$sec.b"
            if cmp -s "$S/$m$sec.a" "$S/$m$sec.b"; then pass "$m: $sec identical ($what)"
            else
                fail "$m: $sec differs ($what):"
                diff -u <(tr '\0' '\n' < "$S/$m$sec.a" | cat -v) <(tr '\0' '\n' < "$S/$m$sec.b" | cat -v) >&2 || true
            fi
        done
        for f in "$m.o" "$m.mod.o" "$m.ko" Module.symvers; do
            if cmp -s "$a/$m/$f" "$b/$m/$f"; then
                [ "$f" = "$m.ko" ] && same=$((same + 1))
            elif [ "${KBP_ALLOW_KO_DIFF:-}" = 1 ] && [ "$f" != Module.symvers ]; then
                echo "note: $m: $f differs ($what)" >&2
            else
                fail "$m: $f differs ($what)"
                cmp "$a/$m/$f" "$b/$m/$f" >&2 || true
            fi
        done
    done
    log "$same of ${#KBP_MODULES[@]} .ko files byte-identical ($what)"
    [ $same = ${#KBP_MODULES[@]} ] && pass "all ${#KBP_MODULES[@]} .ko files byte-identical ($what)"
    return 0
}

# kbp_modroot_ko NAME: NAME.ko of the fixture's modules_install tree, or,
# where the kernel's packages compress their modules (Debian's forky:
# .ko.xz), a decompressed copy of it in $S; nothing when it has none.
kbp_modroot_ko() {
    local f
    f=$(find "$FIX/modroot/lib/modules/$REL/" -name "$1.ko" -o -name "$1.ko.[gxz]z" -o -name "$1.ko.zst" | head -n 1)
    case "$f" in
    *.ko|'') echo "$f"; return ;;
    esac
    mkdir -p "$S/modroot-ko"
    case "$f" in
    *.xz) xz -dc "$f" ;;
    *.zst) zstd -qdc "$f" ;;
    *.gz) gzip -dc "$f" ;;
    esac > "$S/modroot-ko/$1.ko" || die "cannot decompress $f"
    echo "$S/modroot-ko/$1.ko"
}
