#!/bin/bash
# kbuild-pack audit without the original trees on a real fixture (label
# "kernel;audit"): audit-nosrc-test.sh SERIES LAYOUT
# `audit BUILD --corpus` (what a user runs on an installed tree, with no
# SRC at hand) and `audit --src SRC [--obj OBJ] BUILD --corpus` on a
# correct packed tree: both exit 0 with nothing printed. A miss without
# SRC means what it means with SRC: the build needed that file.
set -u
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
kbp_setup "$1" "$2"
kbp_pack "$S/out"

trees=(--src "$SRC")
[ -n "$OBJ" ] && trees+=(--obj "$OBJ")
export TMPDIR=$S/tmp
mkdir -p "$TMPDIR"
rc_src=0 rc_nosrc=0
"$KBUILD_PACK" audit "${trees[@]}" --corpus "$PACKED" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/src.out" 2>"$S/src.err" || rc_src=$?
"$KBUILD_PACK" audit --corpus "$PACKED" "${KBP_AUDIT_MAKE_ARGS[@]}" >"$S/nosrc.out" 2>"$S/nosrc.err" || rc_nosrc=$?
if [ "$rc_src" != 0 ] || [ "$rc_nosrc" != 0 ] || [ -s "$S/src.out" ] || [ -s "$S/nosrc.out" ]; then
    echo "with --src: exit $rc_src" >&2; cat "$S/src.out" >&2
    echo "without: exit $rc_nosrc" >&2; cat "$S/nosrc.out" >&2
    die "audit with and without SRC disagree or find something on a correct tree"
fi
[ -z "$(ls -A "$TMPDIR")" ] || die "audit left $(ls -A "$TMPDIR") in TMPDIR"
pass "audit with and without SRC: clean on $SERIES $LAYOUT"
