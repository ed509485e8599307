#!/bin/bash
# boot-test.sh SERIES LAYOUT CASE
#
# Pack the fixture, build the test modules against the packed tree (original
# trees hidden), put them with crc7.ko and busybox into an initramfs, boot the
# fixture's bzImage in qemu and insmod everything.
#   CASE=load    every module must load and print its init message
#   CASE=badcrc  kbp_user.ko gets the CRC of kfree changed in the table the
#                kernel checks (__version_ext_crcs if present, else
#                __versions); loading it must fail with "disagrees about
#                version of symbol kfree", while an unmodified module loaded
#                after it still works
# With CONFIG_MODULE_SIG the modules are signed with the packed sign-file
# (and the fixture's key) before they go into the initramfs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 3 ] || die "usage: $0 SERIES LAYOUT load|badcrc"
CASE=$3
case "$CASE" in load|badcrc) ;; *) die "unknown case $CASE" ;; esac
kbp_setup "$1" "$2"

BUSYBOX=${KBP_BUSYBOX:-/bin/busybox}
[ -x "$BUSYBOX" ] || die "$BUSYBOX missing (apt-get install busybox-static)"
! readelf -l "$BUSYBOX" 2>/dev/null | grep -q 'Requesting program interpreter' \
    || die "$BUSYBOX is not statically linked (apt-get install busybox-static)"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"

kbp_pack_and_build

CRC7_KO=$(kbp_modroot_ko crc7)
[ -n "$CRC7_KO" ] || die "crc7.ko not found in $FIX/modroot"

# --------------------------------------------------------------- initramfs
R=$S/initramfs
mkdir -p "$R"/{bin,dev,proc,sys,mods}
cp "$BUSYBOX" "$R/bin/busybox"
mknod -m 600 "$R/dev/console" c 5 1
mknod -m 666 "$R/dev/null" c 1 3
cp "$CRC7_KO" "$R/mods/crc7.ko"
for m in "${KBP_MODULES[@]}"; do cp "$S/mod/$m/$m.ko" "$R/mods/"; done

# sec_offset KO SECTION: "file-offset size" of SECTION (decimal), empty if absent
sec_offset() {
    local off size
    read -r off size < <(readelf -S -W "$1" | sed 's/^ *\[ *[0-9]*\]//' |
        awk -v s="$2" '$1 == s { print $4, $5 }') || true
    [ -n "${off:-}" ] && echo "$((16#$off)) $((16#$size))"
}

if [ "$CASE" = badcrc ]; then
    # Change the CRC of kfree in kbp_user.ko (on a copy), in the table the
    # kernel checks. kernel/module/version.c's check_version() relies on the
    # extended table (__version_ext_crcs + __version_ext_names,
    # CONFIG_EXTENDED_MODVERSIONS, 6.14+) whenever a module has one and then
    # never reads __versions: with EXTENDED and BASIC both on (the full
    # fixture) a patched __versions alone would go unnoticed, so the
    # extended CRC is patched. Without the table, __versions' entry is.
    ko=$R/mods/kbp_user.ko
    if [ -n "$(sec_offset "$ko" __version_ext_crcs)" ]; then
        # u32 CRCs in the order of the NUL-separated names
        read -r off size < <(sec_offset "$ko" __version_ext_crcs)
        read -r noff nsize < <(sec_offset "$ko" __version_ext_names)
        idx=$(dd if="$ko" bs=1 skip="$noff" count="$nsize" status=none | tr '\0' '\n' | grep -v '^$' |
            awk '$0 == "kfree" { print NR - 1; exit }')
        [ -n "$idx" ] || die "kfree not found in kbp_user.ko __version_ext_names"
        table=__version_ext_crcs list=kbp_ext_modversions
        patch_at=$((off + idx * 4)) patch='\xef\xbe\xad\xde'
    else
        # Entry layout (64-bit): 8-byte little-endian crc + 56-byte name.
        read -r off size < <(sec_offset "$ko" __versions) || die "kbp_user.ko has no __versions section"
        idx=-1
        for ((i = 0; i < size / 64; i++)); do
            name=$(dd if="$ko" bs=1 skip=$((off + i * 64 + 8)) count=56 status=none | tr -d '\0')
            [ "$name" = kfree ] && { idx=$i; break; }
        done
        [ $idx -ge 0 ] || die "kfree not found in kbp_user.ko __versions"
        table=__versions list=kbp_modversions
        patch_at=$((off + idx * 64)) patch='\xef\xbe\xad\xde\x00\x00\x00\x00'
    fi
    $list "$ko" > "$S/versions.before"
    old=$(awk '$2 == "kfree" { print $1 }' "$S/versions.before")
    printf "$patch" | dd of="$ko" bs=1 seek="$patch_at" conv=notrunc status=none
    $list "$ko" > "$S/versions.after"
    changed=$(diff "$S/versions.before" "$S/versions.after" | grep -c '^[<>]' || true)
    grep -qx '0xdeadbeef kfree' "$S/versions.after" && [ "$changed" = 2 ] \
        || die "patching kfree's CRC in $table did not work: $(diff "$S/versions.before" "$S/versions.after")"
    log "patched kfree CRC in kbp_user.ko's $table: $old -> 0xdeadbeef"
    LOAD_ORDER="crc7 kbp_user kbp_provider"
