#!/bin/bash
# cross-test.sh SERIES LAYOUT ARCH CASE [FLAVOUR]
#
# Tests on a kernel cross-built for ARCH (tests/fixture/fixture.sh, with
# FLAVOUR's fragment when given):
#   build   pack with --host-tools=build: the fixture is left unchanged, the
#           host programs are the build machine's (verify --host-arch of this
#           machine passes, of ARCH fails naming them); the test modules
#           cross-build against the packed tree (original trees hidden) with
#           CRCs = Module.symvers, the in-tree vermagic, and byte-identical
#           .ko files to a build against the original tree.
#   target  pack with --host-tools=target (compiler from the tree's config):
#           verify --host-arch ARCH passes (every ELF program is the target's);
#           then the target programs themselves build the test modules, run
#           through qemu-user, and the .ko files are byte-identical to the
#           ones the build machine's programs make.
#   boot    pack (build), cross-build the test modules (and sign a copy with
#           the packed sign-file; with the full flavour sign them all),
#           boot the fixture Image in qemu-system-ARCH with a static /init
#           and load the in-tree module kbp_user uses (crc7) and every test module.
#   boot-badcrc  the same with kfree's CRC changed in kbp_user.ko: refused.
# With KBP_PACK_ARGS=--modpost=bundled (cross-build-bundled-*,
# cross-boot-bundled-*) every pack installs kbuild-modpost as the tree's
# modpost, which then builds the modules build and boot compare and load.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib-cross.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 4 ] || [ $# -eq 5 ] || die "usage: $0 SERIES LAYOUT ARCH build|target|boot|boot-badcrc [FLAVOUR]"
CASE=$4
kbp_cross_setup "$1" "$2" "$3" "${5:-}"
command -v "${CROSS}gcc" >/dev/null || die "${CROSS}gcc missing"
THIS_ARCH=$(uname -m)

case "$CASE" in
build)
    # shellcheck disable=SC2086 # KBP_PACK_ARGS: --modpost=bundled for cross-build-bundled-*
    kbp_pack_unchanged "$S/out" packing --host-tools=build ${KBP_PACK_ARGS:-}
    kbp_check_bundled_modpost
    kbp_elf_programs "$PACKED" > "$S/programs"
    log "ELF programs in the output: $(awk '{print $1}' "$S/programs" | tr '\n' ' ')"
    grep -q '^scripts/basic/fixdep ' "$S/programs" || fail "no fixdep in the output"
    "$KBUILD_PACK" verify --host-arch "$THIS_ARCH" "$S/out" > "$S/verify-build.out" 2>&1 \
        && pass "verify --host-arch $THIS_ARCH passes on the --host-tools=build output" \
        || { fail "verify --host-arch $THIS_ARCH failed:"; cat "$S/verify-build.out" >&2; }
    if "$KBUILD_PACK" verify --host-arch "$ELFARCH" "$S/out" > "$S/verify-target.out" 2>&1; then
        fail "verify --host-arch $ELFARCH accepted build-machine programs"
    else
        grep -q 'scripts/basic/fixdep' "$S/verify-target.out" && pass "verify --host-arch $ELFARCH names the build machine's fixdep" \
            || { fail "verify --host-arch $ELFARCH did not name fixdep:"; cat "$S/verify-target.out" >&2; }
    fi
    kbp_ro_bind "$S/out" || die "cannot make $S/out read-only"
    log "cross-building the test modules against the packed tree (original trees hidden)"
    # both builds in $S/mod, the same path, so that the .ko files can be identical
    kbp_build_against "$PACKED" "$S/mod" hide
    pass "all test modules cross-build against the packed tree"
    kbp_check_modules "$S/mod" "$PACKED"
    mv "$S/mod" "$S/mod.packed"
    log "cross-building the test modules against the original tree"
    kbp_build_against "$KTREE" "$S/mod"
    mv "$S/mod" "$S/mod.orig"
    kbp_compare_builds "$S/mod.orig" "$S/mod.packed" "original tree vs packed tree"
    ;;
