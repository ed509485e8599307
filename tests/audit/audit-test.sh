#!/bin/bash
# kbuild-pack audit on a real fixture (label "kernel;audit"):
# audit-test.sh SERIES LAYOUT
#  - a correct packed tree: nothing missing, nothing escapes, exit 0;
#  - tools/objtool/objtool, scripts/module.lds, then (module BTF) vmlinux removed from a copy:
#    exactly that path is missing, with the program that wanted it, exit 1;
#  - a module whose Kbuild includes a file of the original source tree by
#    absolute path: that file is an escape, exit 1;
#  - the same from a kernel tree under /usr/src: an escape, but not from
#    where the tree's source link leads.
# Exact stdout each time ($SRC, $S and the modules dir written as @SRC@, @S@, @MOD@).
set -u
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
kbp_setup "$1" "$2"
kbp_pack "$S/out" --report "$S/pack.yaml"

trees=(--src "$SRC")
[ -n "$OBJ" ] && trees+=(--obj "$OBJ")
mods=(kbp_user kbp_provider kbp_multi)
fails=0

# check NAME WANT_RC WANT_STDOUT BUILD MODULE_DIR...
check() {
    local name=$1 want_rc=$2 want=$3 rc=0
    shift 3
    "$KBUILD_PACK" audit "${trees[@]}" "$@" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/$name.out" 2>"$S/$name.err" || rc=$?
    sed -i -e "s|$SRC|@SRC@|g" -e "s|$KBP_MODULES_SRC|@MOD@|g" -e "s|$S|@S@|g" "$S/$name.out"
    if [ "$rc" != "$want_rc" ] || ! diff -u <(printf '%s' "$want") "$S/$name.out" >&2; then
        echo "FAIL: $name: exit $rc (want $want_rc); stderr:" >&2
        tail -n 30 "$S/$name.err" >&2
        fails=$((fails + 1))
    else
        pass "$name"
    fi
}

check clean 0 "" "$PACKED" "${mods[@]/#/$KBP_MODULES_SRC/}"
check corpus 0 "" --corpus "$PACKED"

# per manifest rule, from the pack report: the top Makefile, objtool and
# module-common are read by every module build
rc=0
"$KBUILD_PACK" audit "${trees[@]}" --pack-report "$S/pack.yaml" --report "$S/audit.yaml" \
    "$PACKED" "$KBP_MODULES_SRC/kbp_user" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/usage.out" 2>"$S/usage.err" || rc=$?
want_rules=("rule top-makefile: 1/1 files")
[ -e "$PACKED/tools/objtool/objtool" ] && want_rules+=("rule objtool: 1/1 files")
[ -e "$PACKED/scripts/module-common.c" ] && want_rules+=("rule module-common: 1/1 files")
for w in "${want_rules[@]}"; do
    grep -q "^$w, " "$S/usage.out" || { echo "FAIL: usage: no line '$w'" >&2; cat "$S/usage.out" >&2; fails=$((fails + 1)); }
done
grep -q '^rule headers: [1-9][0-9]*/[0-9]* files' "$S/usage.out" || { echo "FAIL: usage: no headers used" >&2; fails=$((fails + 1)); }
[ "$rc" = 0 ] || { echo "FAIL: usage: exit $rc" >&2; fails=$((fails + 1)); }
grep -qx -- '- "Makefile"' "$S/audit.yaml" && grep -qx 'missing: \[\]' "$S/audit.yaml" \
    || { echo "FAIL: usage: audit.yaml lacks used Makefile / empty missing" >&2; fails=$((fails + 1)); }
# -v: the used files, each under its rule line
"$KBUILD_PACK" audit "${trees[@]}" -v --pack-report "$S/pack.yaml" \
    "$PACKED" "$KBP_MODULES_SRC/kbp_user" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/verbose.out" 2>/dev/null || true
grep -A1 -x "rule top-makefile: 1/1 files, [0-9]*/[0-9]* bytes used" "$S/verbose.out" | tail -n1 | grep -qx '  Makefile' \
    || { echo "FAIL: -v: no '  Makefile' under the top-makefile rule" >&2; fails=$((fails + 1)); }
