#!/bin/bash
# cycles-planted.sh TOP: scripts/check-include-cycles.py finds a cycle
# planted into a copy of src/ (pack/ctx.c including pack/pack.h, whose
# module runs the steps that include ctx.h), and the copy as it was has
# none.
set -euo pipefail
top=$1
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-cycles.XXXXXX")
trap 'rm -rf "$S"' EXIT
cp -a "$top/src" "$S/src"
"$top/scripts/check-include-cycles.py" "$S" || { echo "FAIL: the unchanged copy has a cycle"; exit 1; }
printf '#include "pack/pack.h"\n' >>"$S/src/pack/ctx.c"
rc=0
"$top/scripts/check-include-cycles.py" "$S" >"$S/got" || rc=$?
grep -q '^include cycle: pack/ctx <-> pack/pack <-> ' "$S/got" || { echo "FAIL: no cycle named:"; cat "$S/got"; exit 1; }
[ "$rc" = 1 ] || { echo "FAIL: exit $rc, not 1"; exit 1; }
echo "ok: the planted cycle named, exit 1"
