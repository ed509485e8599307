#!/bin/bash
# Unwritable and full outputs and interruptions, on the real 6.1 fixture
# (they need mounts, or a tree big enough to interrupt, or a make to kill):
# each case checks the exact message and exit status, and that nothing was
# written, nothing left behind and nothing runs on. The
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

# --- SIGKILL (a build farm's timeout): the guardian (src/shared/guard.h)
# kills what the command ran and removes what it made
# killed_while_running COMMAND-ARGS...: runs kbuild-pack with TMPDIR=$S/tmp
# and SIGKILLs it while the make it runs is at work; then nothing of make's
# process group may run on, and $S/tmp must be left empty.
killed_while_running() {
	mkdir -p "$S/tmp"
	TMPDIR=$S/tmp "$KBUILD_PACK" "$@" >/dev/null 2>"$S/err.txt" &
	local pid=$! mk=
	for _ in $(seq 6000); do
		mk=$(ps -o pid=,comm= --ppid "$pid" | awk '$2 == "make" { print $1; exit }')
		[ -n "$mk" ] || ! kill -0 "$pid" 2>/dev/null || { sleep 0.01; continue; }
		break
	done
	[ -n "$mk" ] || { fail "kbuild-pack $1 ended before it ran make: $(cat "$S/err.txt")"; return; }
	# until make has children of its own (the compilers)
	for _ in $(seq 500); do [ "$(pgrep -c -g "$mk")" -gt 1 ] && break; sleep 0.01; done
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	for _ in $(seq 500); do pgrep -g "$mk" >/dev/null || break; sleep 0.02; done
	if pgrep -g "$mk" >/dev/null; then
		fail "make's process group runs on: $(pgrep -a -g "$mk")"
		pkill -KILL -g "$mk"
	else
		pass "nothing of make's process group runs on"
	fi
	kbp_wait_empty "$S/tmp"
	expect_empty "$S/tmp"
}
case_pack-sigkill() {
	# the host programs rebuilt by make
	killed_while_running --src "$SRC" --obj "$OBJ" --out "$OUT" --host-tools=target \
		--cross-compile x86_64-linux-gnu-
	kbp_wait_empty "$OUT"
	expect_empty "$OUT"
}
case_canary-sigkill() {
	# the canary module built by make
	run --src "$SRC" --obj "$OBJ" --out "$S/packed"
	expect_rc 0
	killed_while_running verify --canary "$S/packed"
}
case_split-sigkill() {
	# killed with its parts staged
	mkdir -p "$S/tmp" "$S/parts"
	TMPDIR=$S/tmp "$KBUILD_PACK" split --tree "$OBJ" --out "$S/parts/out" >/dev/null 2>"$S/err.txt" &
	local pid=$!
	for _ in $(seq 6000); do
		compgen -G "$S/parts/out.kbuild-pack-*/*" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.005
	done
	compgen -G "$S/parts/out.kbuild-pack-*/*" >/dev/null || { fail "split ended before it staged: $(cat "$S/err.txt")"; return; }
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	kbp_wait_empty "$S/parts" "$S/tmp"
	expect_empty "$S/parts"
	expect_empty "$S/tmp"
}
kbp_run_case "$CASE"
