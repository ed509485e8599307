#!/bin/bash
# boot-test.sh SERIES LAYOUT CASE
#
# Pack the fixture, build the test modules against the packed tree (original
# trees hidden), put them with crc7.ko and busybox into an initramfs, boot the
# fixture's bzImage in qemu and insmod everything.
#   CASE=load    every module must load and print its init message
#   CASE=badcrc  kbp_user.ko gets one __versions CRC changed (kfree); loading
#                it must fail with "disagrees about version of symbol kfree",
#                while an unmodified module loaded after it still works
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

if [ "$CASE" = badcrc ]; then
    # Change the CRC of kfree in kbp_user.ko's __versions (on a copy).
    # Entry layout (64-bit): 8-byte little-endian crc + 56-byte name.
    ko=$R/mods/kbp_user.ko
    read -r off size < <(readelf -S -W "$ko" | sed 's/^ *\[ *[0-9]*\]//' |
        awk '$1 == "__versions" { print $4, $5 }') || true
    [ -n "${off:-}" ] || die "kbp_user.ko has no __versions section"
    off=$((16#$off)) size=$((16#$size))
    idx=-1
    for ((i = 0; i < size / 64; i++)); do
        name=$(dd if="$ko" bs=1 skip=$((off + i * 64 + 8)) count=56 status=none | tr -d '\0')
        [ "$name" = kfree ] && { idx=$i; break; }
    done
    [ $idx -ge 0 ] || die "kfree not found in kbp_user.ko __versions"
    kbp_modversions "$ko" > "$S/versions.before"
    old=$(awk '$2 == "kfree" { print $1 }' "$S/versions.before")
    printf '\xef\xbe\xad\xde\x00\x00\x00\x00' | dd of="$ko" bs=1 seek=$((off + idx * 64)) conv=notrunc status=none
    kbp_modversions "$ko" > "$S/versions.after"
    changed=$(diff "$S/versions.before" "$S/versions.after" | grep -c '^[<>]' || true)
    grep -qx '0xdeadbeef kfree' "$S/versions.after" && [ "$changed" = 2 ] \
        || die "patching kfree's CRC did not work: $(diff "$S/versions.before" "$S/versions.after")"
    log "patched kfree CRC in kbp_user.ko: $old -> 0xdeadbeef"
    LOAD_ORDER="crc7 kbp_user kbp_provider"
else
    LOAD_ORDER="crc7 ${KBP_MODULES[*]}"
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
grep -qx "KBP-INIT: $REL" "$LOGF.txt" && pass "booted release $REL" || fail "booted kernel is not $REL"

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
# extra checks of the log, e.g. tests/btf/boot-checks.sh (sourced: LOGF, expect_line, reject_line)
[ -z "${KBP_BOOT_CHECKS:-}" ] || . "$KBP_BOOT_CHECKS"
[ $FAILS -eq 0 ] || show_log
kbp_finish
