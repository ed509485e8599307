#!/bin/bash
# split-test.sh CASE (KBP_SPLIT_SERIES=SERIES): kbuild-pack split over the fixture trees of one
# source (lib-split.sh: 7.2's tiny, full and arm64 trees; 6.1's x86_64 and
# arm64 ones).
#   build    split the read-only trees (left unchanged); the common part is
#            byte-reproducible and independent of the order of --tree; for
#            every tree, its parts installed in a root of their own give a
#            build directory that verify and verify --canary accept and that
#            builds the test modules (every fixture hidden) byte-identically
#            to a build against the original tree, with the ABI of Module.symvers
#   jobs     the build farm's flow: the common part from the source alone,
#            each architecture's parts in a job of its own against it (the
#            arm64 job from its list file alone): the parts are the
#            one-machine split's, byte for byte, and verify accepts each
#            installation; a job against another source's common part fails,
#            naming the file, and writes nothing
#   parts    a flavour without its common part, with another common part of
#            the same name, or without its architecture's part: verify and
#            make say which part is missing, exactly
#   reasons  --list and --report name each file's part, and why a file other
#            trees have too is not shared
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/../cross/lib-cross.sh"
. "$(dirname "$0")/lib-split.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] && [ -n "${KBP_SPLIT_SERIES:-}" ] || die "usage: KBP_SPLIT_SERIES=SERIES $0 CASE"
SERIES=$KBP_SPLIT_SERIES
kbp_split_open "$SERIES"

