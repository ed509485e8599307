#!/bin/bash
# Unwritable and full outputs and interruptions, on the real 6.1 fixture
# (they need mounts, or a tree big enough to interrupt): each case checks
# the exact message and exit status, and that nothing was written. The
# other command-line cases run on the synthetic tree: tests/quick.
# Usage: cli-test.sh CASE   (the case_NAME functions, one CTest test cli.NAME each)
set -uo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
CASE=$1
kbp_setup 6.1 obj

OUT=$S/out
mkdir -p "$OUT"

# The fixture and scratch paths in messages read @FIX@ and @S@.
EXPECT_SED=(-e "s|$FIX|@FIX@|g" -e "s|$S|@S@|g")

B=$OUT/lib/modules/$REL/build

case_unwritable-out() {
	mkdir "$S/ro"
	kbp_ro_bind "$S/ro" || die "cannot make $S/ro read-only"
	run --src "$SRC" --obj "$OBJ" --out "$S/ro"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot create @S@/ro/lib/modules/$REL: Read-only file system"
	expect_empty "$S/ro"
}
case_full-out() {
	mkdir "$S/small"
	mount -t tmpfs -o size=4m tmpfs "$S/small"
	run --src "$SRC" --obj "$OBJ" --out "$S/small"
	expect_rc 1
	grep -q 'No space left on device' "$S/err.txt" || fail "no ENOSPC message: $(cat "$S/err.txt")"
	[ "$(wc -l <"$S/err.txt")" = 1 ] || fail "more than one message: $(cat "$S/err.txt")"
	expect_empty "$S/small"
}
case_sigterm() {
	sig=${CASE#sig}; sig=${sig^^}
	"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" 2>"$S/err.txt" &
	pid=$!
	for _ in $(seq 2000); do
		compgen -G "$OUT/lib/modules/$REL/.build.kbuild-pack-*" >/dev/null && break
		sleep 0.002
	done
	kill -"$sig" "$pid"
	RC=0; wait "$pid" || RC=$?
	want=$([ "$sig" = TERM ] && echo 143 || echo 130)
	if [ -e "$B" ]; then
		fail "the pack finished before the signal; cannot test interruption"
	else
		expect_rc "$want"
		expect_err "kbuild-pack: error: interrupted by signal $((want - 128))"
		expect_empty "$OUT"
	fi
}
case_sigint() { case_sigterm; }
kbp_run_case "$CASE"
