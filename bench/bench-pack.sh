#!/bin/bash
# bench-pack.sh [N]
#
# Packs the 6.1 obj fixture N times (default 5) with kbuild-pack and with the
# kernel's own 6.1 deploy_kernel_headers (bench/deploy_kernel_headers.sh),
# each run into a fresh dir, and prints output size (du -sb), file count and
# median wall and CPU time of both, plus the ratios ours/kernel.  Then builds the
# test modules against both outputs (original trees hidden).
#
# Environment: KBUILD_PACK (default: <repo>/build/bin/kbuild-pack),
#              KBP_FIXTURE_CACHE, KBP_KEEP=1 (keep scratch), N.
# Not a ctest test: needs root (read-only bind mounts, mount namespaces).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
export KBUILD_PACK=${KBUILD_PACK:-$REPO/build/bin/kbuild-pack}
. "$REPO/tests/kernel/lib.sh"
kbp_enter_ns "$0" "$@"
N=${1:-${N:-5}}
kbp_setup 6.1 obj

now() { date +%s.%N; }
median() { LC_ALL=C sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

run_ours() { "$KBUILD_PACK" -q --src "$SRC" --obj "$OBJ" --out "$1" >/dev/null; }
run_kernel() { "$HERE/deploy_kernel_headers.sh" "$SRC" "$OBJ" "$1"; }

# Runs alternate (ours, kernel, ours, ...) so that load from other work on
# the machine hits both alike; wall and CPU (user+sys, children included)
# time are recorded for every run.
: > "$S/ours.times"; : > "$S/kernel.times"; : > "$S/ours.cpu"; : > "$S/kernel.cpu"
TIMEFORMAT='%R %U %S'
for ((i = 1; i <= N; i++)); do
    for tool in ours kernel; do
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
for tool in ours kernel; do
    echo "$tool wall: $(tr '\n' ' ' < "$S/$tool.times")" >&2
    echo "$tool cpu:  $(tr '\n' ' ' < "$S/$tool.cpu")" >&2
done

t_ours=$(median < "$S/ours.times"); t_kernel=$(median < "$S/kernel.times")
c_ours=$(median < "$S/ours.cpu"); c_kernel=$(median < "$S/kernel.cpu")
b_ours=$(cat "$S/ours.bytes"); b_kernel=$(cat "$S/kernel.bytes")
f_ours=$(cat "$S/ours.files"); f_kernel=$(cat "$S/kernel.files")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

echo
echo "kernel $REL (6.1 obj fixture), N=$N runs each (alternating), medians; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %14s %10s %10s %10s\n' "" bytes files wall-s cpu-s
printf '%-26s %14s %10s %10.3f %10.3f\n' "kbuild-pack" "$b_ours" "$f_ours" "$t_ours" "$c_ours"
printf '%-26s %14s %10s %10.3f %10.3f\n' "deploy_kernel_headers 6.1" "$b_kernel" "$f_kernel" "$t_kernel" "$c_kernel"
printf '%-26s %14s %10s %10s %10s\n' "ratio ours/kernel" "$(ratio "$b_ours" "$b_kernel")" \
    "$(ratio "$f_ours" "$f_kernel")" "$(ratio "$t_ours" "$t_kernel")" "$(ratio "$c_ours" "$c_kernel")"
echo

# the test modules must build against both outputs
ok=0
for tool in ours kernel; do
    kdir=$S/$tool.keep/lib/modules/$REL/build
    kbp_copy_modules "$S/mod.$tool"
    if kbp_build_modules "$kdir" "$S/mod.$tool" hide; then
        echo "test modules build against the $tool output: yes"
    else
        echo "test modules build against the $tool output: NO"; ok=1
    fi
done
exit $ok
