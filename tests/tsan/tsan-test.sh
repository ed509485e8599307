#!/bin/bash
# tsan-test.sh synthetic CASE | kernel SERIES LAYOUT CASE: kbuild-pack's threads under
# ThreadSanitizer. KBUILD_PACK is a -DKBP_SANITIZE=thread build's
# (tests/tsan/CMakeLists.txt); any report stops it with exit status 66
# (halt_on_error), which fails the case.
#   synthetic  the quick tier's tree (tests/data), grown to hundreds of
#              files in tens of directories so that every pool starts its
#              threads (workers_run: 64 items), and three more flavours of
#              it for split
#   kernel     the fixture of SERIES LAYOUT (KBP_FIXTURE_FLAVOUR: its
#              flavour; tests/series.cmake's tsan role), read-only; split
#              takes it twice, under two names, whose checks ask the
#              digest memo for the same common files
# Cases: pack-dir (the walk's workqueue and key checks, the directory
# sink's copies on the workers, pack's symvers check thread), pack-archive
# (tar, and its verify), verify (a directory and an archive: verify's file
# checks on the workers), split (every tree: split's check on the workers,
# its digest memo), split-stress (the split again and again: issue 46).
set -uo pipefail
MODE=$1 CASE=${*: -1}
if [ "$MODE" = kernel ]; then
	. "$(dirname "$0")/../kernel/lib.sh"
	kbp_enter_ns "$0" "$@"
else
	. "$(dirname "$0")/../lib/lib.sh"
	. "$KBP_TESTS_DIR/lib/faketree.sh"
fi
[ -x "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set to the kbuild-pack binary"
# a build without ThreadSanitizer would pass every case and prove nothing
grep -qa __tsan_init "$KBUILD_PACK" || die "$KBUILD_PACK is no ThreadSanitizer build (cmake -DKBP_SANITIZE=thread)"
[ "$(nproc)" -ge 2 ] || { echo "SKIP: one CPU: the pools start no thread" >&2; exit 77; }
# the caller's options first: these win
export TSAN_OPTIONS="${TSAN_OPTIONS:-} halt_on_error=1 exitcode=66 second_deadlock_stack=1"

if [ "$MODE" = kernel ]; then
	[ $# = 4 ] || die "usage: $0 kernel SERIES LAYOUT CASE"
	kbp_setup "$2" "$3"
	SPLIT_ARGS=(--tree one="$KTREE" --tree two="$KTREE")
	ROUNDS=2
else
	S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-tsan.XXXXXX")
	trap 'rc=$?; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
	ft_quick_tree "$S/t" || die "cannot make the synthetic tree"
	SRC=$S/t/src OBJ=$S/t/obj REL=$(cat "$OBJ/include/config/kernel.release")
	# 200 sources in 20 directories (the walk's tasks, the common part),
	# 100 generated headers (each flavour's)
	for d in $(seq -w 20); do
		for f in $(seq -w 10); do
			ft_put "$SRC/include/linux/kbp-tsan/d$d/f$f.h" "/* $d $f */\n"
		done
	done
	for f in $(seq -w 100); do
		ft_put "$OBJ/include/generated/kbp-tsan-$f.h" "#define KBP_TSAN_$f 1\n"
	done
	SPLIT_ARGS=(--tree one="$OBJ")
	for t in two three four; do
		cp -a "$OBJ" "$S/$t"
		ln -sfn "$SRC" "$S/$t/source"
		echo "CONFIG_KBP_${t^^}=y" >>"$S/$t/.config"
		echo "CONFIG_KBP_${t^^}=y" >>"$S/$t/include/config/auto.conf"
		echo "#define CONFIG_KBP_${t^^} 1" >>"$S/$t/include/generated/autoconf.h"
		SPLIT_ARGS+=(--tree "$t=$S/$t")
	done
	ROUNDS=20
fi
OUT=$S/out
mkdir -p "$OUT"

# tsan WHAT ARGS...: kbuild-pack ARGS exits 0 with no report.
tsan() {
	local what=$1
	shift
	RC=0
	"$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	if [ "$RC" = 0 ] && ! grep -q ThreadSanitizer "$S/err.txt"; then
		pass "$what"
		return 0
	fi
	fail "$what: exit status $RC$([ "$RC" = 66 ] && echo ', a ThreadSanitizer report')"
	sed 's/^/  stderr: /' "$S/err.txt" | head -n 80 >&2
	return 1
}
pack() { tsan "$1" --src "$SRC" ${OBJ:+--obj "$OBJ"} "${@:2}"; }

case_pack-dir() {
	pack "pack into a directory" --out "$OUT/d"
}
case_pack-archive() {
	pack "pack into a tar archive, verified" --format tar --out "$OUT/k.tar" --verify
}
case_verify() {
	pack "pack into a directory" --out "$OUT/d" || return
	tsan "verify the directory" verify "$OUT/d"
	pack "pack into a cpio archive" --format cpio --out "$OUT/k.cpio" || return
	tsan "verify the archive" verify "$OUT/k.cpio"
}
case_split() {
	tsan "split of $((${#SPLIT_ARGS[@]} / 2)) trees" split "${SPLIT_ARGS[@]}" --out "$OUT/p"
}
# issue 46: the check of every tree again and again, each time a fresh
# memo filled from all threads at once
case_split-stress() {
	local i
	for i in $(seq "$ROUNDS"); do
		tsan "split $i of $ROUNDS" split "${SPLIT_ARGS[@]}" --out "$OUT/p$i" || break
		rm -rf "${OUT:?}/p$i"
	done
}

kbp_run_case "$CASE"
