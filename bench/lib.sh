# Sourced by the kernel benchmarks: the repository, the tool, the fixture
# helpers of tests/kernel/lib.sh, and the private mount namespace they need
# (kbp_enter_ns re-runs the calling script in it, with its arguments).
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
export KBUILD_PACK=${KBUILD_PACK:-$REPO/build/bin/kbuild-pack}
. "$REPO/tests/kernel/lib.sh"
kbp_enter_ns "$0" "$@"
