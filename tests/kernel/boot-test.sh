#!/bin/bash
# boot-test.sh SERIES LAYOUT CASE
#
# Pack the fixture, build the test modules against the packed tree (original
# trees hidden), put them with the in-tree module kbp_user uses (KBP_LIBMOD:
# crc7.ko) and busybox into an initramfs, boot the
# fixture's bzImage in qemu and insmod everything.
#   CASE=load    every module must load and print its init message
#   CASE=badcrc  kbp_user.ko gets the CRC of kfree changed in the table the
#                kernel checks (__version_ext_crcs if present, else
#                __versions); loading it must fail with "disagrees about
#                version of symbol kfree", while an unmodified module loaded
#                after it still works
#   CASE=badvermagic  the same with a letter of kbp_user.ko's vermagic
#                changed after the release: refused with "version magic
#                ... should be ..." (a kernel without CONFIG_MODVERSIONS,
#                Debian's forky, has no CRC to change)
# With CONFIG_MODULE_SIG the modules are signed with the packed sign-file
# (and the fixture's key) before they go into the initramfs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/boot-lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 3 ] || die "usage: $0 SERIES LAYOUT load|badcrc|badvermagic"
CASE=$3
case "$CASE" in load|badcrc|badvermagic) ;; *) die "unknown case $CASE" ;; esac
kbp_setup "$1" "$2"

kbp_boot_tools

kbp_pack_and_build

LIB_KO=$(kbp_modroot_ko "$KBP_LIBMOD")
[ -n "$LIB_KO" ] || die "$KBP_LIBMOD.ko not found in $FIX/modroot"

# --------------------------------------------------------------- initramfs
R=$S/initramfs
kbp_initramfs_dir "$R"
cp "$LIB_KO" "$R/mods/$KBP_LIBMOD.ko"
for m in "${KBP_MODULES[@]}"; do cp "$S/mod/$m/$m.ko" "$R/mods/"; done

if [ "$CASE" = badcrc ]; then
    # Change the CRC of kfree in kbp_user.ko (on a copy), in the table the
    # kernel checks (boot-lib.sh).
    kbp_config_on CONFIG_MODVERSIONS || die "$REL has no CONFIG_MODVERSIONS: no CRC to change (case badvermagic)"
    kbp_patch_crc "$R/mods/kbp_user.ko" kfree
    LOAD_ORDER="$KBP_LIBMOD kbp_user kbp_provider"
elif [ "$CASE" = badvermagic ]; then
    kbp_patch_vermagic "$R/mods/kbp_user.ko"
    LOAD_ORDER="$KBP_LIBMOD kbp_user kbp_provider"
else
    LOAD_ORDER="$KBP_LIBMOD ${KBP_MODULES[*]}"
fi

# CONFIG_MODULE_SIG: sign the test modules (after any patch, so that only
# the CRC can be refused) as their owner would, with the packed sign-file and
# certificate and the fixture's key, which the packed tree does not hold.
# A Debian kernel: the key that signed its modules was thrown away after
# its build, so the test modules load unsigned (CONFIG_MODULE_SIG_FORCE is
# off) and taint the kernel once, as every module a user builds does there.
SIGNED= UNSIGNED_OK=
if kbp_config_on CONFIG_MODULE_SIG && [ -n "$KBP_DEBIAN" ]; then
    ! kbp_config_on CONFIG_MODULE_SIG_FORCE || die "a Debian kernel that forces signatures: unsigned test modules cannot load"
    UNSIGNED_OK="|.*$KBP_UNSIGNED_TAINT"
elif kbp_config_on CONFIG_MODULE_SIG; then
    hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"$/\1/p' "$PACKED/.config")
    for m in "${KBP_MODULES[@]}"; do
        "$PACKED/scripts/sign-file" "$hash" "$KTREE/certs/signing_key.pem" "$PACKED/certs/signing_key.x509" \
            "$R/mods/$m.ko" || die "scripts/sign-file of the packed tree failed on $m.ko"
        tail -c 28 "$R/mods/$m.ko" | grep -q '~Module signature appended~' || die "$m.ko carries no signature"
    done
    SIGNED=1
    log "signed the test modules (sha: $hash) with the packed scripts/sign-file"
fi

kbp_initramfs "$R" "$LOAD_ORDER" "$S/initramfs.cpio"

# -------------------------------------------------------------------- boot
kbp_boot "$FIX/bzImage" "$S/initramfs.cpio"

# the patched kfree CRC of kbp_user (badcrc case) is the only expected error;
# the kernel reports it as "disagrees about version" + "Unknown symbol kfree (err -22)"
case "$CASE" in
badvermagic) vm=$(modinfo -F vermagic "$LIB_KO")
             kbp_check_no_version_errors "^kbp_user: version magic '[^']*' should be '[^']*'\$$UNSIGNED_OK" ;;
*) kbp_check_no_version_errors "^kbp_user: (disagrees about version of symbol kfree|Unknown symbol kfree \\(err -22\\))\$$UNSIGNED_OK" ;;
esac
if [ "$CASE" = load ]; then
    reject_line 'disagrees about version|Unknown symbol' "no symbol version mismatches"
    for m in $LOAD_ORDER; do
        expect_line "^KBP-INSMOD-OK: $m\$" "insmod $m succeeded"
    done
    expect_line 'kbp_user: loaded \(crc=0x[0-9a-f]+\)' "kbp_user init message"
    expect_line 'kbp_provider: loaded' "kbp_provider init message"
    expect_line 'kbp_consumer: loaded, kbp_provider_add\(40,2\)=42 kbp_provider_mix=4002' "kbp_consumer called the provider"
    expect_line 'kbp_multi: loaded, sum=36 scaled=108' "kbp_multi init message"
    for m in "$KBP_LIBMOD" kbp_user kbp_provider kbp_consumer kbp_multi; do
        expect_line "^${m//-/_} [0-9]+ [0-9]+ " "$m in /proc/modules"
    done
else
    # the mismatch must be reported and kbp_user must not load
    if [ "$CASE" = badvermagic ]; then
        expect_line "^kbp_user: version magic '$(kbp_ere "$KBP_PATCHED_VERMAGIC")' should be '$(kbp_ere "$vm")'\$" \
            "kernel reports kbp_user's version magic and the one it wants"
    else
        expect_line 'kbp_user: disagrees about version of symbol kfree$' "kernel reports 'kbp_user: disagrees about version of symbol kfree'"
    fi
    expect_line '^KBP-INSMOD-FAIL: kbp_user$' "insmod of the patched kbp_user failed"
    reject_line 'kbp_user: loaded' "patched kbp_user did not run its init"
    expect_line '^KBP-INSMOD-OK: kbp_provider$' "an unmodified module still loads afterwards"
    expect_line 'kbp_provider: loaded' "kbp_provider init message"
fi
if [ -n "$UNSIGNED_OK" ]; then
    expect_line "$KBP_UNSIGNED_TAINT" \
        "the kernel loaded the unsigned test modules (no key to sign them with, as for every user of $REL)"
    reject_line "${KBP_LIBMOD//-/_}: module verification failed" "Debian's $KBP_LIBMOD.ko verified"
fi
if [ -n "$SIGNED" ]; then
    reject_line 'module verification failed|Loading of unsigned module|Key was rejected' \
        "the kernel verified the signatures made with the packed sign-file"
fi
# extra checks of the log, e.g. tests/btf/boot-checks.sh (sourced: LOGF, expect_line, reject_line)
[ -z "${KBP_BOOT_CHECKS:-}" ] || . "$KBP_BOOT_CHECKS"
[ $FAILS -eq 0 ] || show_log
kbp_finish
