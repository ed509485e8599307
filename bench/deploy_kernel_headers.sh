#!/bin/bash
# deploy_kernel_headers.sh SRC OBJ DEST
#
# The kernel's own headers packaging, re-expressed from deploy_kernel_headers()
# in linux 6.1 scripts/package/builddeb, as the baseline for bench-pack.sh;
# 5.10's is the same but for the objtool switch (below), so it serves 5.10 too.
# Differences from the original, none of which change what gets copied:
#   - reads SRC (srctree) and OBJ (objtree, = SRC for in-tree builds) as
#     given instead of running from inside the kernel build;
#   - writes its file lists to a temp dir, not to OBJ/debian/ (SRC and OBJ
#     are never written);
#   - SRCARCH is fixed to x86; version = OBJ/include/config/kernel.release;
#   - the lib/modules/<ver>/build link is relative (../../../usr/src/...)
#     so that DEST can be used in place; the original links to the absolute
#     /usr/src/linux-headers-<ver>.
# Output: DEST/usr/src/linux-headers-<ver> and DEST/lib/modules/<ver>/build.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 SRC OBJ DEST" >&2; exit 2; }
srctree=$(cd "$1" && pwd)
objtree=$(cd "$2" && pwd)
pdir=$3
SRCARCH=x86
KCONFIG_CONFIG=$objtree/.config
version=$(cat "$objtree/include/config/kernel.release")

is_enabled() {
	grep -q "^$1=y" "$KCONFIG_CONFIG"
}

lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT

rm -rf "$pdir"
mkdir -p "$pdir"
pdir=$(cd "$pdir" && pwd)

(
	cd "$srctree"
	find . arch/$SRCARCH -maxdepth 1 -name Makefile\*
	find include scripts -type f -o -type l
	find arch/$SRCARCH -name Kbuild.platforms -o -name Platform
	find $(find arch/$SRCARCH -name include -o -name scripts -type d) -type f
) > "$lists/hdrsrcfiles"

(
	cd "$objtree"
	# 6.1's test; 5.10's (otherwise identical) deploy_kernel_headers tests
	# CONFIG_STACK_VALIDATION, which 5.19 renamed CONFIG_OBJTOOL
	if is_enabled CONFIG_OBJTOOL || is_enabled CONFIG_STACK_VALIDATION; then
		echo tools/objtool/objtool
	fi

	find arch/$SRCARCH/include Module.symvers include scripts -type f

	if is_enabled CONFIG_GCC_PLUGINS; then
		find scripts/gcc-plugins -name \*.so
	fi
) > "$lists/hdrobjfiles"

destdir=$pdir/usr/src/linux-headers-$version
mkdir -p "$destdir"
tar -c -f - -C "$srctree" -T "$lists/hdrsrcfiles" | tar -xf - -C "$destdir"
tar -c -f - -C "$objtree" -T "$lists/hdrobjfiles" | tar -xf - -C "$destdir"

# copy .config manually to be where it's expected to be
cp "$KCONFIG_CONFIG" "$destdir/.config"

mkdir -p "$pdir/lib/modules/$version/"
ln -s "../../../usr/src/linux-headers-$version" "$pdir/lib/modules/$version/build"
