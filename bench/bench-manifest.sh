#!/bin/bash
# bench-manifest.sh [N]: how long the manifest loader takes on manifests of
# N (default 50000) keys or entries (tests/unit/data/big-manifest.sh), through
# the dump-manifest test program of a build tree.
# Environment: KBP_BUILD (default: <repo>/build).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/.." && pwd)
dump=$(find "${KBP_BUILD:-$REPO/build}" -name dump-manifest -type f -perm -u+x | head -n1)
[ -n "$dump" ] || { echo "no dump-manifest under ${KBP_BUILD:-$REPO/build}: build first" >&2; exit 1; }
n=${1:-50000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for kind in root-dup rule-dup rules includes; do
	bash "$REPO/tests/unit/data/big-manifest.sh" "$kind" "$n" >"$tmp/$kind.yaml"
	start=$(date +%s.%N)
	"$dump" "$tmp/$kind.yaml" >/dev/null 2>&1 || true
	end=$(date +%s.%N)
	printf '%-10s %7d: %6.2f s\n' "$kind" "$n" "$(echo "$end - $start" | bc)"
done