target)
    kbp_pack_unchanged "$S/out" --host-tools=target --host-tools=target
    grep -i 'warning' "$S/pack.stderr" >&2 && fail "--host-tools=target warned (a program was not rebuilt)" \
        || pass "--host-tools=target rebuilt every program (no warnings)"
    kbp_elf_programs "$PACKED" > "$S/programs"
    log "ELF programs in the output: $(tr '\n' ',' < "$S/programs")"
    kbp_module_build_programs "$PACKED/.config" > "$S/runs"
    log "programs a module build runs: $(tr '\n' ' ' < "$S/runs")"
    while read -r p; do
        [ -f "$PACKED/$p" ] && kbp_is_target_elf "$PACKED/$p" \
            && pass "$p rebuilt for $ELFARCH" || fail "$p missing from the output or not for $ELFARCH"
    done < "$S/runs"
    if grep -qx 'CONFIG_MODULE_SIG=y' "$PACKED/.config"; then
        grep -q '^scripts/sign-file ' "$S/programs" && pass "sign-file rebuilt" || fail "sign-file missing"
    fi
    "$KBUILD_PACK" verify --host-arch "$ELFARCH" "$S/out" > "$S/verify.out" 2>&1 \
        && pass "verify --host-arch $ELFARCH: every ELF program is for $ELFARCH ($(wc -l < "$S/programs") programs)" \
        || { fail "verify --host-arch $ELFARCH failed:"; cat "$S/verify.out" >&2; }
    # Reference: the same modules built with the build machine's programs.
    kbp_pack "$S/ref" --host-tools=build
    REF=$PACKED
    kbp_elf_programs "$REF" | awk '{ print $1 }' > "$S/programs.build"
    awk '{ print $1 }' "$S/programs" | diff -u "$S/programs.build" - >&2 \
        && pass "the same $(wc -l < "$S/programs.build") ELF files as the --host-tools=build output" \
        || fail "the ELF files differ from the --host-tools=build output's (above)"
    kbp_build_against "$REF" "$S/mod"
    mv "$S/mod" "$S/mod.build"
    # The target's programs at work, through qemu-user (for i386, on this
    # machine itself): a writable copy of the output whose ELF programs are
    # shims that log each run.
    if [ -n "$QEMU_USER" ]; then
        command -v "$QEMU_USER" >/dev/null || die "$QEMU_USER missing (apt-get install qemu-user)"
        RUNNER="$QEMU_USER -L $QEMU_LD" WHERE="under $QEMU_USER"
    else
        RUNNER= WHERE="natively on $THIS_ARCH"
    fi
    PACKED=$S/out/lib/modules/$REL/build
    cp -a "$S/out" "$S/emu"
    E=$S/emu/lib/modules/$REL/build
    while read -r p _; do
        # the BTF base of modules is ELF data, not a program
        [ "$p" != vmlinux ] || continue
        mv "$E/$p" "$E/$p.target"
        printf '#!/bin/sh\necho "$0" >> %s\nexec %s "$0.target" "$@"\n' "$S/shim.log" "$RUNNER" > "$E/$p"
        chmod 755 "$E/$p"
    done < "$S/programs"
    out=$("$E/scripts/basic/fixdep" 2>&1 || true)
    case "$out" in *[Uu]sage*) pass "the target's fixdep runs ($WHERE)" ;;
        *) fail "the target's fixdep does not run $WHERE: $out" ;; esac
    : > "$S/shim.log"
    log "building the test modules with the target's programs ($WHERE)"
    # rebuild in the same path as the reference build
    kbp_build_against "$E" "$S/mod"
    mv "$S/mod" "$S/mod.target"
    while read -r p; do
        n=$(grep -c "$p\$" "$S/shim.log" || true)
        [ "$n" -gt 0 ] && pass "the module builds ran the target's $p $n time(s)" || fail "the module builds never ran the target's $p"
    done < "$S/runs"
    kbp_compare_builds "$S/mod.build" "$S/mod.target" "build-machine programs vs target programs $WHERE"
    if grep -qx 'CONFIG_MODULE_SIG=y' "$PACKED/.config" && [ -n "$OBJ" ]; then
        cp "$S/mod.target/kbp_user/kbp_user.ko" "$S/signed.ko"
        "$E/scripts/sign-file" sha512 "$OBJ/certs/signing_key.pem" "$OBJ/certs/signing_key.x509" "$S/signed.ko" \
            && tail -c 28 "$S/signed.ko" | grep -q 'Module signature appended' \
            && pass "the target's sign-file signs a module ($WHERE)" \
            || fail "the target's sign-file failed"
    fi
    ;;
