#!/bin/bash
# bench-modpost.sh [SERIES] [KBUILD_MODPOST]
#
# Wall time and peak memory of kbuild-modpost against the kernel's own
# scripts/mod/modpost (from the cached fixture kernel of SERIES, default
# 6.1; 7.x uses its "full" fixture, $KBP_BENCH_FLAVOUR overrides), on one
# M= directory holding
#   - every non-failing module of tests/modpost/cases (exports, device
#     tables, lib/crc*, samples/), and
#   - a synthetic set of 1,000 modules (2 objects each, exports with CRCs,
#     uses of vmlinux and of the previous module's exports, MODULE_VERSION
#     for srcversion on every tenth one),
# against a "full" Module.symvers (the fixture's plus 30,000 synthetic
# exports, about the size of a distro kernel's).
#
# The built module set is cached in $KBP_BENCH_CACHE (default
# /var/cache/kbuild-pack/bench-modpost-SERIES); building it takes a few
# minutes the first time. Prints one line per tool and the ratios.
set -euo pipefail
SERIES=${1:-6.1}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
OURS=$(realpath "${2:-$ROOT/build/bin/kbuild-modpost}")
N=${KBP_BENCH_MODULES:-1000}
RUNS=${KBP_BENCH_RUNS:-15}
case $SERIES in 6.*) def_flavour= ;; *) def_flavour=full ;; esac
FLAVOUR=${KBP_BENCH_FLAVOUR-$def_flavour}
CACHE=${KBP_BENCH_CACHE:-/var/cache/kbuild-pack/bench-modpost-$SERIES${FLAVOUR:+-$FLAVOUR}-$N}
D=$("$ROOT/tests/fixture/fixture.sh" "$SERIES" obj x86_64 $FLAVOUR)
M=$CACHE/m

if [ ! -f "$CACHE/.complete" ]; then
    echo "bench: building $N synthetic modules + corpus in $M (once)" >&2
    rm -rf "$CACHE"; mkdir -p "$M"
    : > "$CACHE/Kbuild"
    for c in exports devtables noexport lib_crc4 lib_crc7 lib_crc8 lib_crc_itu_t sample_kfifo sample_kobject; do
        cd="$ROOT/tests/modpost/cases/$c"
        cp -a "$cd/." "$M/"
        # from-src lines may name alternatives (lib/crc7.c, 7.x lib/crc/crc7.c)
        if [ -f "$cd/from-src" ]; then
            while read -ra alts; do
                for f in "${alts[@]}"; do [ -f "$D/src/$f" ] && break; done
                cp "$D/src/$f" "$M/"
            done < "$cd/from-src"
        fi
        sed "s/^obj-m *:=/obj-m +=/" "$cd/Kbuild" >> "$CACHE/Kbuild"
    done
    rm -f "$M/from-src"
    mv "$CACHE/Kbuild" "$M/Kbuild"
    # 100 modules per subdirectory: kbuild writes a directory's
    # modules.order in one shell command, which 1,000 paths overflow
    for i in $(seq 1 "$N"); do
        n=$(printf 'syn%04d' "$i"); p=$(printf 'syn%04d' $((i - 1)))
        sd=$(printf 'syn%02d' $(((i - 1) / 100)))
        if [ ! -d "$M/$sd" ]; then mkdir -p "$M/$sd"; echo "obj-m += $sd/" >> "$M/Kbuild"; fi
        echo "obj-m += $n.o"$'\n'"$n-y := ${n}_a.o ${n}_b.o" >> "$M/$sd/Kbuild"
        {
            echo '#include <linux/module.h>'
            echo '#include <linux/slab.h>'
            [ "$i" -gt 1 ] && echo "int ${p}_f0(int); int ${p}_f1(int);"
            for j in 0 1 2 3; do echo "int ${n}_f$j(int v) { return v + $j; } EXPORT_SYMBOL${j:+}(${n}_f$j);"; done | sed 's/EXPORT_SYMBOL1(/EXPORT_SYMBOL_GPL(/; s/EXPORT_SYMBOL0(/EXPORT_SYMBOL(/; s/EXPORT_SYMBOL2(/EXPORT_SYMBOL(/; s/EXPORT_SYMBOL3(/EXPORT_SYMBOL_GPL(/'
            echo "static int __init ${n}_init(void) { void *p = kmalloc(16, GFP_KERNEL); kfree(p); pr_info(\"%zu\\n\", strlen(\"$n\"));"
            [ "$i" -gt 1 ] && echo "  ${p}_f0(1); ${p}_f1(2);"
            echo "  return 0; }"
            echo "static void __exit ${n}_exit(void) { }"
            echo "module_init(${n}_init); module_exit(${n}_exit);"
            echo 'MODULE_LICENSE("GPL");'
            [ $((i % 10)) -eq 0 ] && echo 'MODULE_VERSION("1.0");'
        } > "$M/$sd/${n}_a.c"
        {
            echo '#include <linux/module.h>'
            echo "int ${n}_data[4] = { $i };"
            echo "EXPORT_SYMBOL(${n}_data);"
            echo "int ${n}_g(int v) { return v * $i; }"
            echo "EXPORT_SYMBOL_GPL(${n}_g);"
        } > "$M/$sd/${n}_b.c"
    done
    unshare -m --propagation private -- bash -c '
        mount --bind "$1" "$1" && mount -o remount,bind,ro "$1"; shift; exec "$@"' _ "$D" \
        make -C "$D/obj" M="$M" V=1 -j"$(nproc)" modules > "$CACHE/build.log" 2>&1 || true
    grep -E '(^|[ |;/])scripts/mod/modpost ' "$CACHE/build.log" | tail -n 1 > "$CACHE/cmdline"
    [ -s "$CACHE/cmdline" ] || { tail -n 30 "$CACHE/build.log" >&2; exit 1; }
    # a distro-sized symbol dump: the fixture's plus 30,000 synthetic exports
    cp "$D/obj/Module.symvers" "$CACHE/full.symvers"
    awk 'BEGIN { for (i = 0; i < 30000; i++) printf "0x%08x\tsynth_export_%d\tdrivers/synth/mod%d\tEXPORT_SYMBOL%s\t%s\n", (i * 2654435761) % 4294967296, i, i % 2000, (i % 3 ? "" : "_GPL"), (i % 50 ? "" : "SYNTH_NS") }' >> "$CACHE/full.symvers"
    touch "$CACHE/.complete"
