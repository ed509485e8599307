#!/bin/bash
# bench-audit.sh BUILD [N [MODULE_DIR...]]
#
# The cost of kbuild-pack audit's tracer: builds each module dir (default:
# the test corpus in tests/modules) against the build directory BUILD N
# times (default 5), alternating a plain `make -C BUILD M=DIR` with the
# same make under the strace command line audit runs (src/audit/audit.c:
# -f -qq --seccomp-bpf, the traced calls of STRACE_LOG_TRACE), and prints
# the median wall times and their ratio. The issue's bound: under 2.
# Extra make arguments (ARCH=, CROSS_COMPILE=): in KBP_MAKE_ARGS.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
BUILD=$(cd "${1:?usage: $0 BUILD [N [MODULE_DIR...]]}" && pwd)
N=${2:-5}
shift $(($# > 1 ? 2 : 1))
[ $# -gt 0 ] || set -- "$REPO"/tests/modules/kbp_{user,provider,multi}
TRACE=$(sed -n 's/^#define STRACE_LOG_TRACE "\(.*\)"$/\1/p' "$REPO/src/audit/strace-log.h")
[ -n "$TRACE" ] || { echo "STRACE_LOG_TRACE not found in src/audit/strace-log.h" >&2; exit 1; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
read -r -a margs <<< "${KBP_MAKE_ARGS:-}"

# one build of every module dir, from clean copies; prints wall seconds
build() {
    local t0 t1 d
    rm -rf "$W/m"
    mkdir "$W/m"
    for d in "$@"; do cp -r "$d" "$W/m/"; done
    t0=$(date +%s.%N)
    for d in "$W"/m/*; do
        "${prefix[@]}" make -s -C "$BUILD" M="$d" "${margs[@]}" >/dev/null 2>&1 \
            || { echo "build of $d failed" >&2; exit 1; }
    done
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

: >"$W/plain"; : >"$W/traced"
for i in $(seq "$N"); do
    prefix=(env)
    build "$@" >>"$W/plain"
    prefix=(strace -f -qq --seccomp-bpf -e signal=none -e "trace=$TRACE" -o "$W/trace")
    build "$@" >>"$W/traced"
done
p=$(median <"$W/plain") t=$(median <"$W/traced")
printf 'modules: %s\nruns: %d each, alternating\nplain make: %.3f s (median)\nunder strace: %.3f s (median)\nratio: %.2f\n' \
    "$*" "$N" "$p" "$t" "$(echo "$t / $p" | bc -l)"
