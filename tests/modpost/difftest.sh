#!/bin/bash
# difftest.sh SERIES CASEDIR KBUILD_MODPOST [ARCH [FLAVOUR]]
#
# Differential test of kbuild-modpost against the kernel's own
# scripts/mod/modpost of the cached fixture kernel (SERIES, obj layout unless KBP_FIXTURE_LAYOUT says intree;
# with ARCH arm64 or riscv the cross-built fixture, whose modpost is a
# host program like ours, and the module cross-compiled for it; FLAVOUR,
# or else $KBP_FIXTURE_FLAVOUR, picks a fixture flavour such as "full";
# with KBP_FIXTURE_SH=tests/fixture/debian-fixture.sh, Debian's own kernel
# of the series, FLAVOUR its Debian flavour: amd64).
#
# The case directory is an external module (Kbuild + sources). Optional:
#   from-src    kernel source files to copy in from the fixture's src/,
#               one a line; a line may name alternatives (the first that
#               the fixture has is taken: lib/crc7.c moved to lib/crc/)
#   from-case   another case whose Kbuild and sources (.c, .h, .S) this
#               one starts from; its own files (make.args, a Kbuild,
#               sources) win
#   make.args   extra make arguments (one line), e.g. KBUILD_MODPOST_WARN=1
#   prepare.sh  run in the module dir before the build (with $D set)
#   cmdline.sed a sed script applied to the modpost command line before
#               both programs run it (e.g. dropping -b to test a kernel
#               without CONFIG_BASIC_MODVERSIONS on the same inputs)
#   series      the series this case applies to (otherwise: exit 77, which
#               CTest's SKIP_RETURN_CODE shows as skipped)
#
# The module is built with `make M=... V=1` against the fixture (read-only
# in a private mount namespace); the modpost command line is taken from
# the build log. Both modposts then run on identical copies of the inputs
# with that command line, from the directory make ran it in (the fixture's
# obj/ up to 6.12, the module's since 6.13) with kbuild's $objtree in the
# environment, and the .mod.c files, Module.symvers, stderr and exit status
# must be identical.
set -euo pipefail

SERIES=$1 CASE=$(cd "$2" && pwd) OURS=$(realpath "$3") ARCH=${4:-x86_64}
FLAVOUR=${5:-${KBP_FIXTURE_FLAVOUR:-}}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ -f "$CASE/series" ] && ! grep -qx "$SERIES" "$CASE/series"; then
    echo "case $(basename "$CASE") does not apply to $SERIES: skipped"
    exit 77
fi

# the fixture: fixture.sh's, or with KBP_FIXTURE_SH=debian-fixture.sh
# Debian's own kernel (FLAVOUR amd64), prepared on this machine's toolchain
# (KBP_FIXTURE_LAYOUT: obj, the default, or intree); K its build tree, KSRC
# its source tree
LAYOUT=${KBP_FIXTURE_LAYOUT:-obj}
D=$("${KBP_FIXTURE_SH:-$HERE/../fixture/fixture.sh}" "$SERIES" "$LAYOUT" "$ARCH" $FLAVOUR)
case $LAYOUT in
    obj) K=$D/obj KSRC=$D/src ;;
    intree) K=$D/tree KSRC=$D/tree ;;
    *) echo "KBP_FIXTURE_LAYOUT=$LAYOUT: want obj or intree" >&2; exit 1 ;;
esac
[ ! -s "$D/build-root" ] || { echo "$D is prepared in the $(cat "$D/build-root") build root: difftest runs this machine's make" >&2; exit 1; }
if [ "$ARCH" = x86_64 ]; then
    cross=()
else
    cross=(ARCH="$ARCH" CROSS_COMPILE="$(cat "$D/cross-compile")")
fi
[ -x "$K/scripts/mod/modpost" ] || { echo "no oracle modpost in $K" >&2; exit 1; }