# each rule line followed by as many files as it says it used
awk '/^rule /{ if (name != "" && n != want) bad = bad " " name; split($3, a, "/"); want = a[1]; name = $2; n = 0; next }
     /^  /{ n++ } END { if (name != "" && n != want) bad = bad " " name; if (bad != "") { print "rules:" bad; exit 1 } }' \
    "$S/verbose.out" >&2 || { echo "FAIL: -v: file lines do not match the rules' counts" >&2; fails=$((fails + 1)); }
pass "usage per rule: ${#want_rules[@]} rule(s) checked"

# a copy of the packed tree without one file
without() {
    rm -rf "$S/cut"
    cp -a "$S/out" "$S/cut"
    rm "$S/cut/lib/modules/$REL/build/$1"
}
if [ -e "$PACKED/tools/objtool/objtool" ]; then
    without tools/objtool/objtool
    check no-objtool 1 "missing: tools/objtool/objtool (sh)
build failed: @MOD@/kbp_user
" "$S/cut/lib/modules/$REL/build" "$KBP_MODULES_SRC/kbp_user"
fi
without scripts/module.lds
check no-module-lds 1 "missing: scripts/module.lds (make)
build failed: @MOD@/kbp_user
" "$S/cut/lib/modules/$REL/build" "$KBP_MODULES_SRC/kbp_user"

# module BTF (pahole against vmlinux): Makefile.modfinal's shell skips it,
# with a warning, when vmlinux is not there; the build does not fail
if kbp_config_on CONFIG_DEBUG_INFO_BTF_MODULES; then
    without vmlinux
    check no-vmlinux 1 "missing: vmlinux (sh)
" "$S/cut/lib/modules/$REL/build" "$KBP_MODULES_SRC/kbp_user"
fi

# a module that reads the original source tree
mkdir -p "$S/escape"
cp -a "$KBP_MODULES_SRC/kbp_user" "$S/escape/"
echo "include $SRC/scripts/subarch.include" >>"$S/escape/kbp_user/Kbuild"
check escape 1 "escape: @SRC@/scripts/subarch.include (make)
" "$PACKED" "$S/escape/kbp_user"

# without --src/--obj, the kernel tree markers (Kbuild, Makefile,
# include/linux) find the same escape (the missing lines are not compared:
# without the trees, $(wildcard) probes may show)
rc=0
"$KBUILD_PACK" audit "$PACKED" "$S/escape/kbp_user" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/marker.out" 2>"$S/marker.err" || rc=$?
if [ "$rc" = 1 ] && [ "$(grep '^escape: ' "$S/marker.out")" = "escape: $SRC/scripts/subarch.include (make)" ]; then
    pass "escape-marker"
else
    echo "FAIL: escape-marker: exit $rc" >&2; cat "$S/marker.out" >&2; fails=$((fails + 1))
fi

# /usr/src holds kernel trees (distributions install theirs there): a read
# there is an escape, unless it is where the packed tree's source link
# leads (the -common half of a split headers package). A private tmpfs on
# /usr/src (this test runs in its own mount namespace) holds two such trees.
mkdir -p /usr/src
mount -t tmpfs kbp-usr-src /usr/src
for t in linux-source-x linux-headers-common; do
    mkdir -p "/usr/src/$t/include/linux" "/usr/src/$t/scripts"
    touch "/usr/src/$t/Kbuild" "/usr/src/$t/Makefile"
    cp "$SRC/scripts/subarch.include" "/usr/src/$t/scripts/"
done
rm -rf "$S/cut" "$S/usrsrc"
cp -a "$S/out" "$S/cut"
ln -sfn /usr/src/linux-headers-common "$S/cut/lib/modules/$REL/source"
for t in linux-source-x linux-headers-common; do
    mkdir -p "$S/usrsrc/$t"
    cp -a "$KBP_MODULES_SRC/kbp_user" "$S/usrsrc/$t/"
    echo "include /usr/src/$t/scripts/subarch.include" >>"$S/usrsrc/$t/kbp_user/Kbuild"
done
check usr-src-escape 1 "escape: /usr/src/linux-source-x/scripts/subarch.include (make)
" "$S/cut/lib/modules/$REL/build" "$S/usrsrc/linux-source-x/kbp_user"
check usr-src-source-link 0 "" "$S/cut/lib/modules/$REL/build" "$S/usrsrc/linux-headers-common/kbp_user"
umount /usr/src

[ "$fails" = 0 ] || die "$fails audit case(s) failed"
pass "audit on $SERIES $LAYOUT"
