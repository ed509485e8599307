#!/bin/bash
# install_extmod_build.sh SRC OBJ DEST [MAKE-VAR...]
#
# The kernel's own headers packaging of 6.3 and later, run as its packagers
# run it: the tree's scripts/package/install-extmod-build through
#   make run-command KBUILD_RUN_COMMAND='${srctree}/scripts/package/install-extmod-build DIR'
# (scripts/package/kernel.spec does exactly this; builddeb calls the script
# from within the same run-command), the baseline for bench-pack.sh.
# Native: CC = HOSTCC, so no host program is rebuilt (builddeb overrides CC
# only for cross builds; this runs on native x86_64 trees).  SRC and OBJ
# (= SRC for an in-tree build) are only read.
# MAKE-VARs: the tree's own make variables (a clang tree's LLVM=-16), which
# every make of it needs.
# Output: DEST/usr/src/linux-headers-<ver> and a relative link
# DEST/lib/modules/<ver>/build (builddeb's is absolute), as
# deploy_kernel_headers.sh lays it out.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 SRC OBJ DEST [MAKE-VAR...]" >&2; exit 2; }
srctree=$(cd "$1" && pwd)
objtree=$(cd "$2" && pwd)
[ -x "$srctree/scripts/package/install-extmod-build" ] ||
    { echo "$0: $srctree has no scripts/package/install-extmod-build (Linux 6.3+)" >&2; exit 1; }
version=$(cat "$objtree/include/config/kernel.release")
rm -rf "$3"
mkdir -p "$3"
pdir=$(cd "$3" && pwd)
destdir=$pdir/usr/src/linux-headers-$version
make -s -C "$objtree" "${@:4}" run-command KBUILD_RUN_COMMAND="\${srctree}/scripts/package/install-extmod-build $destdir"
mkdir -p "$pdir/lib/modules/$version"
ln -s "../../../usr/src/linux-headers-$version" "$pdir/lib/modules/$version/build"