fi

line=$(cat "$CACHE/cmdline")
line=${line##*;) }
# use the full symbol dump in place of the fixture's
line=${line/-i $D\/obj\/Module.symvers/-i $CACHE/full.symvers}
line=${line/-i Module.symvers/-i $CACHE/full.symvers}
# since 6.13 make runs $(objtree)/scripts/mod/modpost in the module's directory
if [[ $line =~ ^[[:space:]]*$D/obj/scripts/mod/modpost[[:space:]] ]]; then
    rundir=$M prog=$D/obj/scripts/mod/modpost
else
    rundir=$D/obj prog=scripts/mod/modpost
fi
nmods=$(wc -l < "$M/modules.order")

# one run: wall ms (from date, finer than time's 10 ms) and peak RSS KiB
run1() {
    local bin=$1 t0 t1
    find "$M" -name '*.mod.c' -delete
    t0=$(date +%s%N)
    (cd "$rundir" && objtree=$D/obj /usr/bin/time -o "$CACHE/time.out" -f '%M' bash -c "${line/$prog/$bin}" > /dev/null 2>&1) || true
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000 )) $(tail -n 1 "$CACHE/time.out")"
}

# the two programs alternate, so that load changes hit both alike
: > "$CACHE/runs"
for _ in $(seq "$RUNS"); do
    echo "kernel $(run1 "$D/obj/scripts/mod/modpost")" >> "$CACHE/runs"
    echo "ours $(run1 "$OURS")" >> "$CACHE/runs"
done
stat() { # stat WHO -> "median_s min_s max_rss_kib"
    local m
    m=$(awk -v who="$1" '$1 == who && $3 > m { m = $3 } END { print m + 0 }' "$CACHE/runs")
    awk -v who="$1" '$1 == who { print $2 }' "$CACHE/runs" | sort -n |
        awk -v m="$m" '{ t[NR] = $1 } END { printf "%.3f %.3f %d\n", t[int((NR + 1) / 2)] / 1e6, t[1] / 1e6, m }'
}
read -r kt kmin km < <(stat kernel)
read -r ot omin om < <(stat ours)
echo "series $SERIES: $nmods modules, $(wc -l < "$CACHE/full.symvers") symvers lines, $RUNS alternating runs each"
printf '%-16s wall median %6.3f s (min %6.3f)  peak RSS %7d KiB\n' "kernel modpost" "$kt" "$kmin" "$km" \
    "kbuild-modpost" "$ot" "$omin" "$om"
awk -v kt="$kt" -v ot="$ot" -v km="$km" -v om="$om" -v kmin="$kmin" -v omin="$omin" \
    'BEGIN { printf "ratio kbuild-modpost/kernel: wall median %.2f  wall min %.2f  peak memory %.2f\n", ot / kt, omin / kmin, om / km }'
