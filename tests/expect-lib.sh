# Assertions shared by the shell tests (sourced). The caller defines
# fail(), sets RC to the exit status of the run and ERR_DIR to the
# directory holding the run's err.txt.

expect_rc() { [ "$RC" = "$1" ] || fail "exit status $RC, expected $1"; }
# expect_err TEXT: stderr is exactly TEXT (one line per line; "" is empty).
expect_err() {
	if [ -n "$1" ]; then printf '%s\n' "$1"; fi >"$ERR_DIR/want.txt"
	diff -u "$ERR_DIR/want.txt" "$ERR_DIR/err.txt" >&2 || fail "stderr differs"
}
# expect_empty DIR: nothing at all remains below DIR.
expect_empty() {
	local left
	left=$(cd "$1" && find . -mindepth 1 | sort)
	[ -z "$left" ] || fail "left behind in $1: $left"
}
