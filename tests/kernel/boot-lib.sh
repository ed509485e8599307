# Booting a fixture kernel in qemu with test modules in an initramfs; sourced
# after tests/kernel/lib.sh by tests/kernel/boot-test.sh (the C modules) and
# tests/rust/rust-test.sh (the Rust ones). Uses S, FIX, REL, log/pass/fail/die.
#
#   kbp_boot_tools                   busybox-static and qemu-system-x86_64 are there
#   kbp_initramfs_dir R              R: busybox, /dev nodes, an empty mods/
#   kbp_patch_crc KO SYMBOL          change SYMBOL's CRC in KO to 0xdeadbeef, in
#                                    the table the kernel checks
#   kbp_patch_vermagic KO            change a letter of KO's vermagic after the
#                                    release
#   kbp_initramfs R LOAD_ORDER OUT   write R/init (insmod LOAD_ORDER from /mods,
#                                    KBP-* markers) and pack R into OUT (cpio);
#                                    an entry MOD:PARAM=VALUE passes a parameter
#   kbp_boot KERNEL INITRD           boot; the console log is in $LOGF.txt
#   expect_line / reject_line PATTERN WHAT   check $LOGF.txt
#   kbp_check_no_version_errors [ALLOWED]    no version/format errors in the
#                                    log other than lines matching ALLOWED (ERE)

# What a kernel that checks signatures (CONFIG_MODULE_SIG without _FORCE)
# prints, once, when it loads a module it cannot verify: a module built
# for a distribution's kernel, whose signing key left with its build.
KBP_UNSIGNED_TAINT='module verification failed: signature and/or required key missing - tainting kernel'

kbp_boot_tools() {
    BUSYBOX=${KBP_BUSYBOX:-/bin/busybox}
    [ -x "$BUSYBOX" ] || die "$BUSYBOX missing (apt-get install busybox-static)"
    ! readelf -l "$BUSYBOX" 2>/dev/null | grep -q 'Requesting program interpreter' \
        || die "$BUSYBOX is not statically linked (apt-get install busybox-static)"
    command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"
}

kbp_initramfs_dir() {
    local r=$1
    mkdir -p "$r"/{bin,dev,proc,sys,mods}
    cp "$BUSYBOX" "$r/bin/busybox"
    mknod -m 600 "$r/dev/console" c 5 1
    mknod -m 666 "$r/dev/null" c 1 3
}

# sec_offset KO SECTION: "file-offset size" of SECTION (decimal), empty if absent
sec_offset() {
    local off size
    read -r off size < <(readelf -S -W "$1" | sed 's/^ *\[ *[0-9]*\]//' |
        awk -v s="$2" '$1 == s { print $4, $5 }') || true
    [ -n "${off:-}" ] && echo "$((16#$off)) $((16#$size))"
}

