#!/bin/bash
# dkms-deb-test.sh SERIES LAYOUT FLAVOUR SUITE PACKAGE
#
# DKMS building a real Debian *-dkms package against a packed tree: PACKAGE
# (e.g. vpoll-dkms) is fetched from SUITE with scripts/fetch-deb.sh (private
# apt lists, nothing installed), extracted with dpkg-deb -x, and its
# usr/src/<name>-<version> is added and built by dkms with the scratch-dir
# options (as dkms-test.sh does) for the fixture's release twice, in the
# same dkms tree path:
#   1. against the original tree (OBJ, or the in-tree SRC);
#   2. against the packed tree, read-only, with the fixture's trees hidden.
# dkms reads its framework from a private /etc/dkms (a bind mount in this
# test's namespace): with CONFIG_MODULE_SIG it signs with the build dir's own
# scripts/sign-file and a MOK key it generates in the scratch dir, so the
# packed sign-file is run by dkms itself.
# Passes when both builds reach "built", the built module has the fixture's
# vermagic and __versions CRCs equal to Module.symvers, is signed (by the
# "DKMS module signing key") when the kernel signs modules, and is
# byte-identical to the one built against the original tree (the trees'
# paths mapped in debug info, as for every test module build).
# With KBP_DKMS_BOOT=1 the fixture's kernel then boots in qemu and loads it
# after the modules it depends on (the fixture's own).
# FLAVOUR "-" for none. A fixture built with make variables (clang:
# LLVM=-16) gives them to dkms as a user must (below).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 5 ] || die "usage: $0 SERIES LAYOUT FLAVOUR|- SUITE PACKAGE"
SUITE=$4 DEB_PKG=$5
[ "$3" = - ] || KBP_FIXTURE_FLAVOUR=$3
kbpp_setup "$1" "$2"
kbpp_need dkms dpkg-deb modinfo

deb=$("$KBP_TOP/scripts/fetch-deb.sh" "$SUITE" "$DEB_PKG" | tail -n1) || die "cannot fetch $DEB_PKG from $SUITE"
log "$DEB_PKG: $(basename "$deb")"
dpkg-deb -x "$deb" "$S/deb"
conf=$(find "$S/deb/usr/src" -mindepth 2 -maxdepth 2 -name dkms.conf | head -n1)
[ -n "$conf" ] || die "$deb has no usr/src/*/dkms.conf"
conf_var() { sed -n "s/^$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$conf" | head -n1; }
# MOD_VER, not VER: tests/debian's split helpers set VER (Debian's version)
NAME=$(conf_var PACKAGE_NAME) MOD_VER=$(conf_var PACKAGE_VERSION)
[ -n "$NAME" ] && [ -n "$MOD_VER" ] && [ -d "$S/deb/usr/src/$NAME-$MOD_VER" ] || die "cannot tell name and version from $conf"
log "dkms module $NAME/$MOD_VER from $(dirname "$conf")"

SIGNS=
grep -qx 'CONFIG_MODULE_SIG=y' "$KTREE/.config" && SIGNS=1
# the private framework: the signing variables (dkms reads no others from it)
mkdir -p "$S/etc-dkms" "$S/dkms"
mount --bind "$S/etc-dkms" /etc/dkms
# a fixture of another suite's toolchain (Debian's forky kernel): that
# suite's dkms runs in its build root, with the same private framework
# (KBP_IN_ROOT)
[ -z "$KBP_BUILD_ROOT" ] || mount --bind "$S/etc-dkms" "$KBP_BUILD_ROOT/etc/dkms"
# dkms runs make itself and guesses the compiler: for a clang kernel,
# Debian 12's dkms (3.0.10) adds CC=clang LD=ld.lld to make's command line,
# which call the default clang (14) whatever LLVM says. So the fixture's
# LLVM=-N reaches dkms as a user must pass it: LLVM N's directory first in
# PATH (its clang and ld.lld) and LLVM=1, in dkms's environment.
DKMS_ENV=()
for v in "${KBP_MAKE_VARS[@]}"; do
    case "$v" in
    LLVM=-[0-9]*) DKMS_ENV+=("PATH=/usr/lib/llvm-${v#LLVM=-}/bin:$PATH" LLVM=1) ;;
    *) DKMS_ENV+=("$v") ;;
    esac
done
[ ${#DKMS_ENV[@]} = 0 ] || log "dkms runs with ${DKMS_ENV[*]} in its environment"
# kbp_dkms KDIR LOG ACTION...: dkms on the scratch trees for kernel source
# KDIR (run through $DKMS_WRAP, if set)
DKMS_WRAP=
kbp_dkms() {
    local kdir=$1 logf=$2
    shift 2
    printf 'sign_file="%s"\nmok_signing_key="%s"\nmok_certificate="%s"\n' \
        "$kdir/scripts/sign-file" "$S/mok.key" "$S/mok.pub" > /etc/dkms/framework.conf
    kbpp_run "$logf" $DKMS_WRAP "${KBP_IN_ROOT[@]}" env "${DKMS_ENV[@]}" dkms --dkmstree "$S/dkms" --sourcetree "$S/deb/usr/src" \
        --installtree "$S/out/lib/modules" --kernelsourcedir "$kdir" --no-depmod "$@"
}
built_ko() {
    local ko
    ko=$(find "$S/dkms/$NAME/$MOD_VER/$REL" -path '*/module/*' -name "$NAME.ko*" | head -n1)
    [ -n "$ko" ] || die "no built $NAME.ko in $S/dkms/$NAME/$MOD_VER/$REL"
    case "$ko" in *.ko) echo "$ko" ;; *) die "$ko: compressed, not compared" ;; esac
}
check_status() {
    local st
    st=$(kbp_in_build_root dkms --dkmstree "$S/dkms" --sourcetree "$S/deb/usr/src" status -m "$NAME" -v "$MOD_VER" -k "$REL" 2>&1)
    case "$st" in *"$NAME/$MOD_VER, $REL, "*": built"*) pass "dkms status ($1): $st" ;; *) fail "dkms status after the build against $1: '$st'" ;; esac
}

