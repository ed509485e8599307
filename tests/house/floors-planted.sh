#!/bin/bash
# floors-planted.sh TOP: scripts/check-floors.sh catches an upward include
# in each spelling (a check that cannot fail proves nothing): planted into a
# copy of src/, each is named, and the check fails; the copy as it was
# passes.
set -euo pipefail
top=$1
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-floors.XXXXXX")
trap 'rm -rf "$S"' EXIT
cp -a "$top/src" "$S/src"
"$top/scripts/check-floors.sh" "$S" || { echo "FAIL: the unchanged copy does not pass"; exit 1; }
printf '#include <pack/pack.h>\n' >>"$S/src/shared/alloc.c"
printf '# include "split/split.h"\n' >>"$S/src/kernel/kelf.c"
printf '  #  include   "inspect/verify.h"\n' >>"$S/src/rules/walk.c"
printf '#include <sys/stat.h>\n#include <linux/openat2.h>\n' >>"$S/src/rules/walk.c"
rc=0
"$top/scripts/check-floors.sh" "$S" | sort >"$S/got" || rc=$?
cat >"$S/want" <<'WANT'
kernel/kelf.c: includes split/split.h: split is above kernel
rules/walk.c: includes inspect/verify.h: inspect is above rules
shared/alloc.c: includes pack/pack.h: pack is above shared
WANT
diff -u "$S/want" "$S/got" || { echo "FAIL: check-floors.sh did not name exactly the planted includes"; exit 1; }
[ "$rc" = 1 ] || { echo "FAIL: check-floors.sh exited $rc, not 1"; exit 1; }
echo "ok: the three planted includes named, exit 1"