boot|boot-badcrc)
    if [ -n "${KBP_SPLIT_SERIES:-}" ]; then # tests/split: its installed parts of a split
        kbp_pack_and_build
    else
        # shellcheck disable=SC2086
        kbp_pack "$S/out" --host-tools=build ${KBP_PACK_ARGS:-}
        kbp_check_bundled_modpost
        kbp_ro_bind "$S/out" || die "cannot make $S/out read-only"
        kbp_build_against "$PACKED" "$S/mod" hide
        pass "all test modules cross-build against the packed tree"
    fi
    R=$S/initramfs
    mkdir -p "$R"/{dev,proc,sys,mods}
    mknod -m 600 "$R/dev/console" c 5 1
    "${CROSS}gcc" -static -O2 -o "$R/init" "$KBP_TESTS_DIR/cross/kbp-init.c" || die "cannot build the static init"
    LIB_KO=$(kbp_modroot_ko "$KBP_LIBMOD")
    [ -n "$LIB_KO" ] || die "$KBP_LIBMOD.ko not found in $FIX/modroot"
    cp "$LIB_KO" "$R/mods/$KBP_LIBMOD.ko"
    for m in "${KBP_MODULES[@]}"; do cp "$S/mod/$m/$m.ko" "$R/mods/"; done
    if [ "$CASE" = boot-badcrc ]; then
        # kfree's CRC changed in kbp_user.ko, in the table the kernel checks
        # (boot-lib.sh), before any signing
        . "$KBP_TESTS_DIR/kernel/boot-lib.sh"
        kbp_patch_crc "$R/mods/kbp_user.ko" kfree
    fi
    SIGNED=
    # Unsigned modules by default: the tiny 6.1 kernel does not verify
    # module signatures (finit_module fails with ENOENT for signed modules,
    # even crc7.ko as modules_install signed it), so its signature is
    # stripped; KBP_CROSS_SIGN=1 signs the test modules instead, the default
    # for the full flavour, whose kernel verifies them against its
    # build-time key (a bad signature is then reported and taints).
    [ "$FLAVOUR" != full ] || KBP_CROSS_SIGN=${KBP_CROSS_SIGN:-1}
    # a Debian kernel: the key that signed its modules is gone with its
    # build; its module (crc7.ko) keeps Debian's signature, the test modules load
    # unsigned and taint the kernel once (signatures are not forced)
    if [ -n "$KBP_DEBIAN" ]; then
        KBP_CROSS_SIGN=debian
    elif grep -qx 'CONFIG_MODULE_SIG=y' "$PACKED/.config" && [ -n "$OBJ" ]; then
        cp "$S/mod/kbp_user/kbp_user.ko" "$S/signed.ko"
        "$PACKED/scripts/sign-file" sha512 "$OBJ/certs/signing_key.pem" "$PACKED/certs/signing_key.x509" "$S/signed.ko" \
            && tail -c 28 "$S/signed.ko" | grep -q 'Module signature appended' \
            && pass "the packed sign-file signs a cross-built module" || fail "the packed sign-file failed"
    fi
    if [ "${KBP_CROSS_SIGN:-0}" = debian ]; then
        ! grep -qx 'CONFIG_MODULE_SIG_FORCE=y' "$PACKED/.config" || die "a Debian kernel that forces signatures: unsigned test modules cannot load"
    elif [ "${KBP_CROSS_SIGN:-0}" = 0 ]; then
        python3 - "$R/mods/$KBP_LIBMOD.ko" <<'PY'
import sys
p = sys.argv[1]; d = open(p, 'rb').read(); magic = b"~Module signature appended~\n"
if d.endswith(magic):
    n = int.from_bytes(d[-len(magic) - 4:-len(magic)], 'big')
    open(p, 'wb').write(d[:-(len(magic) + 12 + n)])
