#!/bin/bash
# kbuild-pack audit --pack on a real fixture (label "kernel;audit"):
# audit-pack-test.sh SERIES LAYOUT ARCH [FLAVOUR] [--sigterm|--sigkill]
#  - `audit --pack --src SRC [--obj OBJ] --corpus --kernel-samples` (with
#    "-- ARCH=arm64 CROSS_COMPILE=..." on a cross fixture): exit 0 and stdout
#    exactly expected/pack-SERIES-LAYOUT-ARCH[-FLAVOUR].out (the used/unused
#    line of every manifest rule, for the test modules and the kernel
#    samples of tests/modules/kernel-samples.list); the scratch tree gone.
#    KBP_UPDATE_EXPECTED=1 writes what the run got instead.
#  - --sigterm: SIGTERM while a module build runs under audit --pack: exit
#    143, no scratch directory left in $TMPDIR, no process of the build left.
#  - --sigkill: the same with SIGKILL, which kbuild-pack cannot catch: within
#    a few seconds (its guardian's work) no strace, make or compiler of the
#    run left, no scratch directory, and the guardian gone too.
set -u
. "$(dirname "$0")/../kernel/lib.sh"
. "$KBP_TESTS_DIR/cross/lib-cross.sh"
kbp_enter_ns "$0" "$@"
series=$1 layout=$2 arch=$3 flavour= sigterm= sig=
for a in "${@:4}"; do
    case "$a" in --sigterm) sigterm=1 sig=TERM ;; --sigkill) sigterm=1 sig=KILL ;; *) flavour=$a ;; esac
done
name=$series-$layout-$arch${flavour:+-$flavour}
make_args=()
if [ "$arch" = x86_64 ]; then
    KBP_FIXTURE_FLAVOUR=$flavour kbp_setup "$series" "$layout"
else
    kbp_cross_setup "$series" "$layout" "$arch" $flavour
    # the make arguments, not the environment, say which target
    unset ARCH CROSS_COMPILE
    make_args=(-- "ARCH=$arch" "CROSS_COMPILE=$CROSS")
fi
# the fixture's make variables (LLVM=-16), as a user passes them
[ ${#make_args[@]} -gt 0 ] && make_args+=("${KBP_MAKE_VARS[@]}") || make_args=("${KBP_AUDIT_MAKE_ARGS[@]}")
trees=(--src "$SRC")
[ -n "$OBJ" ] && trees+=(--obj "$OBJ")
export TMPDIR=$S/tmp
mkdir -p "$TMPDIR"
want=$KBP_TESTS_DIR/audit/expected/pack-$name.out

if [ -n "$sigterm" ]; then
    "$KBUILD_PACK" audit --pack "${trees[@]}" --corpus "${make_args[@]}" >"$S/term.out" 2>"$S/term.err" &
    pid=$!
    # wait for the first module build: its strace log in audit's scratch dir
    for _ in $(seq 600); do
        compgen -G "$TMPDIR/k*-audit.*/0.strace" >/dev/null && break
        sleep 0.2
    done
    compgen -G "$TMPDIR/k*-audit.*/0.strace" >/dev/null || { kill $pid; die "no module build started"; }
    sleep 1
    # the build's group: strace's (the guardian, its other child, has its own)
    pgid=$(ps -o pgid= -p "$(pgrep -P $pid -x strace | head -n1)" | tr -d ' ')
    guardian=$(pgrep -P $pid | grep -vx "$(pgrep -P $pid -x strace)" | head -n1)
    kill -$sig $pid
    rc=0
    wait $pid || rc=$?
    # alive: a process that is not a zombie (whoever reaps it may be slow)
    alive() { [ -n "$1" ] && ps -o stat= -p "$1" 2>/dev/null | grep -qv '^Z'; }
    if [ "$sig" = KILL ]; then
        # what the guardian does after our death: a few seconds at most
        for _ in $(seq 50); do
            [ -z "$(ls -A "$TMPDIR")" ] && ! pgrep -g "$pgid" >/dev/null && ! alive "$guardian" && break
            sleep 0.2
        done
    fi
    left=$(ls -A "$TMPDIR")
    sleep 0.5
    procs=$( [ -n "$pgid" ] && pgrep -g "$pgid" || true)
    named=$(pgrep -f -- "$TMPDIR/kbuild-pack-audit" || true)
    want_rc=143 want_err='interrupted by signal 15'
    [ "$sig" = KILL ] && want_rc=137 want_err=
    if [ "$rc" != "$want_rc" ] || [ -n "$left" ] || [ -n "$procs" ] || [ -n "$named" ] || [ -z "$pgid" ] ||
        { [ -n "$want_err" ] && ! grep -q "$want_err" "$S/term.err"; }; then
        echo "FAIL: exit $rc (want $want_rc); left in TMPDIR: '$left'; processes of group $pgid: '$procs'; naming the scratch: '$named'" >&2
        tail -n 20 "$S/term.err" >&2
        die "SIG$sig during audit --pack"
    fi
    if [ "$sig" = KILL ] && alive "$guardian"; then
        die "SIGKILL during audit --pack: the guardian ($guardian) is still there"
    fi
    pass "SIG$sig during audit --pack: exit $rc, nothing left ($name)"
    exit 0
fi

rc=0
"$KBUILD_PACK" audit --pack "${trees[@]}" --corpus --kernel-samples "${make_args[@]}" >"$S/pack.out" 2>"$S/pack.err" || rc=$?
[ "$rc" = 0 ] || { tail -n 40 "$S/pack.err" >&2; die "audit --pack exited $rc"; }
[ -z "$(ls -A "$TMPDIR")" ] || die "audit --pack left $(ls -A "$TMPDIR") in TMPDIR"
grep -q 'kernel sample .* skipped\|build failed' "$S/pack.out" && die "unexpected line in the output"
# Files whose size is not the tree's own, so not compared: the BTF-only
# vmlinux is cut from the fixture's vmlinux, whose BTF pahole writes in an
# order that depends on its threads (seen: 1582712 and 1582624 bytes on two
# builds of 7.2 full); objtool and resolve_btfids carry the path of the
# build directory (the fixture cache moved from /var/cache to /var/tmp made
# them 48 bytes smaller). Each such line must say the whole file was read.
for rule in vmlinux=btf objtool resolve-btfids; do
    grep -q "^rule $rule:" "$S/pack.out" || continue
    size=$(sed -n "s|^rule $rule: 1/1 files, \([0-9]*\)/\1 bytes used\$|\1|p" "$S/pack.out")
    [ -n "$size" ] || die "$rule was not wholly read: $(grep "^rule $rule:" "$S/pack.out")"
    sed -i "s|^rule $rule: 1/1 files, $size/$size bytes used\$|rule $rule: 1/1 files, @SIZE@/@SIZE@ bytes used|" "$S/pack.out"
done
if [ -n "${KBP_UPDATE_EXPECTED:-}" ]; then
    cp "$S/pack.out" "$want"
    log "wrote $want"
fi
diff -u "$want" "$S/pack.out" >&2 || die "audit --pack output differs from $want"
pass "audit --pack on $name: $(grep -c '^rule ' "$S/pack.out") rule lines as expected"