# kbp_patch_crc KO SYMBOL: kernel/module/version.c's check_version() relies
# on the extended table (__version_ext_crcs + __version_ext_names,
# CONFIG_EXTENDED_MODVERSIONS, 6.14+) whenever a module has one and then
# never reads __versions: with EXTENDED and BASIC both on a patched
# __versions alone would go unnoticed, so the extended CRC is patched.
# Without the table, __versions' entry is. The change is checked: exactly
# SYMBOL's CRC differs afterwards.
kbp_patch_crc() {
    local ko=$1 sym=$2 off size noff nsize idx table list patch_at patch name i old changed w endian
    # 0xdeadbeef in the ELF's byte order, in 4 bytes (or 8: __versions of a
    # 64-bit module holds an unsigned long)
    endian=$(kbp_elf_endian "$ko")
    case "$endian" in
        little) patch='\xef\xbe\xad\xde' ;;
        big) patch='\xde\xad\xbe\xef' ;;
    esac
    if [ -n "$(sec_offset "$ko" __version_ext_crcs)" ]; then
        # u32 CRCs in the order of the NUL-separated names
        read -r off size < <(sec_offset "$ko" __version_ext_crcs)
        read -r noff nsize < <(sec_offset "$ko" __version_ext_names)
        idx=$(dd if="$ko" bs=1 skip="$noff" count="$nsize" status=none | tr '\0' '\n' | grep -v '^$' |
            awk -v s="$sym" '$0 == s { print NR - 1; exit }')
        [ -n "$idx" ] || die "$sym not found in $(basename "$ko") __version_ext_names"
        table=__version_ext_crcs list=kbp_ext_modversions
        patch_at=$((off + idx * 4))
    else
        # 64-byte entries: an unsigned long crc then the name
        read -r off size < <(sec_offset "$ko" __versions) || die "$(basename "$ko") has no __versions section"
        case "$(LC_ALL=C readelf -h "$ko" | sed -n 's/^ *Class: *//p')" in
            ELF32) w=4 ;;
            ELF64) w=8
                   if [ "$endian" = little ]; then patch=$patch'\x00\x00\x00\x00'; else patch='\x00\x00\x00\x00'$patch; fi ;;
            *) die "$(basename "$ko"): not ELF32 or ELF64" ;;
        esac
        idx=-1
        for ((i = 0; i < size / 64; i++)); do
            name=$(dd if="$ko" bs=1 skip=$((off + i * 64 + w)) count=$((64 - w)) status=none | tr -d '\0')
            [ "$name" = "$sym" ] && { idx=$i; break; }
        done
        [ "$idx" -ge 0 ] || die "$sym not found in $(basename "$ko") __versions"
        table=__versions list=kbp_modversions
        patch_at=$((off + idx * 64))
    fi
    $list "$ko" > "$S/versions.before"
    old=$(awk -v s="$sym" '$2 == s { print $1 }' "$S/versions.before")
    printf "$patch" | dd of="$ko" bs=1 seek="$patch_at" conv=notrunc status=none
    $list "$ko" > "$S/versions.after"
    changed=$(diff "$S/versions.before" "$S/versions.after" | grep -c '^[<>]' || true)
    grep -qx "0xdeadbeef $sym" "$S/versions.after" && [ "$changed" = 2 ] \
        || die "patching $sym's CRC in $table did not work: $(diff "$S/versions.before" "$S/versions.after")"
    log "patched $sym CRC in $(basename "$ko")'s $table: $old -> 0xdeadbeef"
}

