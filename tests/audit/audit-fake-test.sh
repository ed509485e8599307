#!/bin/bash
# kbuild-pack audit end to end on a fake BUILD (a directory whose Makefile
# does what each case needs; no kernel, no root; label "quick;audit").
# audit-fake-test.sh KBUILD_PACK
#  - escapes through links: a module's link into a kernel tree, a link of
#    BUILD that leads out, /proc/self/root/..., a kernel tree under /dev/shm;
#  - writes into BUILD (open O_WRONLY, creat by >, rm, mv, mkdir, touch):
#    reported, exit 1;
#  - make arguments naming module directories: /t/a and /t/ab, several in
#    one argument; a relative link that leaves the module directory (it
#    led to a file, not to a kernel tree: read, no escape);
#  - TMPDIR with a space or a '$': a clear error naming TMPDIR; relative: works.
# Exact stdout each time (the test directory written as @T@, the scratch
# directory as @S@).
set -u
K=$(realpath "$1")
command -v strace >/dev/null && command -v make >/dev/null || exit 77
T=$(mktemp -d "${TMPDIR:-/tmp}/kbp-audit-fake.XXXXXX")
SHM=$(mktemp -d /dev/shm/kbp-audit-fake.XXXXXX 2>/dev/null) || SHM=
trap 'rm -rf "$T" ${SHM:+"$SHM"}' EXIT
fails=0

# a kernel tree: Kbuild, Makefile, include/linux
ktree() {
    mkdir -p "$1/include/linux" "$1/scripts"
    touch "$1/Kbuild" "$1/Makefile"
    echo "x" >"$1/scripts/subarch.include"
}
ktree "$T/src"
[ -n "$SHM" ] && ktree "$SHM/linux"
mkdir -p "$T/other" "$T/tmp"
echo "other" >"$T/other/f"

# fake BUILD: its Makefile runs the recipe $(CASE) names (in build/cases/)
mkdir -p "$T/build/cases"
cat >"$T/build/Makefile" <<'MK'
all:
	@sh $(CURDIR)/cases/$(CASE).sh "$(M)" "$(CURDIR)"
MK
echo "b" >"$T/build/file"
ln -s "$T/other/f" "$T/build/out-link"

# check NAME WANT_RC WANT_STDOUT [audit args...]
check() {
    local name=$1 want_rc=$2 want=$3 rc=0
    shift 3
    TMPDIR=${tmpdir:-$T/tmp} "$K" audit "$@" >"$T/$name.out" 2>"$T/$name.err" || rc=$?
    sed -i -e "s|$T/tmp/kbuild-pack-audit\.[^/]*|@S@|g" -e "s|$T|@T@|g" ${SHM:+-e "s|$SHM|@SHM@|g"} "$T/$name.out" "$T/$name.err"
    if [ "$rc" != "$want_rc" ] || ! diff -u <(printf '%s' "$want") "$T/$name.out" >&2; then
        echo "FAIL: $name: exit $rc (want $want_rc); stderr:" >&2
        tail -n 20 "$T/$name.err" >&2
        fails=$((fails + 1))
    else
        echo "ok: $name"
    fi
}
# a module directory (NAME) and the case's recipe
module() { mkdir -p "$T/$1"; echo "obj-m := x.o" >"$T/$1/Kbuild"; }
recipe() { printf '%s\n' "$2" >"$T/build/cases/$1.sh"; }

module m
recipe clean 'cat "$2/file" >/dev/null'
check clean 0 "" "$T/build" "$T/m" -- CASE=clean

# escapes through links
module links
ln -s "$T/src/scripts/subarch.include" "$T/links/into-src"
recipe links 'cat "$1/into-src" "$2/out-link" "/proc/self/root'"$T"'/src/Makefile" >/dev/null'
check links 1 "escape: @T@/other/f (cat)
escape: @T@/src/Makefile (cat)
escape: @T@/src/scripts/subarch.include (cat)
" "$T/build" "$T/links" -- CASE=links
if [ -n "$SHM" ]; then
    recipe shm 'cat '"$SHM"'/linux/scripts/subarch.include >/dev/null'
    check shm 1 "escape: @SHM@/linux/scripts/subarch.include (cat)
" "$T/build" "$T/m" -- CASE=shm
fi

# writes into BUILD
recipe writes 'echo x >"$2/new"; echo y >>"$2/file"; mkdir "$2/d"; touch "$2/d/t"; mv "$2/d/t" "$2/d/u"; rm "$2/d/u"; rmdir "$2/d"; rm "$2/new"; echo z >"$1/fine"'
check writes 1 "write: @T@/build/d (mkdir,rmdir)
write: @T@/build/d/t (mv,touch)
write: @T@/build/d/u (mv,rm)
write: @T@/build/file (sh)
write: @T@/build/new (rm,sh)
" "$T/build" "$T/m" -- CASE=writes

# make arguments naming module directories, and a relative link out
module a
module ab
echo "a's" >"$T/a/Module.symvers"
echo "ab's" >"$T/ab/Module.symvers"
ln -s ../other/f "$T/a/rel-out"
recipe args 'for f in $KBP_SYMS; do cat "$f"; done >"$1/../../got"; cat "$1/rel-out" >/dev/null; echo "$KBP_SYMS" | sed "s|$1/*\.\./\.\./||g" >>"$1/../../got"; cp "$1/../../got" '"$T"'/args.got'
check args 0 "" "$T/build" "$T/a" "$T/ab" -- CASE=args "KBP_SYMS=$T/ab/Module.symvers $T/a/Module.symvers"
printf "ab's\na's\n" | diff -u - <(head -n 2 "$T/args.got") >&2 || { echo "FAIL: args: wrong copies read" >&2; fails=$((fails + 1)); }

# TMPDIR kbuild cannot build in
mkdir -p "$T/with space" "$T/dollar\$x" "$T/rel"
tmpdir="$T/with space" check tmpdir-space 1 "" "$T/build" "$T/m" -- CASE=clean
grep -q "TMPDIR=@T@/with space: kbuild cannot build modules in a path with ' '" "$T/tmpdir-space.err" \
    || { echo "FAIL: tmpdir-space: no message naming TMPDIR" >&2; fails=$((fails + 1)); }
tmpdir="$T/dollar\$x" check tmpdir-dollar 1 "" "$T/build" "$T/m" -- CASE=clean
grep -q "kbuild cannot build modules in a path with '\\$'" "$T/tmpdir-dollar.err" \
    || { echo "FAIL: tmpdir-dollar: no message naming TMPDIR" >&2; fails=$((fails + 1)); }
(cd "$T" && tmpdir=rel check tmpdir-relative 0 "" "$T/build" "$T/m" -- CASE=clean)
[ -z "$(ls -A "$T/rel")" ] || { echo "FAIL: tmpdir-relative: left $(ls -A "$T/rel")" >&2; fails=$((fails + 1)); }

[ "$fails" = 0 ] || { echo "$fails case(s) failed" >&2; exit 1; }
echo "audit on a fake BUILD: all cases as expected"
