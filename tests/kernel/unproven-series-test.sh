#!/bin/bash
# unproven-series-test.sh SERIES LAYOUT
#
# The policy for a series the manifests are not proven on, on a real tree
# (the 5.10 fixture, the series whose old rules packed and verified cleanly
# and built no module: 5.10 runs objtool under CONFIG_STACK_VALIDATION,
# which the rules made for 6.1 did not know). Two manifest sets, copied
# from the shipped ones with SERIES taken out of proven-series:
#   stale  also without the rules SERIES needs that no later series has
#          (objtool-stack-validation): the rules as they were before SERIES
#   fresh  with them
# - pack refuses the tree without --unproven-series, names the option and
#   writes nothing;
# - with --unproven-series and the stale rules, verify --canary on the
#   staged result fails (make finds no rule for the canary's object) and
#   nothing is published;
# - the tree the stale rules make when they call SERIES proven passes their
#   own plain verify (the silent failure this policy ends), and plain verify
#   with the shipped manifests names the missing objtool;
# - with --unproven-series and the fresh rules, the canary builds and the
#   tree is published, and plain verify of it with the unproven set reports
#   exactly the unproven-series problem; verify --canary passes it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 2 ] || die "usage: $0 SERIES LAYOUT"
kbp_setup "$1" "$2"
series=$1

MDIR=${KBUILD_PACK_MANIFEST_DIR:-$(dirname "$KBUILD_PACK")/../share/kbuild-pack/manifests}
grep -q "^proven-series: .*\"$series\"" "$MDIR/common.yaml" || die "$series is not in the shipped proven-series"
cp -r "$MDIR" "$S/fresh"
sed -i "/^proven-series:/s/\"$series\", *//" "$S/fresh/common.yaml"
proven=$(sed -n 's/^proven-series: \[\(.*\)\]/\1/p' "$S/fresh/common.yaml" | tr -d '"')
cp -r "$S/fresh" "$S/stale"
# the objtool-stack-validation rule: from its name to the blank line after it
sed -i '/^  - name: objtool-stack-validation$/,/^$/d' "$S/stale/common.yaml"
! grep -q objtool-stack-validation "$S/stale/common.yaml" || die "could not take the rule out of the stale set"

# pk NAME MANIFESTS [ARGS]: pack into $S/NAME; exit status in rc, stderr in $S/NAME.err
pk() {
    local name=$1 m=$2
    shift 2
    rc=0
    args=(--src "$SRC")
    [ -z "$OBJ" ] || args+=(--obj "$OBJ")
    "$KBUILD_PACK" "${args[@]}" -M "$m" --out "$S/$name" "$@" >"$S/$name.out" 2>"$S/$name.err" || rc=$?
}
msg="linux $series (release $REL) is not a series the manifests are proven on ($proven)"

pk refused "$S/fresh"
want="kbuild-pack: error: $msg: a build directory packed from it may lack what its module builds need. --unproven-series packs it anyway and publishes the result only if a canary module builds against it (verify --canary)"
if [ $rc = 1 ] && [ "$(cat "$S/refused.err")" = "$want" ] && [ -z "$(ls -A "$S/refused" 2>/dev/null)" ]; then
    pass "refused without --unproven-series, nothing written"
else
    fail "without --unproven-series: exit $rc, stderr:"; cat "$S/refused.err" >&2
fi

pk stale "$S/stale" --unproven-series
published=$(ls -A "$S/stale/lib/modules/$REL" 2>/dev/null || true)
if [ $rc = 1 ] && [ -z "$published" ] &&
    grep -qx "kbuild-pack: warning: $msg: the result is published only if a canary module builds against it" "$S/stale.err" &&
    grep -q "^canary: make -C .* M=... modules failed (exit 2)$" "$S/stale.err" &&
    grep -q "No rule to make target .*kbp_canary.o" "$S/stale.err" &&
    grep -qx "kbuild-pack: error: verify found 1 problem(s) in the result; $S/stale was not written" "$S/stale.err"; then
    pass "stale rules: the canary does not build, nothing published"
else
    fail "stale rules with --unproven-series: exit $rc, published '$published', stderr:"; tail -n 30 "$S/stale.err" >&2
fi

# What the stale rules make when they call the series proven: plain verify
# with them passes it (the old silent failure); the shipped rules name the
# missing objtool.
cp -r "$MDIR" "$S/stale-proven"
sed -i '/^  - name: objtool-stack-validation$/,/^$/d' "$S/stale-proven/common.yaml"
pk old "$S/stale-proven"
[ $rc = 0 ] || die "pack with the stale rules called proven failed: $(tail -n 5 "$S/old.err")"
rc=0; KBUILD_PACK_MANIFEST_DIR=$S/stale-proven "$KBUILD_PACK" verify "$S/old" >"$S/v1.out" 2>&1 || rc=$?
[ $rc = 0 ] && pass "the stale rules' own verify passes their tree (what 5.10 did before)" ||
    { fail "the stale rules' verify: exit $rc"; cat "$S/v1.out" >&2; }
rc=0; "$KBUILD_PACK" verify "$S/old" >"$S/v2.out" 2>"$S/v2.err" || rc=$?
if [ $rc = 1 ] && [ "$(cat "$S/v2.out")" = "tools/objtool/objtool: required file is missing (CONFIG_STACK_VALIDATION=y, kernel < 5.19)" ]; then
    pass "verify with the shipped manifests names the missing objtool"
else
    fail "verify of the stale tree with the shipped manifests: exit $rc:"; cat "$S/v2.out" "$S/v2.err" >&2
fi

pk fresh "$S/fresh" --unproven-series
if [ $rc = 0 ] && [ -d "$S/fresh/lib/modules/$REL/build" ] &&
    grep -qx "kbuild-pack: warning: $msg: the result is published only if a canary module builds against it" "$S/fresh.err" &&
    grep -qx "kbuild-pack: warning: linux $series is not a series the manifests are proven on ($proven): the canary decides" "$S/fresh.err"; then
    pass "fresh rules: the canary builds, the tree is published"
else
    fail "fresh rules with --unproven-series: exit $rc, stderr:"; tail -n 30 "$S/fresh.err" >&2
fi
B=$S/fresh/lib/modules/$REL/build
rc=0; KBUILD_PACK_MANIFEST_DIR=$S/fresh "$KBUILD_PACK" verify "$B" >"$S/v3.out" 2>"$S/v3.err" || rc=$?
want="Makefile: linux $series is not a series the manifests are proven on ($proven): whether modules build against this tree is unknown; verify --canary builds one"
if [ $rc = 1 ] && [ "$(cat "$S/v3.out")" = "$want" ]; then
    pass "plain verify reports the unproven series, and nothing else"
else
    fail "plain verify of the unproven tree: exit $rc:"; cat "$S/v3.out" "$S/v3.err" >&2
fi
rc=0; KBUILD_PACK_MANIFEST_DIR=$S/fresh "$KBUILD_PACK" verify --canary "$B" >"$S/v4.out" 2>"$S/v4.err" || rc=$?
[ $rc = 0 ] && [ ! -s "$S/v4.out" ] && pass "verify --canary passes it" ||
    { fail "verify --canary of the unproven tree: exit $rc"; cat "$S/v4.out" "$S/v4.err" >&2; }

kbp_finish
