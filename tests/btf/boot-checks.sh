# Sourced by tests/kernel/boot-test.sh (KBP_BOOT_CHECKS) when it boots the
# BTF fixture: the kernel must accept the BTF of the modules built against
# the packed tree (whose vmlinux holds only .BTF).
[ "$CASE" = load ] || return 0
for m in kbp_user kbp_provider kbp_consumer kbp_multi; do
    has_btf=$(readelf -SW "$S/mod/$m/$m.ko" | grep -cE '\] \.BTF +' || true)
    [ "$has_btf" = 1 ] && pass "$m.ko carries .BTF" || fail "$m.ko has no .BTF section"
done
reject_line 'failed to validate module|BTF: .*(Invalid|failed)|btf.*-EINVAL' "the kernel accepts the modules' BTF"
expect_line '^KBP-BTF: .*\bvmlinux\b' "/sys/kernel/btf/vmlinux exists"
for m in kbp_user kbp_provider kbp_consumer kbp_multi; do
    expect_line "^KBP-BTF: .*\\b$m\\b" "/sys/kernel/btf/$m exists"
done
