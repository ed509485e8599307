#!/bin/bash
# dkms-test.sh: DKMS as a real client of a packed tree.
# The read-only 6.1 obj fixture is packed into a scratch root
# ($S/root/lib/modules/<release>/build, made read-only), and a DKMS module
# made from tests/modules/kbp_user (tests/packaging/dkms/dkms.conf) is added,
# built and installed with dkms's scratch-dir options (--dkmstree,
# --sourcetree, --installtree $S/root/lib/modules, --kernelsourcedir the
# packed build dir, --no-depmod; then depmod -b $S/root), the fixture's trees
# hidden while dkms builds.  Nothing outside the scratch dir is written.
# Passes when dkms status says built, then installed, and the built .ko has
# the kernel's vermagic and __versions CRCs equal to Module.symvers.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
kbpp_setup 6.1 obj
kbpp_need dkms depmod modinfo

# the scratch root: $S/root/lib/modules/<release>/{build,source}, the build
# dir read-only
if [ -n "${KBP_SPLIT_SERIES:-}" ]; then # tests/split: the fixture's installed parts of a split
    . "$KBP_TESTS_DIR/split/lib-split.sh"
    kbp_split_install_fixture "$S/root"
else
    kbp_pack "$S/root"
fi
kbp_ro_bind "$PACKED" || die "cannot make $PACKED read-only"
MODDIR=$S/root/lib/modules/$REL

src=$S/usrsrc/kbp_user-1.0
mkdir -p "$src" "$S/dkms"
cp -a "$KBP_MODULES_SRC/kbp_user/." "$src/"
cp "$KBP_PKG_TESTS/dkms/dkms.conf" "$src/dkms.conf"
DKMS=(dkms --dkmstree "$S/dkms" --sourcetree "$S/usrsrc" --installtree "$S/root/lib/modules"
      --kernelsourcedir "$PACKED" --no-depmod)

# dkms runs make itself: hide the fixture's trees for all of it
kbpp_run "$S/dkms-add.log" "${DKMS[@]}" add -m kbp_user -v 1.0
kbpp_run "$S/dkms-build.log" kbpp_hidden "${DKMS[@]}" build -m kbp_user -v 1.0 -k "$REL"
cat "$S/dkms-build.log" >&2
st=$("${DKMS[@]}" status -m kbp_user -v 1.0 -k "$REL" 2>&1)
case "$st" in *"kbp_user/1.0, $REL, "*": built"*) pass "dkms status: $st" ;; *) fail "dkms status after build: '$st'" ;; esac

ko=$(find "$S/dkms/kbp_user/1.0/$REL" -name 'kbp_user.ko*' -path '*/module/*' | head -n1)
[ -n "$ko" ] || die "no built kbp_user.ko in $S/dkms/kbp_user/1.0/$REL"
pass "dkms built $ko"
case "$ko" in *.ko) ;; *.ko.xz) xz -dc "$ko" > "$S/kbp_user.ko"; ko=$S/kbp_user.ko ;; *.ko.gz) gzip -dc "$ko" > "$S/kbp_user.ko"; ko=$S/kbp_user.ko ;; esac
want_vm=$(modinfo -F vermagic "$(kbp_modroot_ko "$KBP_LIBMOD")")
vm=$(modinfo -F vermagic "$ko")
[ "$vm" = "$want_vm" ] && pass "vermagic '$vm'" || fail "vermagic '$vm', want '$want_vm' (of the fixture's $KBP_LIBMOD.ko)"
kbp_check_crcs "$ko" "$KTREE/Module.symvers"
for s in "$KBP_LIBMOD_SYM" kfree; do grep -q " $s\$" "$S/kbp_user.versions" || fail "__versions lacks $s"; done

kbpp_run "$S/dkms-install.log" "${DKMS[@]}" install -m kbp_user -v 1.0 -k "$REL"
kbpp_run "$S/depmod.log" depmod -b "$S/root" "$REL"
cat "$S/dkms-install.log" >&2
st=$("${DKMS[@]}" status -m kbp_user -v 1.0 -k "$REL" 2>&1)
case "$st" in *"kbp_user/1.0, $REL, "*": installed"*) pass "dkms status: $st" ;; *) fail "dkms status after install: '$st'" ;; esac
inst=$(find "$MODDIR/updates" -name 'kbp_user.ko*' 2>/dev/null | head -n1)
[ -n "$inst" ] && pass "installed $inst" || fail "kbp_user.ko not installed below $MODDIR/updates"
grep -q "updates/dkms/kbp_user.ko" "$MODDIR/modules.dep" 2>/dev/null && pass "depmod lists it in modules.dep" \
    || fail "modules.dep lacks updates/dkms/kbp_user.ko"
kbpp_run "$S/dkms-remove.log" "${DKMS[@]}" remove -m kbp_user -v 1.0 --all
kbp_finish