case_build() {
    local n trees=() name root
    for n in "${SPLIT_NAMES[@]}"; do trees+=("${T_SRC[$n]}"); [ -z "${T_OBJ[$n]}" ] || trees+=("${T_OBJ[$n]}"); done
    kbp_snapshot "${trees[@]}" > "$S/before.lst"
    kbp_split_run "$S/parts"
    kbp_snapshot "${trees[@]}" > "$S/after.lst"
    cmp -s "$S/before.lst" "$S/after.lst" && pass "the ${#trees[@]} trees are unchanged by the split" \
        || { fail "the split changed the trees"; diff -u "$S/before.lst" "$S/after.lst" | head -n 20 >&2; }
    [ ! -s "$S/split.stdout" ] && pass "split prints nothing on success" || fail "split printed: $(head -c 300 "$S/split.stdout")"

    # reproducible, whatever the order of the trees
    export SOURCE_DATE_EPOCH=1700000000
    kbp_split_run "$S/tar1" --format tar
    local rev=() i
    for ((i = ${#SPLIT_ARGS[@]} - 2; i >= 0; i -= 2)); do rev+=("${SPLIT_ARGS[i]}" "${SPLIT_ARGS[i + 1]}"); done
    local fwd=("${SPLIT_ARGS[@]}")
    SPLIT_ARGS=("${rev[@]}")
    kbp_split_run "$S/tar2" --format tar
    SPLIT_ARGS=("${fwd[@]}")
    unset SOURCE_DATE_EPOCH
    [ "$(ls "$S/tar1")" = "$(ls "$S/tar2")" ] || fail "the parts differ by the order of the trees: $(ls "$S/tar1") / $(ls "$S/tar2")"
    for p in "$S"/tar1/*.tar; do
        name=$(basename "$p")
        cmp -s "$p" "$S/tar2/$name" && pass "$name is byte-identical with the trees in reverse order" \
            || fail "$name differs with the trees in reverse order"
    done
    [ -f "$S/tar1/common.tar" ] || fail "no common part"

    check_installs "$S/parts" root
}

# check_installs "PARTS..." PREFIX: every tree's parts installed into
# $S/PREFIX-NAME: verify (and --canary) accept it, the test modules built
# against it (every fixture hidden) are those built against the tree.
check_installs() {
    local parts=$1 prefix=$2 n root
    for n in "${SPLIT_NAMES[@]}"; do
        kbp_split_use "$n"
        root=$S/$prefix-$n
        kbp_split_install "$parts" "$root" "$n"
        kbp_split_check_install "$root" "$n" "its installed parts"
    done
}

# The build farm's flow: each job on its own, sharing only the source and
# the parts published before it. The architecture-independent job makes the
# common part from the source tree alone; each architecture's job makes its
# parts against the published common part (the arm64 job from its list file
# alone) and checks its trees against it.
case_jobs() { # labels: kernel,split
    local n src=${T_SRC[${SPLIT_NAMES[-1]}]} arches=() a list
    for n in "${SPLIT_NAMES[@]}"; do
        case " ${arches[*]} " in *" ${T_ARCH[$n]} "*) ;; *) arches+=("${T_ARCH[$n]}") ;; esac
    done
    "$KBUILD_PACK" split --common-only --src "$src" $(printf -- '--arch %s ' "${arches[@]}") --out "$S/job-common" \
        2> "$S/common.err" || { cat "$S/common.err" >&2; die "the common job failed"; }
    [ "$(ls "$S/job-common")" = common ] && pass "the common job writes the common part alone" \
        || fail "the common job wrote $(ls "$S/job-common")"
    list=$(echo "$S"/job-common/common/usr/src/linux-headers-*/.kbuild-pack-common)
    # the one-machine split computes the same common part from the trees
    "$KBUILD_PACK" split "${SPLIT_ARGS[@]}" --out "$S/all" 2>/dev/null || die "the one-machine split failed"
    cmp -s "$list" "$S"/all/common/usr/src/linux-headers-*/.kbuild-pack-common \
        && pass "the common part from the sources alone lists what the one from the trees lists ($(sed -n 3p "$list"))" \
        || fail "the common part from the sources alone differs from the trees' one"
    for a in "${arches[@]}"; do
        local args=() common=$S/job-common/common
        [ "$a" = arm64 ] && common=$list
        for n in "${SPLIT_NAMES[@]}"; do [ "${T_ARCH[$n]}" = "$a" ] && args+=(--tree "$n=${T_DIR[$n]}"); done
        "$KBUILD_PACK" split --common "$common" "${args[@]}" --out "$S/job-$a" 2> "$S/job.err" \
            || { cat "$S/job.err" >&2; die "the $a job failed"; }
        [ "$(ls "$S/job-$a" | grep -c '^common$')" = 0 ] && pass "the $a job writes no common part" || fail "the $a job wrote a common part"
    done
    # the jobs' parts are the one-machine split's, byte for byte (whose
    # installations the build case proves); each installed from the jobs'
    # outputs alone passes verify
    local p d
    for d in "$S"/job-*; do
        for p in "$d"/*; do
            diff -r --no-dereference "$p" "$S/all/$(basename "$p")" > "$S/diff.out" 2>&1 \
                && pass "$(basename "$d")'s $(basename "$p") part is the one-machine split's" \
                || { fail "$(basename "$d")'s $(basename "$p") part differs from the one-machine split's"; head "$S/diff.out" >&2; }
        done
    done
    for n in "${SPLIT_NAMES[@]}"; do
        kbp_split_install "$S/job-common $(printf "$S/job-%s " "${arches[@]}")" "$S/job-root-$n" "$n"
        "$KBUILD_PACK" verify "$S/job-root-$n" > "$S/verify.out" 2> /dev/null && [ ! -s "$S/verify.out" ] \
            && pass "$n: verify accepts its parts from the jobs" || fail "$n: verify of its parts from the jobs: $(cat "$S/verify.out")"
    done
    # a common part of another source (one file's bytes differ, the list
    # re-digested as such a job would): an architecture job fails, naming it
    python3 - "$list" "$S/other-list" <<'PY'
import hashlib, sys
lines = open(sys.argv[1]).read().split("\n")
head, body = lines[:3], [l for l in lines[3:] if l]
i = next(k for k, l in enumerate(body) if l.endswith("\tinclude/linux/module.h"))
f = body[i].split("\t"); f[2] = "0" * 64; body[i] = "\t".join(f)
text = "".join(l + "\n" for l in body)
head[2] = "digest " + hashlib.sha256((head[0] + "\n" + head[1] + "\n" + text).encode()).hexdigest()
open(sys.argv[2], "w").write("\n".join(head) + "\n" + text)
PY
    n=${SPLIT_NAMES[0]}
    if "$KBUILD_PACK" split --common "$S/other-list" --tree "$n=${T_DIR[$n]}" --out "$S/job-bad" > /dev/null 2> "$S/bad.err"; then
        fail "a job against another source's common part succeeded"
    else
        printf '%s\n' "kbuild-pack: error: include/linux/module.h: differs from the published common part $(sed -n 's/^name //p' "$list") (tree $n)" \
            "kbuild-pack: error: 1 source file(s) differ from the published common part: the trees are not of the source the common part was made from" > "$S/bad.want"
        diff -u "$S/bad.want" "$S/bad.err" >&2 && pass "a job against another source's common part fails, naming the file" \
            || fail "the failing job said (above)"
        [ ! -e "$S/job-bad" ] && pass "and writes nothing" || fail "the failing job left $S/job-bad"
    fi
}

# expect_fail WHAT WANT_FILE CMD...: CMD fails and its output (stdout, then
# stderr) equals WANT_FILE
expect_fail() {
    local what=$1 want=$2 rc=0
    shift 2
    "$@" > "$S/got.out" 2> "$S/got.err" || rc=$?
    cat "$S/got.err" >> "$S/got.out"
    if [ $rc -ne 0 ] && diff -u "$want" "$S/got.out" >&2; then pass "$what (exit $rc, exact message)"
    else fail "$what: exit $rc, output above"; cat "$S/got.out" >&2; fi
}

# expect_make_stops WHAT ROOT TEXT...: make in ROOT's flavour directory
# fails, and its output holds every TEXT
expect_make_stops() {
    local what=$1 root=$2 t
    shift 2
    if make -C "$root/usr/src/linux-headers-$REL" M=/nonexistent modules > "$S/make.out" 2>&1; then
        fail "$n: make $what succeeded"
        return
    fi
    for t in "$@"; do
        grep -qF "$t" "$S/make.out" || { fail "$n: make $what said:"; cat "$S/make.out" >&2; return; }
    done
    pass "$n: make $what stops, saying so"
}

case_parts() {
    local n=${SPLIT_NAMES[0]} root common c
    kbp_split_use "$n"
    kbp_split_run "$S/parts"
    # without the common part
    root=$S/no-common
    mkdir -p "$root"
    cp -a "$S/parts/arch-${T_ARCH[$n]}/." "$S/parts/flavour-$n/." "$root/"
    common=$(readlink "$root/lib/modules/$REL/source")
    c=$(basename "$common")
    printf '%s\n' "Makefile: a split build directory without its common part: $root$common is not installed" \
        "$(kbp_verify_summary "$root" 1 "$KTREE" "${T_ARCH[$n]}")" > "$S/want"
    expect_fail "$n: verify without the common part names it" "$S/want" "$KBUILD_PACK" verify "$root"
    expect_make_stops "without the common part" "$root" ": *** $root/usr/src/linux-headers-$REL needs the common part of Linux $SERIES" \
        ", ${c#linux-headers-}, in $root$common: it is not installed.  Stop."
    # another common part under the same name (--common-name): the digest tells
    "$KBUILD_PACK" split "${SPLIT_ARGS[@]}" --common-name kbp-test --out "$S/named" 2>/dev/null || die "split --common-name failed"
    "$KBUILD_PACK" split --tree "$n=${T_DIR[$n]}" --common-name kbp-test --out "$S/other" 2>/dev/null || die "split of $n alone failed"
    root=$S/wrong-common
    mkdir -p "$root"
    cp -a "$S/other/common/." "$S/named/arch-${T_ARCH[$n]}/." "$S/named/flavour-$n/." "$root/"
    want_digest=$(sed -n 's/^digest //p' "$S/named/common/usr/src/linux-headers-kbp-test/.kbuild-pack-common")
    have_digest=$(sed -n 's/^digest //p' "$S/other/common/usr/src/linux-headers-kbp-test/.kbuild-pack-common")
    [ "$want_digest" != "$have_digest" ] || die "both common parts have one digest"
    printf '%s\n' "Makefile: $root/usr/src/linux-headers-kbp-test is not the common part this build directory was made with (it lists $have_digest, this one wants digest $want_digest): install the common part of this kernel's release" \
        "$(kbp_verify_summary "$root" 1 "$KTREE" "${T_ARCH[$n]}")" > "$S/want"
    expect_fail "$n: verify with another common part of the same name says so" "$S/want" "$KBUILD_PACK" verify "$root"
    expect_make_stops "with another common part" "$root" \
        "*** $root/usr/src/linux-headers-kbp-test is not the common part $root/usr/src/linux-headers-$REL was made with (digest $want_digest"
    # without the architecture's part
    root=$S/no-arch
    mkdir -p "$root"
    cp -a "$S/parts/common/." "$S/parts/flavour-$n/." "$root/"
    printf '%s\n' "Makefile: a split build directory without its architecture's part: $root$common/.kbuild-pack-arch-${T_ARCH[$n]} is not installed" \
        "$(kbp_verify_summary "$root" 1 "$KTREE" "${T_ARCH[$n]}")" > "$S/want"
    expect_fail "$n: verify without its architecture's part names it" "$S/want" "$KBUILD_PACK" verify "$root"
    expect_make_stops "without the arch part" "$root" \
        "*** $root/usr/src/linux-headers-$REL needs the ${T_ARCH[$n]} part of Linux $(sed -n 's/^kernel //p' "$root$common/.kbuild-pack-common"), listed in $root$common/.kbuild-pack-arch-${T_ARCH[$n]} with digest"
}

case_reasons() {
    kbp_split_run "$S/parts" --report "$S/report.yaml"
    "$KBUILD_PACK" split "${SPLIT_ARGS[@]}" --list > "$S/list" 2>/dev/null || die "split --list failed"
    # every file of every tree once, with its part
    local n want got
    for n in "${SPLIT_NAMES[@]}"; do
        kbp_split_use "$n"
        want=$("$KBUILD_PACK" --src "$SRC" ${OBJ:+--obj "$OBJ"} --list 2>/dev/null | cut -f1 | LC_ALL=C sort)
        got=$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$S/list" | LC_ALL=C sort)
        [ "$want" = "$got" ] && pass "$n: --list names exactly the files of its single pack ($(echo "$want" | wc -l))" \
            || { fail "$n: --list differs from its single pack's files"; diff <(echo "$want") <(echo "$got") | head >&2; }
    done
    awk -F'\t' '{ print $3 }' "$S/list" | sed 's/ (linked)//' | LC_ALL=C sort -u > "$S/parts.got"
    (cd "$S/parts" && ls) | LC_ALL=C sort > "$S/parts.want"
    diff -u "$S/parts.want" "$S/parts.got" >&2 && pass "--list names exactly the parts written" || fail "--list parts differ from the written ones"
    # two trees of one architecture: their configurations differ, their
    # modpost does not (the arch part, linked); said exactly
    if [ "$SERIES" = 7.2 ]; then
        printf '%s\n' "tiny	.config	flavour-tiny	differs between the x86 trees tiny and full" \
            "full	.config	flavour-full	differs between the x86 trees tiny and full" \
            "tiny	scripts/mod/modpost	arch-x86 (linked)" "full	scripts/mod/modpost	arch-x86 (linked)" \
            "arm64	scripts/mod/modpost	flavour-arm64" "arm64	.config	flavour-arm64" "tiny	Makefile	common" "arm64	arch/arm64/Makefile	arch-arm64" \
            | LC_ALL=C sort > "$S/reasons.want"
        grep -E $'^[a-z0-9]+\t(\\.config|scripts/mod/modpost|Makefile|arch/arm64/Makefile)\t' "$S/list" | grep -v '^full	Makefile\|^arm64	Makefile' \
            | LC_ALL=C sort > "$S/reasons.got"
        diff -u "$S/reasons.want" "$S/reasons.got" >&2 && pass "--list says which part and why, exactly, for .config, modpost, Makefile" \
            || fail "--list reasons differ (above)"
    fi
    grep -qE '^kbuild-pack-split: "?1"?$' "$S/report.yaml" && pass "--report written" || fail "no report"
    python3 - "$S/report.yaml" "$S/list" <<'PY' && pass "--report gives every file the part --list gives" || fail "--report and --list disagree"
import sys, yaml
r = yaml.safe_load(open(sys.argv[1]))
rep = {(t["name"], f["path"]): (f["part"] + (" (linked)" if f.get("linked") else ""), f.get("not-shared")) for t in r["trees"] for f in t["files"]}
lst = {}
for line in open(sys.argv[2]):
    c = line.rstrip("\n").split("\t")
    lst[(c[0], c[1])] = (c[2], c[3] if len(c) > 3 else None)
sys.exit(0 if rep == lst else 1)
PY
}

kbp_run_case "$1"
