#!/bin/bash
# Runs a command and compares its stdout, stderr and exit status with
# EXPECTED.out, EXPECTED.err and EXPECTED.rc (kmod's testsuite idea).
# Missing expected files mean: empty output, exit status 0.
# Occurrences of $EXPECT_SUBST_DIR in the output are replaced by @DIR@.
# Usage: expect.sh EXPECTED_PREFIX CMD [ARGS...]
set -u
want=$1
shift
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
rc=$?
if [ -n "${EXPECT_SUBST_DIR:-}" ]; then
	sed -i "s|$EXPECT_SUBST_DIR|@DIR@|g" "$out" "$err"
fi
fail=0
for k in out err; do
	f="$want.$k"
	got=$([ $k = out ] && echo "$out" || echo "$err")
	if [ -f "$f" ]; then
		diff -u "$f" "$got" >&2 || { echo "FAIL: std$k differs from $f" >&2; fail=1; }
	elif [ -s "$got" ]; then
		echo "FAIL: unexpected std$k:" >&2
		cat "$got" >&2
		fail=1
	fi
done
want_rc=0
[ -f "$want.rc" ] && want_rc=$(cat "$want.rc")
if [ "$rc" != "$want_rc" ]; then
	echo "FAIL: exit status $rc, expected $want_rc" >&2
	fail=1
fi
exit $fail
