# shellcheck shell=bash
# The shell helpers every test script shares (quick, hostile, cli, ship,
# kernel, cross, btf, packaging); sourced, not run. tests/kernel/lib.sh adds the fixture kernels.
#
# A test keeps its scratch files in $S and counts failed checks in FAILS;
# kbp_finish ends it (exit 1 if any check failed).

KBP_TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FAILS=0
export LC_ALL=C
# Package builds (dpkg-buildpackage, rpmbuild) export one; a test that
# wants it sets its own, so expected outputs never depend on the caller.
unset SOURCE_DATE_EPOCH
log()  { echo "--- $*" >&2; }
fail() { echo "FAIL: $*" >&2; FAILS=$((FAILS + 1)); }
die()  { echo "FATAL: $*" >&2; exit 1; }
pass() { echo "ok: $*" >&2; }

# run ARGS...: runs $KBUILD_PACK ARGS; leaves its exit status in RC and its
# stdout and stderr in $S/out.txt and $S/err.txt, with the sed expressions
# of the array EXPECT_SED applied (default: $S reads @S@).
run() {
	RC=0
	"$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	if [ -z "${EXPECT_SED+set}" ]; then EXPECT_SED=(-e "s|$S|@S@|g"); fi
	[ ${#EXPECT_SED[@]} -eq 0 ] || sed -i "${EXPECT_SED[@]}" "$S/out.txt" "$S/err.txt"
}

# expect_rc WANT [WHAT]: the last run exited with WANT; otherwise a failed
# check that shows the ends of its stderr and stdout. Returns 1 then.
expect_rc() {
	[ "$RC" = "$1" ] && return 0
	fail "${2:+$2: }exit status $RC, expected $1"
	sed 's/^/  stderr: /' "$S/err.txt" | tail -n 20 >&2
	sed 's/^/  stdout: /' "$S/out.txt" | head -n 20 >&2
	return 1
}
# expect_err TEXT: the last run's stderr is exactly TEXT ("" = empty).
expect_err() {
	if [ -n "$1" ]; then printf '%s\n' "$1"; fi >"$S/want.txt"
	diff -u "$S/want.txt" "$S/err.txt" >&2 || fail "stderr differs"
}
# expect_out FILE [WHAT]: the last run's stdout is exactly FILE's content.
expect_out() {
	if diff -u "$1" "$S/out.txt" >&2; then pass "${2:-stdout as expected}"; else fail "${2:+$2: }stdout differs (above)"; fi
}
# kbp_wait_empty DIR...: waits until every DIR is empty (a guardian's work
# after a SIGKILL), ten seconds at most.
kbp_wait_empty() {
	local _
	for _ in $(seq 500); do
		[ -z "$(find "$@" -mindepth 1 -print -quit 2>/dev/null)" ] && return 0
		sleep 0.02
	done
	return 1
}
# expect_empty DIR: nothing at all remains under DIR.
expect_empty() {
	local left
	left=$(cd "$1" && find . -mindepth 1 | sort)
	[ -z "$left" ] || fail "output left behind in $1: $left"
}

# On a tree SRC/OBJ (OBJ may be empty) of release REL:
# pk ARGS...: run, packing the tree.
pk() { run --src "$SRC" ${OBJ:+--obj "$OBJ"} "$@"; }
# good_tree DIR: a packed build directory in DIR; sets G to its build dir.
good_tree() {
	pk --out "$1"
	expect_rc 0 "pack into $1" || die "pack failed"
	G=$1/lib/modules/$REL/build
}
# bad_copy NAME: a writable copy of the good tree $G; sets BAD.
bad_copy() {
	BAD=$S/bad-$1/lib/modules/$REL/build
	mkdir -p "$(dirname "$BAD")"
	cp -a "$G" "$BAD"
}

# kbp_ro_bind DIR: DIR bind-mounted read-only over itself (as root, in the
# test's own mount namespace), so that its paths stay valid; returns 1 with
# a message when that fails or DIR is still writable.
kbp_ro_bind() {
	mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || { echo "cannot bind-mount $1 read-only" >&2; return 1; }
	if touch "$1/.kbp-write-probe" 2>/dev/null; then
		rm -f "$1/.kbp-write-probe"
		echo "$1 is still writable after a read-only bind mount" >&2
		return 1
	fi
}

# kbp_run_case NAME: runs the function case_NAME of the test script (CMake
# makes one test per case_ function: kbp_shell_cases), then kbp_finish.
kbp_run_case() {
	declare -F "case_$1" >/dev/null || { echo "unknown case $1" >&2; exit 2; }
	"case_$1"
	kbp_finish
}

kbp_finish() {
	if [ "$FAILS" -ne 0 ]; then
		echo "RESULT: $FAILS check(s) FAILED" >&2
		exit 1
	fi
	echo "RESULT: all checks passed" >&2
}
