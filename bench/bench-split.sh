#!/bin/bash
# bench-split.sh [N] [SET...]
#
# What `kbuild-pack split` costs and saves against packing each tree alone,
# on the cached fixture kernels (never builds one; a set whose fixture is
# missing is skipped with a message). SETs (default: all):
#   72x2     7.2 x86_64 tiny (in-tree) + full (O=)
#   72x3     7.2 x86_64 tiny + full + rust
#   72x3a    7.2 x86_64 tiny + full + rust, and the arm64 cross tree
#   61       6.1 x86_64 + arm64
#   deb61    Debian's 6.1: amd64 + cloud-amd64 + arm64 (tests/fixture/debian-fixture.sh's)
#   deb61x   Debian's 6.1: amd64 + cloud-amd64, the flavours of one architecture
# For every set: each tree packed alone (kbuild-pack pack, as a directory and
# as tar.xz) against one split run (common + arch + flavour parts, as
# directories and with --format tar.xz), with
#   bytes    du -sb (apparent size), summed over the outputs or parts
#   disk     du -s --block-size=1 (blocks allocated)
#   files    regular files
#   xz       the tar.xz archives' sizes: what a mirror stores; for one
#            flavour, its single pack against common + arch + its flavour part
#            (and their PART@COMPONENT parts of the components the flavour
#            has, "+@"), what a user downloads
#   wall/cpu the split run against the packs of its trees one by one (user+sys,
#            children included): medians of N rounds (default 3) of the packs
#            and the split as directories, alternating; the tar.xz ones once
# and the goals of issue 34: the split's wall at most 1.2 times that of the
# largest tree packed alone, and of issue 23: the flavours of one architecture at most 1.2 times the
# largest of their single packs, on disk and in download.
#
# Environment: KBUILD_PACK (default: <repo>/build/bin/kbuild-pack),
#              KBP_FIXTURE_CACHE, KBP_KEEP=1 (keep scratch), N (rounds),
#              KBP_BENCH_MD=FILE (also write the figures as Markdown tables).
# Not a ctest test: needs root (read-only bind mounts, mount namespaces).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
CACHE=${KBP_FIXTURE_CACHE:-/var/cache/kbuild-pack/fixtures}
MD=${KBP_BENCH_MD:-}
N=${N:-3}
[[ ${1:-} =~ ^[1-9][0-9]*$ ]] && { N=$1; shift; }
SETS=("$@")
[ ${#SETS[@]} -gt 0 ] || SETS=(72x2 72x3 72x3a 61 deb61 deb61x)

declare -A SET_TREES=([72x2]="tiny full" [72x3]="tiny full rust" [72x3a]="tiny full rust arm64"
                      [61]="x86_64-61 arm64-61" [deb61]="deb-amd64 deb-cloud deb-arm64"
                      [deb61x]="deb-amd64 deb-cloud")
declare -A SET_LABEL=([72x2]="7.2 x86_64, 2 flavours" [72x3]="7.2 x86_64, 3 flavours"
                      [72x3a]="7.2 x86_64, 3 flavours + arm64" [61]="6.1 x86_64 + arm64"
                      [deb61]="Debian 6.1, amd64 + cloud-amd64 + arm64" [deb61x]="Debian 6.1, amd64 + cloud-amd64")
# tree -> fixture name (fixture.sh's SERIES-LAYOUT-ARCH[-FLAVOUR]), its part name, its SRCARCH
declare -A FIXNAME=([tiny]=7.2-intree-x86_64 [full]=7.2-obj-x86_64-full [rust]=7.2-obj-x86_64-rust
                    [arm64]=7.2-obj-arm64-full [x86_64-61]=6.1-obj-x86_64 [arm64-61]=6.1-obj-arm64
                    [deb-amd64]=6.1-obj-x86_64-debian-amd64 [deb-cloud]=6.1-obj-x86_64-debian-cloud-amd64
                    [deb-arm64]=6.1-obj-arm64-debian-arm64)
declare -A PART=([tiny]=tiny [full]=full [rust]=rust [arm64]=arm64 [x86_64-61]=x86_64 [arm64-61]=arm64
                 [deb-amd64]=amd64 [deb-cloud]=cloud-amd64 [deb-arm64]=arm64)
declare -A SRCARCH=([tiny]=x86 [full]=x86 [rust]=x86 [arm64]=arm64 [x86_64-61]=x86 [arm64-61]=arm64
                    [deb-amd64]=x86 [deb-cloud]=x86 [deb-arm64]=arm64)

# The cached fixture NAME (the 12 ?s keep 7.2-obj-x86_64-full-HASH out of
# another name's glob), newest first; nothing when none is complete.
cached_fixture() {
    local d
    for d in $(ls -dt "$CACHE/$1"-???????????? 2>/dev/null); do
        [ -f "$d/.kbp-fixture-complete" ] && { echo "$d"; return; }
    done
}

S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-bench-split.XXXXXX")
trap kbp_cleanup EXIT
declare -A SRC OBJ
have_tree() { # TREE: sets SRC[TREE], OBJ[TREE] (empty: in-tree) once
    local t=$1 fix
    [ -n "${SRC[$t]:-}" ] && return 0
    fix=$(cached_fixture "${FIXNAME[$t]}")
    [ -n "$fix" ] || { echo "no cached fixture ${FIXNAME[$t]} in $CACHE" >&2; return 1; }
    kbp_ro_bind "$fix" || die "cannot make the fixture $fix read-only"
    if [ -d "$fix/obj" ]; then SRC[$t]=$fix/src OBJ[$t]=$fix/obj; else SRC[$t]=$fix/tree OBJ[$t]=; fi
    log "$t: $fix (release $(cat "$fix/release"))"
}

# timed KEY CMD...: runs CMD; W[KEY], C[KEY]: the median wall and cpu
# (user+sys) time of all runs of KEY so far
declare -A W C
TIMEFORMAT='%R %U %S'
timed() {
    local key=$1 wall usr sys; shift
    sync
    { time "$@" 2>"$S/err"; } 2>"$S/time" || { cat "$S/err" >&2; die "$key: $* failed"; }
    read -r wall usr sys < "$S/time"
    echo "$wall" >> "$S/$key.wall"
    echo "$usr + $sys" | bc -l >> "$S/$key.cpu"
    W[$key]=$(median < "$S/$key.wall") C[$key]=$(median < "$S/$key.cpu")
}
sizes() { # KEY DIR...: apparent bytes, disk bytes, files of DIRs into B, D, F
    local key=$1 b=0 d=0 f=0 x; shift
    for x in "$@"; do
        b=$((b + $(du -sb "$x" | cut -f1)))
        d=$((d + $(du -s --block-size=1 "$x" | cut -f1)))
        f=$((f + $(find "$x" -type f | wc -l)))
    done
    B[$key]=$b D[$key]=$d F[$key]=$f
}
xz_of() { local n=0 x; for x in "$@"; do n=$((n + $(stat -c %s "$x"))); done; echo "$n"; }
declare -A B D F X

pack_alone() { # SET TREE: its single pack as a directory (again), and as tar.xz (once)
    local key=one.$1.$2 t=$2 args
    args=(-q -M "$REPO/manifests" --src "${SRC[$t]}" ${OBJ[$t]:+--obj "${OBJ[$t]}"})
    rm -rf "$S/one.$t"
    timed "$key" "$KBUILD_PACK" "${args[@]}" --out "$S/one.$t"
    sizes "$key" "$S/one.$t"
    [ -f "$S/one.$t.tar.xz" ] || timed "onexz.$t" "$KBUILD_PACK" "${args[@]}" --format tar.xz --out "$S/one.$t.tar.xz"
    X[$key]=$(xz_of "$S/one.$t.tar.xz")
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
sum() { awk '{ s += $1 } END { printf "%.3f", s }'; }
row() { printf '%-44s %12s %12s %7s %11s %8s %8s %8s %8s\n' "$@"; }
mdrow() { [ -z "$MD" ] || { printf '| %s ' "$@"; echo '|'; } >> "$MD"; }
both() { row "$@"; mdrow "$@"; }
line() { both "$1" "${B[$2]}" "${D[$2]}" "${F[$2]}" "${X[$2]}" "${W[$2]}" "${C[$2]}" "${W[$3]}" "${C[$3]}"; } # LABEL KEY XZKEY

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "$MD" ] || : > "$MD"
for set in "${SETS[@]}"; do
    [ -n "${SET_TREES[$set]:-}" ] || die "unknown set $set (72x2, 72x3, 72x3a, 61, deb61, deb61x)"
    read -ra trees <<< "${SET_TREES[$set]}"
    ok=1
    for t in "${trees[@]}"; do have_tree "$t" || ok=0; done
    [ $ok = 1 ] || { echo "${SET_LABEL[$set]}: skipped (fixture missing)"; continue; }

    split=(-q -M "$REPO/manifests")
    for t in "${trees[@]}"; do split+=(--tree "${PART[$t]}=${OBJ[$t]:-${SRC[$t]}}"); done
    for ((i = 1; i <= N; i++)); do
        for t in "${trees[@]}"; do pack_alone "$set" "$t"; done
        rm -rf "$S/split.$set"
        timed "split.$set" "$KBUILD_PACK" split "${split[@]}" --out "$S/split.$set"
    done
    timed "splitxz.$set" "$KBUILD_PACK" split "${split[@]}" --format tar.xz --out "$S/splitxz.$set"
    parts=("$S/split.$set"/*)
    sizes "split.$set" "${parts[@]}"
    X[split.$set]=$(xz_of "$S/splitxz.$set"/*.tar.xz)

    # the N packs together, and the largest of them
    one=() onexz=() big=
    for t in "${trees[@]}"; do
        one+=("$S/one.$t"); onexz+=("$S/one.$t.tar.xz")
        [ -n "$big" ] && [ "${D[one.$set.$t]}" -le "${D[one.$set.$big]}" ] || big=$t
    done
    sizes "alone.$set" "${one[@]}"
    X[alone.$set]=$(xz_of "${onexz[@]}")
    for k in W C; do
        declare -n v=$k
        v[alone.$set]=$(for t in "${trees[@]}"; do echo "${v[one.$set.$t]}"; done | sum)
        v[alonexz.$set]=$(for t in "${trees[@]}"; do echo "${v[onexz.$t]}"; done | sum)
        unset -n v
    done

    echo
    echo "${SET_LABEL[$set]} (${trees[*]}): ${#parts[@]} parts, times: medians of $N; load average $(cut -d' ' -f1-3 /proc/loadavg)"
    hdr=("" bytes disk files tar.xz wall-s cpu-s xzwall-s xzcpu-s)
    row "${hdr[@]}"
    if [ -n "$MD" ]; then
        printf '\n%s (%s), %d parts:\n\n' "${SET_LABEL[$set]}" "${trees[*]}" ${#parts[@]} >> "$MD"
        mdrow "${hdr[@]}"; mdrow '---' ---: ---: ---: ---: ---: ---: ---: ---:
    fi
    line "${#trees[@]} packed alone" "alone.$set" "alonexz.$set"
    line "split, all parts" "split.$set" "splitxz.$set"
    both "ratio split/alone" "$(ratio "${B[split.$set]}" "${B[alone.$set]}")" \
        "$(ratio "${D[split.$set]}" "${D[alone.$set]}")" "$(ratio "${F[split.$set]}" "${F[alone.$set]}")" \
        "$(ratio "${X[split.$set]}" "${X[alone.$set]}")" "$(ratio "${W[split.$set]}" "${W[alone.$set]}")" \
        "$(ratio "${C[split.$set]}" "${C[alone.$set]}")" "$(ratio "${W[splitxz.$set]}" "${W[alonexz.$set]}")" \
        "$(ratio "${C[splitxz.$set]}" "${C[alonexz.$set]}")"
    both "ratio split/largest alone ($big)" "$(ratio "${B[split.$set]}" "${B[one.$set.$big]}")" \
        "$(ratio "${D[split.$set]}" "${D[one.$set.$big]}")" "$(ratio "${F[split.$set]}" "${F[one.$set.$big]}")" \
        "$(ratio "${X[split.$set]}" "${X[one.$set.$big]}")" "$(ratio "${W[split.$set]}" "${W[one.$set.$big]}")" \
        "$(ratio "${C[split.$set]}" "${C[one.$set.$big]}")" "" ""
    # one flavour installed or downloaded: common + its arch + its flavour
    for t in "${trees[@]}"; do
        a=arch-${SRCARCH[$t]} p=flavour-${PART[$t]}
        # and, for each other component the flavour has (flavour-NAME@COMPONENT:
        # rust's metadata), that component's parts of the three
        inst=() xz=() more=
        for c in "" $(cd "$S/split.$set" && for d in "$p"@*; do [ -d "$d" ] && echo "@${d#*@}"; done); do
            for q in common "$a" "$p"; do
                [ -d "$S/split.$set/$q$c" ] || continue
                inst+=("$S/split.$set/$q$c") xz+=("$S/splitxz.$set/$q$c.tar.xz")
                more=${c:++@}
            done
        done
        sizes "inst.$t" "${inst[@]}"
        X[inst.$t]=$(xz_of "${xz[@]}")
        line "$t alone" "one.$set.$t" "onexz.$t"
        both "$t: common+$a+$p$more" "${B[inst.$t]}" "${D[inst.$t]}" "${F[inst.$t]}" "${X[inst.$t]}" "" "" "" ""
    done
    # per part, to see where the bytes are
    for p in "${parts[@]}"; do
        n=$(basename "$p")
        sizes "part.$n" "$p"  # as its own package
        both "  part $n" "${B[part.$n]}" "${D[part.$n]}" "${F[part.$n]}" "$(xz_of "$S/splitxz.$set/$n.tar.xz")" "" "" "" ""
    done
    # issue 34's goal: the split's wall at most 1.2 times the largest pack's alone
    g34=met
    awk -v w="${W[split.$set]}" -v ww="${W[one.$set.$big]}" 'BEGIN { exit !(w <= 1.2 * ww) }' || g34="NOT met"
    g34="goal, the split of ${#trees[@]} trees at most 1.2 x the wall of the largest packed alone ($big): $g34"
    echo "$g34"
    [ -z "$MD" ] || printf '\n%s\n' "$g34" >> "$MD"
    # issue 23's goal, for flavours of one architecture
    if [ "$(for t in "${trees[@]}"; do echo "${SRCARCH[$t]}"; done | sort -u | wc -l)" = 1 ]; then
        goal=met
        awk -v d="${D[split.$set]}" -v dd="${D[one.$set.$big]}" -v x="${X[split.$set]}" -v xx="${X[one.$set.$big]}" \
            'BEGIN { exit !(d <= 1.2 * dd && x <= 1.2 * xx) }' || goal="NOT met"
        goal="goal, ${#trees[@]} flavours of one architecture at most 1.2 x the largest alone on disk and in tar.xz: $goal"
        echo "$goal"
        [ -z "$MD" ] || printf '\n%s\n' "$goal" >> "$MD"
    fi
    rm -rf "$S/split.$set" "$S/splitxz.$set"
done
