#!/bin/bash
# installed-tree-test.sh SERIES LAYOUT
#
# The installed tree survives kbuild: pack the fixture, then run in the
# packed tree (writable, at its installed place OUT/lib/modules/REL/build)
# the make targets users run there without M= (modules_prepare, prepare and
# scripts, which kernel documentation and driver install scripts name; no
# target; kernelrelease, kernelversion, help; configuration, kernel build and
# install targets; the clean targets, which have nothing to clean; M= or MO=
# naming the tree or a directory in it). Each must give exactly its result:
# success, or the tree's clear refusal (manifests/files/GNUmakefile). The checksum listing
# of the whole output (content, mode, mtime, links) must not change, and
# the test modules must still build against the tree afterwards.
# Without the guard, modules_prepare deletes include/generated/autoconf.h
# and (6.12+) modules_install deletes lib/modules/REL/build itself.
# Also (issue 22, item 14): verify warns about no packed header whose quoted
# relative include leads nowhere; without the manifests' dangling-includes
# it warns about exactly the headers that list names (those this tree has);
# a module including <linux/libfdt.h> (which includes
# "../../scripts/dtc/libfdt/libfdt.h") builds against the packed tree.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 2 ] || die "usage: $0 SERIES LAYOUT"
kbp_setup "$1" "$2"

kbp_pack "$S/out"
P=$PACKED
# Directory mtimes are left out: 5.10's cc-option (try-run, run by
# kernelrelease and kernelversion) makes and removes a scratch directory
# .tmp_PID in the current directory, which leaves nothing but the build
# directory's mtime; every entry added, removed or changed is still listed.
snapshot() { kbp_snapshot "$S/out" | awk '$2 == "d" { $4 = "-" } 1'; }
snapshot > "$S/before.lst"
mkdir -p "$S/mod0"

# kernelversion: VERSION.PATCHLEVEL.SUBLEVEL and EXTRAVERSION of the top Makefile
mkvar() { sed -n "s/^$1 *= *//p" "$P/Makefile" | head -n 1; }
KVER=$(mkvar VERSION).$(mkvar PATCHLEVEL).$(mkvar SUBLEVEL)$(mkvar EXTRAVERSION)

NOOP=" is an installed build directory, prepared for external modules already"
GUARD_LINE=$(grep -n '^$(error cannot make' "$P/GNUmakefile" | cut -d: -f1)
refused() {
    echo "GNUmakefile:$GUARD_LINE: *** cannot make '$1' without M=: $P is the installed build directory of Linux $REL, for external modules; it holds no kernel sources, so the kernel cannot be configured, prepared or built in it. Build a module with 'make -C $P M=/path/to/module'; 'make -C $P help' lists what else runs here.  Stop."
}
HELP="$P is the installed build directory of Linux $REL, for external modules:
  make -C $P M=/path/to/module [modules|modules_install|clean|help]
Without M=, only these targets run here: kernelrelease, kernelversion, image_name, rustavailable
and help; modules_prepare, prepare and scripts have nothing to do, and the clean targets
nothing to clean."
CLEAN=" is an installed build directory, its files are what modules build against (a module is cleaned with make -C $P M=/path/to/module clean)"
M_LINE=$(grep -n '^$(error cannot build with M=' "$P/GNUmakefile" | cut -d: -f1)
in_tree() { # in_tree M=... [MO=...]: the refusal of a module directory in the tree
    echo "GNUmakefile:$M_LINE: *** cannot build with $*: it names $P or a directory in it, the installed build directory of Linux $REL; M= is the directory of the module to build, as in 'make -C $P M=\$PWD'.  Stop."
}

# try WANT_RC WANT_OUTPUT MAKE-ARGS...: stdout and stderr together, exactly
try() {
    local want_rc=$1 want=$2 rc=0 got
    shift 2
    got=$(cd "$S" && LC_ALL=C make --no-print-directory -C "$P" "$@" </dev/null 2>&1) || rc=$?
    if [ "$rc" = "$want_rc" ] && [ "$got" = "$want" ]; then
        pass "make $* -> exit $rc, output as expected"
    else
        fail "make $*: exit $rc (want $want_rc), output:"
        diff -u <(echo "$want") <(echo "$got") >&2 || true
    fi
}

