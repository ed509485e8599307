# Sourced by the kernel benchmarks: the repository, the tool, the fixture
# helpers of tests/kernel/lib.sh, and the private mount namespace they need
# (kbp_enter_ns re-runs the calling script in it, with its arguments).
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
export KBUILD_PACK=${KBUILD_PACK:-$REPO/build/bin/kbuild-pack}
. "$REPO/tests/kernel/lib.sh"
# median: the median of the numbers on stdin, one a line, to 3 decimals
median() { LC_ALL=C sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f\n", m }'; }
kbp_enter_ns "$0" "$@"