W=$(mktemp -d /tmp/kbp-mpdiff.XXXXXX)
trap 'rm -rf "$W"' EXIT
M=$W/$(basename "$CASE")
mkdir -p "$M"
if [ -f "$CASE/from-case" ]; then
    other=$(dirname "$CASE")/$(cat "$CASE/from-case")
    cp -a "$other/Kbuild" "$other"/*.c "$M/"
    for f in "$other"/*.h "$other"/*.S; do [ -e "$f" ] && cp -a "$f" "$M/"; done
fi
cp -a "$CASE/." "$M/"
rm -f "$M/from-case"
if [ -f "$M/from-src" ]; then
    while read -ra alts; do
        [ ${#alts[@]} -gt 0 ] || continue
        for f in "${alts[@]}"; do [ -f "$KSRC/$f" ] && break; done
        cp "$KSRC/$f" "$M/"
    done < "$M/from-src"
fi
# the fixture's make variables (LLVM=-16), on the command line as a user's
args=()
[ ! -s "$D/make-vars" ] || mapfile -t args < "$D/make-vars"
[ -f "$M/make.args" ] && read -ra case_args < "$M/make.args" && args+=("${case_args[@]}")
if [ -f "$M/prepare.sh" ]; then (cd "$M" && D=$D bash ./prepare.sh); fi

# Build against a read-only fixture; modpost may fail (error cases).
unshare -m --propagation private -- bash -c '
    mount --bind "$1" "$1" && mount -o remount,bind,ro "$1"
    shift
    exec "$@"' _ "$D" make -C "$K" M="$M" V=1 "${cross[@]}" "${args[@]}" modules > "$W/build.log" 2>&1 || true

line=$(grep -E '(^|[ |;/])scripts/mod/modpost ' "$W/build.log" | tail -n 1 || true)
if [ -z "$line" ]; then
    echo "no modpost command line in the build log:" >&2
    tail -n 40 "$W/build.log" >&2
    exit 1
fi
# Drop the "missing input" echo preamble; keep the invocation.
line=${line##*;) }
[ -f "$CASE/cmdline.sed" ] && line=$(sed -f "$CASE/cmdline.sed" <<< "$line")
echo "modpost command: $line"
# Since 6.13 an M= build runs $(objtree)/scripts/mod/modpost in the module dir.
if [[ $line =~ ^[[:space:]]*$K/scripts/mod/modpost[[:space:]] ]]; then
    rundir=$M prog=$K/scripts/mod/modpost
else
    rundir=$K prog=scripts/mod/modpost
fi

# Inputs only: remove whatever the build's own modpost run produced.
find "$M" \( -name '*.mod.c' -o -name Module.symvers -o -name '*.ko' -o -name '*.mod.o' \) -delete
rm -rf "$W/snap"
cp -a "$M" "$W/snap"

run() { # run NAME MODPOST-PATH
    local name=$1 bin=$2 rc=0
    rm -rf "$M"
    cp -a "$W/snap" "$M"
    (cd "$rundir" && objtree=$K bash -c "${line/$prog/$bin}") 2> "$W/$name.stderr" || rc=$?
    echo "$rc" > "$W/$name.rc"
    mkdir -p "$W/$name.out"
    (cd "$M" && find . \( -name '*.mod.c' -o -name Module.symvers \) -print0 | cpio -0pdm --quiet "$W/$name.out")
}
run oracle "$K/scripts/mod/modpost"
run ours "$OURS"

fail=0
if ! diff -ru "$W/oracle.out" "$W/ours.out"; then
    echo "FAIL: outputs differ" >&2; fail=1
fi
if ! diff -u "$W/oracle.stderr" "$W/ours.stderr"; then
    echo "FAIL: stderr differs" >&2; fail=1
fi
if ! diff -u "$W/oracle.rc" "$W/ours.rc"; then
    echo "FAIL: exit status differs" >&2; fail=1
fi
echo "oracle: exit $(cat "$W/oracle.rc"), $(find "$W/oracle.out" -type f | wc -l) files, $(wc -l < "$W/oracle.stderr") stderr lines"
[ -n "${KBP_DIFFTEST_KEEP:-}" ] && { cp -a "$W" "$KBP_DIFFTEST_KEEP"; echo "kept in $KBP_DIFFTEST_KEEP"; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