# kbp_patch_vermagic KO: changes the first letter after the release in
# KO's vermagic ("6.1.0 SMP ..." -> "6.1.0 XMP ...", or YMP for an X), which
# the kernel compares whole (kernel/module/version.c same_magic: after the
# release only, with CRCs), for a kernel without CONFIG_MODVERSIONS. The
# change is checked: the vermagic is the same length, one letter differs.
kbp_patch_vermagic() {
    local ko=$1 before after
    before=$(modinfo -F vermagic "$ko")
    perl -0777 -pi -e 's/(\0vermagic=\S+ )(.)/$1 . ($2 eq "X" ? "Y" : "X")/e or die "no vermagic\n"' "$ko" \
        || die "cannot patch the vermagic of $(basename "$ko")"
    after=$(modinfo -F vermagic "$ko")
    [ ${#before} = ${#after} ] && [ "$before" != "$after" ] && [ "${before#* }" != "${after#* }" ] \
        || die "patching the vermagic of $(basename "$ko") did not work: '$before' -> '$after'"
    KBP_PATCHED_VERMAGIC=$after
    log "patched the vermagic of $(basename "$ko"): '$before' -> '$after'"
}

kbp_initramfs() {
    local r=$1 order=$2 out=$3
    cat > "$r/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
echo "KBP-INIT: \$(uname -r)"
for e in $order; do
    m=\${e%%:*} args=
    [ "\$m" = "\$e" ] || args=\${e#*:}
    if insmod /mods/\$m.ko \$args; then echo "KBP-INSMOD-OK: \$m"; else echo "KBP-INSMOD-FAIL: \$m"; fi >>/results
done
# The kernel writes its console messages straight to the UART, in the
# middle of a line of ours if it must; with the console quiet, the results
# and the kernel log (dmesg) follow as whole lines.
sleep 1
echo 1 >/proc/sys/kernel/printk
echo
echo "KBP-INIT: \$(uname -r)"
cat /results
echo "KBP-DMESG:"
dmesg
echo "KBP-MODULES:"
cat /proc/modules
echo "KBP-BTF: \$(ls /sys/kernel/btf 2>/dev/null | tr '\n' ' ')"
echo "KBP-DONE"
reboot -f
EOF
    chmod 755 "$r/init"
    (cd "$r" && find . | cpio -o -H newc --quiet) > "$out"
}

# kbp_boot KERNEL INITRD: boots with the console on serial, log in $LOGF.txt,
# its kernel lines without a time stamp (a distribution's kernel has
# CONFIG_PRINTK_TIME): the checks match whole lines.
# Accelerator: KBP_QEMU_ACCEL=kvm|tcg forces one.  Otherwise kvm with tcg
# fallback, except on hosts whose KVM is PVM (kvm_pvm module: it only runs
# PVM-enabled guest kernels, ours hangs before the first printk), and a kvm
# boot that shows no kernel output at all is retried once with tcg.
# Fails the test (die) unless the kernel reached KBP-DONE, and checks that
# the booted release is $REL.
kbp_boot() {
    local kernel=$1 initrd=$2 accel=${KBP_QEMU_ACCEL:-} rc=0
    LOGF=$S/serial.log
    qemu_boot() { # ACCEL-ARGS...
        local qrc=0 t0=$SECONDS
        log "booting $kernel in qemu ($*; log: $LOGF)"
        timeout "${KBP_BOOT_TIMEOUT:-300}" qemu-system-x86_64 "$@" -m "${KBP_BOOT_MEM:-256}" \
            -kernel "$kernel" -initrd "$initrd" \
            -append 'console=ttyS0 panic=-1 loglevel=7 no_timer_check printk.time=0' \
            -nographic -no-reboot </dev/null >"$LOGF" 2>&1 || qrc=$?
        tr -d '\r' < "$LOGF" > "$LOGF.txt"
        log "qemu exit $qrc after $((SECONDS - t0))s"
        return $qrc
    }
    if [ -z "$accel" ]; then
        if [ ! -w /dev/kvm ]; then accel=tcg
        elif [ -d /sys/module/kvm_pvm ]; then accel=tcg; log "host KVM is PVM (kvm_pvm), using tcg"
        else accel=auto; fi
    fi
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
    [ $rc -eq 0 ] || { show_log; die "qemu exited with $rc (124 = timeout)"; }
    grep -q '^KBP-DONE' "$LOGF.txt" || { show_log; die "init did not reach KBP-DONE"; }
    # substring: an asynchronous kernel message can land on the same console line
    grep -qF "KBP-INIT: $REL" "$LOGF.txt" && pass "booted release $REL" || fail "booted kernel is not $REL"
}

show_log() { echo "---- serial log (last 60 lines) ----" >&2; tail -n 60 "$LOGF.txt" >&2; }

# kbp_ere TEXT: TEXT as an ERE that matches it literally
kbp_ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }

expect_line() { # grep -E pattern, description
    if grep -Eq "$1" "$LOGF.txt"; then pass "$2"; else fail "$2: no line matching /$1/"; fi
}
reject_line() {
    if grep -Eq "$1" "$LOGF.txt"; then fail "$2: $(grep -E "$1" "$LOGF.txt" | head -n 3)"; else pass "$2"; fi
}

# kbp_check_no_version_errors [ALLOWED]: the expected errors (a patched CRC)
# are the lines matching ALLOWED (an ERE of whole lines); any other
# version, vermagic or format complaint fails.
kbp_check_no_version_errors() {
    local allowed=${1:-} bad='disagrees about version|Unknown symbol|version magic|Invalid module format|tainting kernel|no symbol version'
    if [ -n "$allowed" ]; then grep -Ev "$allowed" "$LOGF.txt" > "$LOGF.other" || true
    else cp "$LOGF.txt" "$LOGF.other"; fi
    if grep -Eq "$bad" "$LOGF.other"; then
        fail "module version/format errors in the log:"
        grep -E "$bad" "$LOGF.other" | head -n 10 >&2
    else
        pass "no unexpected unknown-symbol/version/vermagic/format messages"
    fi
}
