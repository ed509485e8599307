#!/bin/bash
# in-root.sh ROOT CMD [ARG...]
#
# Runs CMD inside the build root ROOT (scripts/build-root.sh) with the same
# paths as on the host: in a private mount namespace (unshare -m), the
# repository, the kbuild-pack cache (fixtures, roots, sources), the
# temporary directory ($TMPDIR or /tmp), /proc, /sys and /dev are bound at
# their own paths under ROOT, then CMD runs chrooted there with the current
# directory kept. So a kernel tree built in the root records paths that
# are valid on the host too, and a test may pass host paths to CMD.
#
# Environment:
#   KBP_ROOT_BIND   more host directories (colon-separated) to bind
set -euo pipefail
die() { echo "in-root: ERROR: $*" >&2; exit 1; }
[ $# -ge 2 ] || { echo "usage: $0 ROOT CMD [ARG...]" >&2; exit 2; }
ROOT=$(cd "$1" && pwd) || die "no root $1"; shift
[ -f "$ROOT/.kbp-root-complete" ] || die "$ROOT is not a complete build root (scripts/build-root.sh)"
[ "$(id -u)" = 0 ] || die "needs root (mount namespace, chroot)"
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BINDS="$REPO:${KBP_CACHE:-/var/cache/kbuild-pack}:${TMPDIR:-/tmp}:${KBP_ROOT_BIND:-}"
exec unshare -m --propagation private -- bash -s "$ROOT" "$BINDS" "$PWD" "$@" <<'INNER'
set -euo pipefail
ROOT=$1 BINDS=$2 CWD=$3; shift 3
# ROOT bound onto itself: the chroot's / is then a mount point, which a
# nested `unshare -m --propagation private` (tests/fixture/fixture.sh) needs;
# recursively, so that what a caller mounted inside ROOT stays (a test's
# private /etc/dkms).
mount --rbind "$ROOT" "$ROOT"
IFS=: read -r -a dirs <<< "$BINDS"
for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ -d "$d" ] || continue
    mkdir -p "$ROOT$d"
    mount --rbind "$d" "$ROOT$d"
done
for d in /proc /sys /dev; do mount --rbind "$d" "$ROOT$d"; done
exec chroot "$ROOT" /bin/bash -c 'cd "$1" 2>/dev/null || cd /; shift; exec "$@"' in-root "$CWD" "$@"
INNER
