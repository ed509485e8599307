# Helpers for the packaging tests (label "packaging"); sourced after
# tests/kernel/lib.sh, whose kbp_enter_ns/kbp_setup/kbp_build_modules they use.
#   KBUILD_PACK   the kbuild-pack binary under test (set by CTest)
#   KBP_TOP       top of the source tree (set here)
KBP_TOP=$(cd "$KBP_TESTS_DIR/.." && pwd)
KBP_PKG_TESTS=$KBP_TOP/tests/packaging

# kbpp_setup SERIES LAYOUT: kbp_setup, with an EXIT trap that keeps the
# test's exit status (kbp_cleanup's mount-listing pipeline fails under
# set -e -o pipefail when no mount lies below $S).
kbpp_setup() {
    kbp_setup "$@"
    trap 'rc=$?; set +e; (exit $rc); kbp_cleanup' EXIT
}

# kbpp_need CMD...: fail (not skip) when a tool is missing: CI installs them.
kbpp_need() {
    local c
    for c in "$@"; do command -v "$c" >/dev/null 2>&1 || die "$c not found (install the '# packaging' packages of scripts/packages.txt)"; done
}

# kbpp_check_modules KDIR: build every test module against KDIR (a packed
# tree extracted from a package) with the original fixture trees hidden,
# then check vermagic against the fixture's in-tree crc7.ko and every
# __versions CRC against the fixture's own Module.symvers (and the
# provider's for kbp_consumer).
kbpp_check_modules() {
    local kdir=$1 m ko want_vm vm
    kbp_copy_modules "$S/mod"
    log "building test modules against $kdir (original trees hidden)"
    kbp_build_modules "$kdir" "$S/mod" hide || die "test modules do not build against $kdir"
    pass "all test modules build against $kdir"
    want_vm=$(modinfo -F vermagic "$(kbp_modroot_ko crc7)")
    case "$want_vm" in "$REL "*modversions*) ;; *) die "in-tree crc7.ko vermagic '$want_vm' looks wrong" ;; esac
    for m in "${KBP_MODULES[@]}"; do
        ko=$S/mod/$m/$m.ko
        if [ "$m" = kbp_consumer ]; then
            kbp_check_crcs "$ko" "$KTREE/Module.symvers" "$S/mod/kbp_provider/Module.symvers"
        else
            kbp_check_crcs "$ko" "$KTREE/Module.symvers"
        fi
        vm=$(modinfo -F vermagic "$ko")
        [ "$vm" = "$want_vm" ] && pass "$m: vermagic '$vm'" || fail "$m: vermagic '$vm', want '$want_vm'"
    done
}

# kbpp_hidden CMD...: CMD with the fixture's trees hidden (an empty
# tmpfs over $FIX), for a client such as dkms that runs make itself
kbpp_hidden() {
    unshare -m --propagation private -- sh -c 'mount -t tmpfs -o size=1m,mode=0555 kbp-hidden "$0" && exec "$@"' "$FIX" "$@"
}

# kbpp_run LOG CMD...: run CMD with output to LOG; on failure show its tail and die.
kbpp_run() {
    local logf=$1; shift
    log "$* (log: $logf)"
    "$@" >"$logf" 2>&1 || { echo "---- $logf (tail) ----" >&2; tail -n 60 "$logf" >&2; die "$1 failed"; }
}

# kbpp_scratch: scratch dir $S for tests without the fixture (no mounts);
# removed on exit unless KBP_KEEP is set.
kbpp_scratch() {
    S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-test.XXXXXX")
    trap 'rc=$?; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
}
