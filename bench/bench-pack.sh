#!/bin/bash
# bench-pack.sh [N [SERIES:LAYOUT[:FLAVOUR]]]
#
# Packs a fixture kernel (default 6.1:obj; e.g. 7.2:intree, 7.2:obj:full)
# N times (default 5) with kbuild-pack, with the kernel's own packaging and
# with a plain copy of kbuild-pack's output (cp -a: the floor):
#   deploy_kernel_headers 6.1   6.1's builddeb logic (bench/deploy_kernel_headers.sh)
#   install-extmod-build        the tree's own scripts/package/install-extmod-build
#                               (6.3+), run through make run-command as the
#                               kernel's packagers run it (bench/install_extmod_build.sh)
# each run into a fresh dir, and prints output size (du -sb), file count and
# median wall and CPU time of each, plus the ratios ours/theirs, and where
# kbuild-pack's time goes (its -v step times). Then builds the test modules
# against every output (original trees hidden). The outputs go to TMPDIR:
# TMPDIR=/dev/shm/... measures on tmpfs, the default /tmp on disk.
# KBP_FIXTURE_SH=tests/fixture/debian-fixture.sh with SERIES:obj:FLAVOUR
# (6.1:obj:amd64) packs Debian's own kernel.
#
# Environment: KBUILD_PACK (default: <repo>/build/bin/kbuild-pack),
#              KBP_FIXTURE_CACHE, KBP_KEEP=1 (keep scratch), N.
# Not a ctest test: needs root (read-only bind mounts, mount namespaces).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
N=${1:-${N:-5}}
IFS=: read -r B_SERIES B_LAYOUT B_FLAVOUR <<< "${2:-6.1:obj}"
KBP_FIXTURE_FLAVOUR=$B_FLAVOUR
kbp_setup "$B_SERIES" "$B_LAYOUT"
OBJTREE=${OBJ:-$SRC}

now() { date +%s.%N; }
workers_note() { echo "$(nproc) CPUs, output on $(stat -f -c %T "$S")"; }

run_ours() { "$KBUILD_PACK" -q --src "$SRC" ${OBJ:+--obj "$OBJ"} --out "$1" >/dev/null; }
run_dkh61() { "$HERE/deploy_kernel_headers.sh" "$SRC" "$OBJTREE" "$1"; }
run_extmod() { "$HERE/install_extmod_build.sh" "$SRC" "$OBJTREE" "$1" "${KBP_MAKE_VARS[@]}" >/dev/null; }
# the floor: a plain copy of kbuild-pack's own output (made once, below)
run_cp() { cp -a "$S/reference" "$1"; }
TOOLS=(ours dkh61)
[ -x "$SRC/scripts/package/install-extmod-build" ] && TOOLS+=(extmod)
TOOLS+=(cp)
declare -A LABEL=([ours]="kbuild-pack" [dkh61]="deploy_kernel_headers 6.1"
                  [extmod]="install-extmod-build $B_SERIES" [cp]="cp -a of kbuild-pack's output")

# the plain copy's source
"$KBUILD_PACK" -q --src "$SRC" ${OBJ:+--obj "$OBJ"} --out "$S/reference" >/dev/null

# Runs alternate (ours, theirs, ours, ...) so that load from other work on
# the machine hits all alike; wall and CPU (user+sys, children included)
# time are recorded for every run.
for tool in "${TOOLS[@]}"; do : > "$S/$tool.times"; : > "$S/$tool.cpu"; done
TIMEFORMAT='%R %U %S'
for ((i = 1; i <= N; i++)); do
    for tool in "${TOOLS[@]}"; do
        out=$S/$tool.$i
        sync
        { time "run_$tool" "$out" 2>"$S/$tool.err"; } 2> "$S/time.1" || { cat "$S/$tool.err" >&2; die "$tool run $i failed"; }
        read -r wall usr sys < "$S/time.1"
        echo "$wall" >> "$S/$tool.times"
        echo "$usr + $sys" | bc -l >> "$S/$tool.cpu"
        # measure the first output, then drop the others to save space
        if [ "$i" -eq 1 ]; then
            du -sb "$out" | cut -f1 > "$S/$tool.bytes"
            find "$out" -type f | wc -l > "$S/$tool.files"
            mv "$out" "$S/$tool.keep"
        else
            rm -rf "$out"
        fi
    done
done
# Where kbuild-pack's time goes (-v: each step's wall time), with the
# caches as warm as for the runs above.
"$KBUILD_PACK" -v --src "$SRC" ${OBJ:+--obj "$OBJ"} --out "$S/steps.out" 2>&1 >/dev/null | sed -n 's/^kbuild-pack: time: /  /p' > "$S/steps"
rm -rf "$S/steps.out"
for tool in "${TOOLS[@]}"; do
    echo "$tool wall: $(tr '\n' ' ' < "$S/$tool.times")" >&2
    echo "$tool cpu:  $(tr '\n' ' ' < "$S/$tool.cpu")" >&2
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
declare -A T C B F
for tool in "${TOOLS[@]}"; do
    T[$tool]=$(median < "$S/$tool.times"); C[$tool]=$(median < "$S/$tool.cpu")
    B[$tool]=$(cat "$S/$tool.bytes"); F[$tool]=$(cat "$S/$tool.files")
done

echo
echo "kernel $REL ($B_SERIES $B_LAYOUT${B_FLAVOUR:+ $B_FLAVOUR} fixture), N=$N runs each (alternating), medians; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-32s %14s %10s %10s %10s\n' "" bytes files wall-s cpu-s
for tool in "${TOOLS[@]}"; do
    printf '%-32s %14s %10s %10.3f %10.3f\n' "${LABEL[$tool]}" "${B[$tool]}" "${F[$tool]}" "${T[$tool]}" "${C[$tool]}"
done
for tool in "${TOOLS[@]}"; do
    [ "$tool" = ours ] && continue
    printf '%-32s %14s %10s %10s %10s\n' "ratio ours/${LABEL[$tool]}" "$(ratio "${B[ours]}" "${B[$tool]}")" \
        "$(ratio "${F[ours]}" "${F[$tool]}")" "$(ratio "${T[ours]}" "${T[$tool]}")" "$(ratio "${C[ours]}" "${C[$tool]}")"
done
echo

echo "kbuild-pack's steps (one run, -v; $(workers_note)):"
cat "$S/steps"
echo

# the test modules must build against every output
ok=0
for tool in "${TOOLS[@]}"; do
    [ "$tool" != cp ] || continue # kbuild-pack's output again
    # the kernel's logic names it by include/config/kernel.release, which a
    # distribution's KERNELRELEASE= build leaves at the plain version
    # (Debian's 6.1.192 for 6.1.0-57-amd64): the one build directory there
    kdir=$(echo "$S/$tool.keep"/lib/modules/*/build)
    kbp_copy_modules "$S/mod.$tool"
    if kbp_build_modules "$kdir" "$S/mod.$tool" hide; then
        echo "test modules build against the ${LABEL[$tool]} output: yes"
    else
        echo "test modules build against the ${LABEL[$tool]} output: NO"; ok=1
    fi
done
exit $ok