# 1. against the original tree
kbp_dkms "$KTREE" "$S/add-orig.log" add -m "$NAME" -v "$MOD_VER"
kbp_dkms "$KTREE" "$S/build-orig.log" build -m "$NAME" -v "$MOD_VER" -k "$REL"
check_status "the original tree"
cp "$(built_ko)" "$S/orig.ko"
kbp_dkms "$KTREE" "$S/remove-orig.log" remove -m "$NAME" -v "$MOD_VER" --all
[ ! -e "$S/dkms/$NAME" ] || die "dkms remove left $S/dkms/$NAME"

# 2. against the packed tree, read-only, the fixture's trees hidden
# $S/out: the packed tree kbp_reproducible_builds maps in debug info
if [ -n "${KBP_SPLIT_SERIES:-}" ]; then # tests/split: the fixture's installed parts of a split
    . "$KBP_TESTS_DIR/split/lib-split.sh"
    kbp_split_install_fixture "$S/out"
else
    kbp_pack "$S/out"
fi
kbp_ro_bind "$PACKED" || die "cannot make $PACKED read-only"
kbp_dkms "$PACKED" "$S/add.log" add -m "$NAME" -v "$MOD_VER"
DKMS_WRAP=kbpp_hidden kbp_dkms "$PACKED" "$S/build.log" build -m "$NAME" -v "$MOD_VER" -k "$REL"
cat "$S/build.log" >&2
check_status "the packed tree"
ko=$(built_ko)
pass "dkms built $ko against the packed tree"

want_vm=$(modinfo -F vermagic "$(kbp_modroot_ko "$KBP_LIBMOD")")
vm=$(modinfo -F vermagic "$ko")
[ "$vm" = "$want_vm" ] && pass "vermagic '$vm'" || fail "vermagic '$vm', want '$want_vm' (of the fixture's $KBP_LIBMOD.ko)"
if kbp_config_on CONFIG_MODVERSIONS; then kbp_check_crcs "$ko" "$KTREE/Module.symvers"
else kbp_check_no_crcs "$ko" "$KTREE/Module.symvers"; fi
if [ -n "$SIGNS" ]; then
    grep -q "^Signing module " "$S/build.log" && pass "dkms signed the module with $PACKED/scripts/sign-file" \
        || fail "dkms did not sign the module"
    tail -c 28 "$ko" | grep -q 'Module signature appended' && pass "$NAME.ko carries a module signature" \
        || fail "$NAME.ko is not signed"
    signer=$(modinfo -F signer "$ko")
    [ "$signer" = "DKMS module signing key" ] && pass "signer '$signer'" || fail "signer '$signer', want 'DKMS module signing key'"
fi
# both builds map the trees' directories in debug info (KCFLAGS of
# kbp_reproducible_builds), so that even the build-id (a hash taken before
# dkms strips the debug info) and thus the signature are the same
cmp "$S/orig.ko" "$ko" >&2 \
    && pass "$NAME.ko byte-identical to the one dkms built against the original tree (signature included)" \
    || fail "$NAME.ko differs from the one dkms built against the original tree"

# KBP_DKMS_BOOT=1 (tests/debian): the fixture's own kernel boots and loads
# the module, after the modules it depends on from the fixture's modroot
if [ "${KBP_DKMS_BOOT:-}" = 1 ]; then
    . "$KBP_TESTS_DIR/kernel/boot-lib.sh"
    kbp_boot_tools
    R=$S/initramfs
    kbp_initramfs_dir "$R"
    ORDER=
    add_deps() { # MODULE-FILE: its depends first, each once
        local d f
        for d in $(modinfo -F depends "$1" | tr ',' ' '); do
            case " $ORDER " in *" $d "*) continue ;; esac
            f=$(kbp_modroot_ko "$d")
            [ -n "$f" ] || die "$NAME needs $d, which $FIX/modroot does not have"
            add_deps "$f"
            cp "$f" "$R/mods/$d.ko"
            ORDER+=" $d"
        done
    }
    add_deps "$ko"
    cp "$ko" "$R/mods/$NAME.ko"
    ORDER+=" $NAME"
    log "load order:$ORDER"
    kbp_initramfs "$R" "$ORDER" "$S/initramfs.cpio"
    kbp_boot "$FIX/bzImage" "$S/initramfs.cpio"
    # signed with dkms's own key, which the kernel does not know: it loads
    # (signatures are not forced) and taints, as on a machine without the MOK
    kbp_check_no_version_errors ".*$KBP_UNSIGNED_TAINT"
    for m in $ORDER; do
        expect_line "^KBP-INSMOD-OK: $m\$" "insmod $m succeeded"
        expect_line "^$m [0-9]+ [0-9]+ " "$m in /proc/modules"
    done
    [ $FAILS -eq 0 ] || show_log
fi
kbp_finish
