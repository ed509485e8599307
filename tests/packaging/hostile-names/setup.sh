# Sourced by rpm- and deb-hostile-names-test.sh, after tests/lib/lib.sh and
# with KIND set (rpm, deb): the scratch directory $S (removed on exit unless
# KBP_KEEP is set), the quick tier's synthetic tree ($SRC, $OBJ, $REL) with a
# file for each of ${names[@]} below $SRC/$H (holding its own name) and the
# neighbours their globs must not catch, and `refused`.
HERE=$KBP_TESTS_DIR/packaging
TOP=$(cd "$KBP_TESTS_DIR/.." && pwd)
[ -x "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set to the kbuild-pack binary"
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-$KIND-hostile.XXXXXX")
# rpm's %(...) and make's shells inherit it; the first name runs under the
# old rpm list writer (no blank, no slash: one token).
export KBP_PWNED=/tmp/kbp-pwned-$KIND-$$
trap 'rc=$?; rm -f "$KBP_PWNED"; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
"$KBP_TESTS_DIR/data/mktree.sh" "$S/t" split >/dev/null || die "cannot make the synthetic tree"
SRC=$S/t/src OBJ=$S/t/obj REL=$(cat "$OBJ/include/config/kernel.release")
H=include/kbp-hostile
names=('x%(date>$KBP_PWNED).h' "x%(touch $KBP_PWNED).h" 'x$(date>$KBP_PWNED).h' 'x`date>$KBP_PWNED`.h'
       'a b.h' 'g*.h' 'q?.h' 'br[ack]et.h' 'quote".h' 'pct%.h' 'x%attr(4755,root,root)' 'x%%y.h' "sq'.h"
       'back\slash.h' 'sp"q a.h' ' lead.h' 'x%[1+1].h' '~t.h' 'a]b.h' '-n.h' '#c.h'
       'x\%.h' '%\x.h' 'bs\dir%/f.h')
for n in "${names[@]}" gx.h qx.h brat.h ab.h; do
	mkdir -p "$SRC/$H/$(dirname -- "$n")" && printf '%s\n' "$n" >"$SRC/$H/$n" || die "cannot make $n"
done

# refused WHAT LOG LINE: `build` (the test's) must fail, LOG holding LINE.
refused() {
	if build; then
		fail "$1: the build succeeded"
	elif grep -qxF "$3" "$2"; then
		pass "$1: the build stops: $3"
	else
		tail -n 20 "$2" >&2
		fail "$1: the build failed without: $3"
	fi
}
