#!/bin/bash
# refuse.sh KBUILD_MODPOST: the series check, which names every known
# series (the newest last), for a forced version and for the build
# directory kbuild exports as $objtree (the cwd of an M= modpost since 6.13
# is the module's directory).
set -u
BIN=$(realpath "$1") fail=0 T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
check() { # check EXPECTED-RC EXPECTED-STDERR CMD...
    local rc=0 want_rc=$1 want=$2
    shift 2
    "$@" > "$T/out" 2> "$T/err" || rc=$?
    if [ "$rc" != "$want_rc" ] || [ "$(cat "$T/err")" != "$want" ] || [ -s "$T/out" ]; then
        echo "FAIL: $*: exit $rc (want $want_rc), stderr:"; cat "$T/err"; echo "want: $want"; fail=1
    fi
}
check 1 "kbuild-modpost: kernel 7.3 is not supported (known: 5.10, 6.1, 6.12, 7.2)" \
    env KBUILD_MODPOST_KERNEL=7.3 "$BIN"
mkdir -p "$T/obj/include/config" "$T/m"
echo 5.15.0-kbp > "$T/obj/include/config/kernel.release"
check 1 "kbuild-modpost: kernel 5.15 is not supported (known: 5.10, 6.1, 6.12, 7.2)" \
    env -C "$T/m" objtree="$T/obj" "$BIN"
echo 7.2.12 > "$T/obj/include/config/kernel.release"
# a known series: nothing to do, nothing said
check 0 "" env -C "$T/m" objtree="$T/obj" "$BIN"
check 1 "kbuild-modpost: cannot tell the kernel version of the build directory . (no include/config/kernel.release, include/generated/utsrelease.h or Makefile)" \
    env -C "$T/m" -u objtree "$BIN"
[ $fail -eq 0 ] && echo PASS
exit $fail