PY
    elif grep -qx 'CONFIG_MODULE_SIG=y' "$PACKED/.config" && [ -n "$OBJ" ]; then
        hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' "$PACKED/.config")
        for m in "${KBP_MODULES[@]}"; do
            "$PACKED/scripts/sign-file" "$hash" "$OBJ/certs/signing_key.pem" "$PACKED/certs/signing_key.x509" "$R/mods/$m.ko" \
                || die "the packed sign-file failed on $m.ko"
        done
        SIGNED=1
        pass "test modules signed with the packed sign-file and certs/signing_key.x509"
    fi
    if [ "$CASE" = boot-badcrc ]; then LOAD=("$KBP_LIBMOD" kbp_user kbp_provider); else LOAD=("$KBP_LIBMOD" "${KBP_MODULES[@]}"); fi
    printf '%s\n' "${LOAD[@]}" > "$R/mods/order"
    (cd "$R" && find . | cpio -o -H newc --quiet) > "$S/initramfs.cpio"
    # CONSOLE empty: the machine's own console (s390's SCLP line mode)
    case "$KARCH" in
        arm64)   QEMU=(qemu-system-aarch64 -M virt -cpu cortex-a57); CONSOLE=ttyAMA0 ;;
        riscv)   QEMU=(qemu-system-riscv64 -M virt -bios default); CONSOLE=ttyS0 ;;
        powerpc) QEMU=(qemu-system-ppc64 -M pseries); CONSOLE=hvc0 ;;
        arm)     QEMU=(qemu-system-arm -M virt -cpu cortex-a15); CONSOLE=ttyAMA0 ;;
        i386)    QEMU=(qemu-system-i386 -cpu max); CONSOLE=ttyS0 ;;
        # the kernel's SCLP line-mode console, which qemu attaches only when asked
        s390)    QEMU=(qemu-system-s390x -M s390-ccw-virtio -nodefaults -chardev stdio,id=con
                       -device sclplmconsole,chardev=con); CONSOLE= ;;
        *) die "no qemu machine for $KARCH" ;;
    esac
    command -v "${QEMU[0]}" >/dev/null || die "${QEMU[0]} missing"
    LOGF=$S/serial.log
    log "booting $FIX/Image in ${QEMU[0]} (log: $LOGF)"
    rc=0
    timeout "${KBP_BOOT_TIMEOUT:-240}" "${QEMU[@]}" -m "${KBP_BOOT_MEM:-256}" -smp 1 -kernel "$FIX/Image" -initrd "$S/initramfs.cpio" \
        -append "${CONSOLE:+console=$CONSOLE }panic=-1 loglevel=7" -nographic -no-reboot </dev/null >"$LOGF" 2>&1 || rc=$?
    tr -d '\r' < "$LOGF" > "$LOGF.txt"
    show_log() { echo "---- serial log (last 60 lines) ----" >&2; tail -n 60 "$LOGF.txt" >&2; }
    [ $rc -eq 0 ] || { show_log; die "qemu exited with $rc (124 = timeout)"; }
    grep -q '^KBP-DONE' "$LOGF.txt" || { show_log; die "init did not reach KBP-DONE"; }
    grep -q "^KBP-INIT: $REL " "$LOGF.txt" && pass "booted release $REL ($(sed -n 's/^KBP-INIT: [^ ]* //p' "$LOGF.txt"))" \
        || fail "booted kernel is not $REL"
    if [ "$CASE" = boot-badcrc ]; then
        grep -q 'kbp_user: disagrees about version of symbol kfree$' "$LOGF.txt" \
            && pass "the kernel reports 'kbp_user: disagrees about version of symbol kfree'" || fail "no CRC complaint about kbp_user"
        grep -q '^KBP-INSMOD-FAIL: kbp_user' "$LOGF.txt" && pass "insmod of the patched kbp_user failed" || fail "the patched kbp_user loaded"
        grep -q 'kbp_user: loaded' "$LOGF.txt" && fail "the patched kbp_user ran its init" || pass "the patched kbp_user did not run its init"
        grep -qx 'KBP-INSMOD-OK: kbp_provider' "$LOGF.txt" && grep -q 'kbp_provider: loaded' "$LOGF.txt" \
            && pass "an unmodified module still loads afterwards" || fail "kbp_provider did not load after the refused kbp_user"
        [ $FAILS -eq 0 ] || show_log
        kbp_finish
        exit
    fi
    for m in "$KBP_LIBMOD" "${KBP_MODULES[@]}"; do
        grep -qx "KBP-INSMOD-OK: $m" "$LOGF.txt" && pass "insmod $m" || fail "insmod $m: $(grep "KBP-INSMOD-FAIL: $m" "$LOGF.txt")"
        grep -Eq "^${m//-/_} [0-9]+ [0-9]+ " "$LOGF.txt" || fail "$m not in /proc/modules"
    done
    for re in 'kbp_user: loaded \(crc=0x[0-9a-f]+\)' 'kbp_provider: loaded' \
              'kbp_consumer: loaded, kbp_provider_add\(40,2\)=42 kbp_provider_mix=4002' 'kbp_multi: loaded, sum=36 scaled=108'; do
        grep -Eq "$re" "$LOGF.txt" && pass "console: /$re/" || fail "no console line /$re/"
    done
    bad='Unknown symbol|version magic|Invalid module format|disagrees about version|no symbol version'
    [ -n "$SIGNED" ] && bad="$bad|module verification failed|tainting kernel"
    if grep -Eq "$bad" "$LOGF.txt"; then fail "kernel complained: $(grep -E "$bad" "$LOGF.txt" | head -n 3)"
    else pass "no unknown-symbol/vermagic/version/signature complaints"; fi
    [ $FAILS -eq 0 ] || show_log
    ;;
*) die "unknown case $CASE" ;;
esac
kbp_finish