else
    LOAD_ORDER="crc7 ${KBP_MODULES[*]}"
fi

# CONFIG_MODULE_SIG: sign the test modules (after any patch, so that only
# the CRC can be refused) as their owner would, with the packed sign-file and
# certificate and the fixture's key, which the packed tree does not hold.
SIGNED=
if kbp_config_on CONFIG_MODULE_SIG; then
    hash=$(sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"$/\1/p' "$PACKED/.config")
    for m in "${KBP_MODULES[@]}"; do
        "$PACKED/scripts/sign-file" "$hash" "$KTREE/certs/signing_key.pem" "$PACKED/certs/signing_key.x509" \
            "$R/mods/$m.ko" || die "scripts/sign-file of the packed tree failed on $m.ko"
        tail -c 28 "$R/mods/$m.ko" | grep -q '~Module signature appended~' || die "$m.ko carries no signature"
    done
    SIGNED=1
    log "signed the test modules (sha: $hash) with the packed scripts/sign-file"
fi

cat > "$R/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
echo "KBP-INIT: \$(uname -r)"
for m in $LOAD_ORDER; do
    if insmod /mods/\$m.ko; then echo "KBP-INSMOD-OK: \$m"; else echo "KBP-INSMOD-FAIL: \$m"; fi
done
echo "KBP-MODULES:"
cat /proc/modules
echo "KBP-BTF: \$(ls /sys/kernel/btf 2>/dev/null | tr '\n' ' ')"
echo "KBP-DONE"
reboot -f
EOF
chmod 755 "$R/init"
(cd "$R" && find . | cpio -o -H newc --quiet) > "$S/initramfs.cpio"

# -------------------------------------------------------------------- boot
LOGF=$S/serial.log
# Accelerator: KBP_QEMU_ACCEL=kvm|tcg forces one.  Otherwise kvm with tcg
# fallback, except on hosts whose KVM is PVM (kvm_pvm module: it only runs
# PVM-enabled guest kernels, ours hangs before the first printk), and a kvm
# boot that shows no kernel output at all is retried once with tcg.
qemu_boot() { # ACCEL-ARGS...
    local rc=0 t0=$SECONDS
    log "booting $FIX/bzImage in qemu ($*; log: $LOGF)"
    timeout "${KBP_BOOT_TIMEOUT:-300}" qemu-system-x86_64 "$@" -m 256 \
        -kernel "$FIX/bzImage" -initrd "$S/initramfs.cpio" \
        -append 'console=ttyS0 panic=-1 loglevel=7 no_timer_check' \
        -nographic -no-reboot </dev/null >"$LOGF" 2>&1 || rc=$?
    tr -d '\r' < "$LOGF" > "$LOGF.txt"
    log "qemu exit $rc after $((SECONDS - t0))s"
    return $rc
}
accel=${KBP_QEMU_ACCEL:-}
if [ -z "$accel" ]; then
    if [ ! -w /dev/kvm ]; then accel=tcg
    elif [ -d /sys/module/kvm_pvm ]; then accel=tcg; log "host KVM is PVM (kvm_pvm), using tcg"
    else accel=auto; fi
fi
rc=0
case "$accel" in
    kvm)  qemu_boot -accel kvm || rc=$? ;;
    tcg)  qemu_boot -accel tcg || rc=$? ;;
    auto) qemu_boot -accel kvm -accel tcg || rc=$?
          if ! grep -q 'Linux version' "$LOGF.txt"; then
              log "no kernel output under kvm (exit $rc), retrying with tcg"
              rc=0; qemu_boot -accel tcg || rc=$?
          fi ;;
    *) die "KBP_QEMU_ACCEL=$accel: want kvm or tcg" ;;
