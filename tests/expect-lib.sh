# Checks of one kbuild-pack run's exact messages and exit status, for shell
# tests (sourced; not executable on its own). The caller defines fail() and
# S (scratch dir), and may set EXPECT_SED to sed expressions that replace
# its paths with tokens (default: $S by @S@).

# run ARGS...: runs $KBUILD_PACK, leaves RC, and stdout/stderr in
# $S/out.txt, $S/err.txt with EXPECT_SED applied.
run() {
	RC=0
	"$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	if [ -z "${EXPECT_SED+set}" ]; then EXPECT_SED=(-e "s|$S|@S@|g"); fi
	sed -i "${EXPECT_SED[@]}" "$S/out.txt" "$S/err.txt"
}
expect_rc() { [ "$RC" = "$1" ] || fail "exit status $RC, expected $1"; }
expect_err() {
	if [ -n "$1" ]; then printf '%s\n' "$1"; fi >"$S/want.txt"
	diff -u "$S/want.txt" "$S/err.txt" >&2 || fail "stderr differs"
}
# expect_empty DIR: nothing at all may remain below DIR.
expect_empty() {
	local left
	left=$(cd "$1" && find . -mindepth 1 | sort)
	[ -z "$left" ] || fail "output left behind in $1: $left"
}