try 0 "modules_prepare: nothing to do: $P$NOOP" modules_prepare
try 0 "prepare: nothing to do: $P$NOOP" prepare
try 0 "scripts: nothing to do: $P$NOOP" scripts
try 0 "modules_prepare: nothing to do: $P$NOOP
scripts: nothing to do: $P$NOOP" modules_prepare scripts
try 2 "$(refused all)"
try 2 "$(refused all)" all
try 2 "$(refused modules)" prepare modules
try 2 "$(refused vmlinux)" vmlinux
try 2 "$(refused olddefconfig)" olddefconfig
try 2 "$(refused syncconfig)" syncconfig
try 2 "$(refused headers_install)" headers_install
try 0 "$REL" kernelrelease
try 0 "$KVER" kernelversion
try 0 "$HELP" help
# at its installed place: MODLIB is OUT/lib/modules/REL, the tree's parent
try 2 "$(refused modules_install)" modules_install INSTALL_MOD_PATH="$S/out"
# M= from the environment is no M= for kbuild
try 2 "$(refused modules_install)" modules_install INSTALL_MOD_PATH="$S/out" M=
M=$S/nowhere try 2 "$(refused all)"
# the clean targets, typed in the tree by mistake: nothing is deleted
# (autoconf.h, a split flavour's Makefile)
try 0 "clean: nothing to clean: $P$CLEAN" clean
try 0 "mrproper: nothing to clean: $P$CLEAN
distclean: nothing to clean: $P$CLEAN" mrproper distclean
# M= naming the tree (after -C, "." is the tree: a slip for M=$PWD), a
# directory in it, or MO= there: refused before kbuild writes or cleans
try 2 "$(in_tree M=.)" M=. clean
try 2 "$(in_tree M=.)" M=.
try 2 "$(in_tree M=include/linux)" M=include/linux modules
try 2 "$(in_tree M=$S/mod0 MO=$P/scripts)" M="$S/mod0" MO="$P/scripts"

snapshot > "$S/after.lst"
if cmp -s "$S/before.lst" "$S/after.lst"; then
    pass "packed tree unchanged by the make runs ($(grep -c . "$S/before.lst") listing lines)"
else
    fail "the make runs changed the packed tree:"
    diff "$S/before.lst" "$S/after.lst" | head -n 40 >&2 || true
fi

# ------------------------------------------- headers with relative includes
rc=0
"$KBUILD_PACK" verify "$P" >"$S/verify.out" 2>"$S/verify.err" || rc=$?
kbp_verify_warnings "$P" "$KTREE" > "$S/verify.warnings"
if [ $rc = 0 ] && ! [ -s "$S/verify.out" ] && cmp -s "$S/verify.warnings" "$S/verify.err"; then
    pass "verify: no problem, no warning${KBP_DEBIAN:+ but the release note}"
else
    fail "verify exit $rc:"; cat "$S/verify.out" "$S/verify.err" >&2
fi
MDIR=${KBUILD_PACK_MANIFEST_DIR:-$(dirname "$KBUILD_PACK")/../share/kbuild-pack/manifests}
cp -r "$MDIR" "$S/manifests"
sed -n '/^dangling-includes:/,/^$/s/^  - \([^ ]*\).*/\1/p' "$MDIR/common.yaml" |
    while read -r h; do if [ -e "$P/$h" ]; then echo "$h"; fi; done | LC_ALL=C sort > "$S/listed"
sed -i '/^dangling-includes:/,/^$/d' "$S/manifests/common.yaml"
KBUILD_PACK_MANIFEST_DIR=$S/manifests "$KBUILD_PACK" verify "$P" 2>&1 >/dev/null |
    sed -n 's/^kbuild-pack: warning: \([^:]*\):[0-9]*: #include .*/\1/p' | LC_ALL=C sort -u > "$S/found"
if [ -s "$S/listed" ] && cmp -s "$S/listed" "$S/found"; then
    pass "dangling includes found without the manifests' list: exactly the listed $(wc -l < "$S/listed")"
else
    fail "dangling includes found (+) differ from the manifests' list (-):"
    diff "$S/listed" "$S/found" >&2 || true
fi
mkdir -p "$S/fdt/kbp_libfdt"
echo 'obj-m := kbp_libfdt.o' > "$S/fdt/kbp_libfdt/Kbuild"
printf '%s\n' '#include <linux/module.h>' '#include <linux/libfdt.h>' \
    'static int __init kbp_libfdt_init(void) { return sizeof(struct fdt_header) == FDT_V17_SIZE ? 0 : FDT_MAGIC; }' \
    'module_init(kbp_libfdt_init);' 'MODULE_LICENSE("GPL");' > "$S/fdt/kbp_libfdt/kbp_libfdt.c"
if (KBP_MODULES=(kbp_libfdt); kbp_build_modules "$P" "$S/fdt" hide); then
    pass "a module including <linux/libfdt.h> builds against the packed tree"
else
    fail "a module including <linux/libfdt.h> does not build against the packed tree"
fi

kbp_copy_modules "$S/mod"
log "building test modules against the packed tree after the make runs (original trees hidden)"
if kbp_build_modules "$P" "$S/mod" hide; then
    pass "all test modules still build against the packed tree"
else
    fail "test modules do not build against the packed tree after the make runs"
fi
snapshot > "$S/after-modules.lst"
cmp -s "$S/before.lst" "$S/after-modules.lst" && pass "packed tree unchanged by the module builds" ||
    fail "the module builds changed the packed tree"

kbp_finish