esac
# A kernel that never reached /init (e.g. "IO-APIC + timer doesn't work" under
# tcg on a loaded host) says nothing about the modules: boot once more.
if ! grep -q '^KBP-INIT:' "$LOGF.txt"; then
    echo "---- boot did not reach /init (exit $rc), retrying once; last lines: ----" >&2
    tail -n 5 "$LOGF.txt" >&2
    [ "$accel" = kvm ] || accel=tcg
    rc=0; qemu_boot -accel "$accel" || rc=$?
fi
show_log() { echo "---- serial log (last 60 lines) ----" >&2; tail -n 60 "$LOGF.txt" >&2; }
[ $rc -eq 0 ] || { show_log; die "qemu exited with $rc (124 = timeout)"; }
grep -q '^KBP-DONE' "$LOGF.txt" || { show_log; die "init did not reach KBP-DONE"; }
# substring: an asynchronous kernel message can land on the same console line
grep -qF "KBP-INIT: $REL" "$LOGF.txt" && pass "booted release $REL" || fail "booted kernel is not $REL"

expect_line() { # grep -E pattern, description
    if grep -Eq "$1" "$LOGF.txt"; then pass "$2"; else fail "$2: no line matching /$1/"; fi
}
reject_line() {
    if grep -Eq "$1" "$LOGF.txt"; then fail "$2: $(grep -E "$1" "$LOGF.txt" | head -n 3)"; else pass "$2"; fi
}
# the patched kfree CRC of kbp_user (badcrc case) is the only expected error;
# the kernel reports it as "disagrees about version" + "Unknown symbol kfree (err -22)"
grep -Ev '^kbp_user: (disagrees about version of symbol kfree|Unknown symbol kfree \(err -22\))$' \
    "$LOGF.txt" > "$LOGF.other" || true
if grep -Eq 'disagrees about version|Unknown symbol|version magic|Invalid module format|tainting kernel|no symbol version' "$LOGF.other"; then
    fail "module version/format errors in the log:"
    grep -E 'disagrees about version|Unknown symbol|version magic|Invalid module format|tainting kernel|no symbol version' "$LOGF.other" | head -n 10 >&2
else
    pass "no unexpected unknown-symbol/version/vermagic/format messages"
fi
if [ "$CASE" = load ]; then
    reject_line 'disagrees about version|Unknown symbol' "no symbol version mismatches"
    for m in $LOAD_ORDER; do
        expect_line "^KBP-INSMOD-OK: $m\$" "insmod $m succeeded"
    done
    expect_line 'kbp_user: loaded \(crc7=0x[0-9a-f]{2}\)' "kbp_user init message"
    expect_line 'kbp_provider: loaded' "kbp_provider init message"
    expect_line 'kbp_consumer: loaded, kbp_provider_add\(40,2\)=42 kbp_provider_mix=4002' "kbp_consumer called the provider"
    expect_line 'kbp_multi: loaded, sum=36 scaled=108' "kbp_multi init message"
    for m in crc7 kbp_user kbp_provider kbp_consumer kbp_multi; do
        expect_line "^$m [0-9]+ [0-9]+ " "$m in /proc/modules"
    done
else
    # the mismatch must be reported and kbp_user must not load
    expect_line 'kbp_user: disagrees about version of symbol kfree$' "kernel reports 'kbp_user: disagrees about version of symbol kfree'"
    expect_line '^KBP-INSMOD-FAIL: kbp_user$' "insmod of the patched kbp_user failed"
    reject_line 'kbp_user: loaded' "patched kbp_user did not run its init"
    expect_line '^KBP-INSMOD-OK: kbp_provider$' "an unmodified module still loads afterwards"
    expect_line 'kbp_provider: loaded' "kbp_provider init message"
fi
if [ -n "$SIGNED" ]; then
    reject_line 'module verification failed|Loading of unsigned module|Key was rejected' \
        "the kernel verified the signatures made with the packed sign-file"
fi
# extra checks of the log, e.g. tests/btf/boot-checks.sh (sourced: LOGF, expect_line, reject_line)
[ -z "${KBP_BOOT_CHECKS:-}" ] || . "$KBP_BOOT_CHECKS"
[ $FAILS -eq 0 ] || show_log
kbp_finish
