#!/bin/bash
# planted-test.sh TOP CASE: a house check fails on what it exists to catch
# (a check that cannot fail proves nothing). Into a copy of src/ that passes
# the check as it is, CASE plants:
#   floors  an upward include in each spelling (#include <x/y.h>,
#           "# include", indented): scripts/check-floors.sh names exactly
#           those three and exits 1;
#   cycles  pack/ctx.c including pack/pack.h, whose module runs the steps
#           that include ctx.h: scripts/check-include-cycles.py names that
#           cycle and exits 1.
set -euo pipefail
top=$1 case=$2
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-planted.XXXXXX")
trap 'rm -rf "$S"' EXIT
cp -a "$top/src" "$S/src"
case $case in
floors) check=$top/scripts/check-floors.sh ;;
cycles) check=$top/scripts/check-include-cycles.py ;;
*) echo "usage: $0 TOP floors|cycles" >&2; exit 2 ;;
esac
"$check" "$S" || { echo "FAIL: the unchanged copy does not pass $check"; exit 1; }
if [ "$case" = floors ]; then
	printf '#include <pack/pack.h>\n' >>"$S/src/shared/alloc.c"
	printf '# include "split/split.h"\n' >>"$S/src/kernel/kelf.c"
	printf '  #  include   "inspect/verify.h"\n' >>"$S/src/rules/walk.c"
	printf '#include <sys/stat.h>\n#include <linux/openat2.h>\n' >>"$S/src/rules/walk.c"
	cat >"$S/want" <<'WANT'
kernel/kelf.c: includes split/split.h: split is above kernel
rules/walk.c: includes inspect/verify.h: inspect is above rules
shared/alloc.c: includes pack/pack.h: pack is above shared
WANT
else
	printf '#include "pack/pack.h"\n' >>"$S/src/pack/ctx.c"
	echo "include cycle: pack/ctx <-> pack/pack <-> pack/steps/bundled-modpost <-> pack/steps/hosttools <-> pack/steps/strip-debug <-> pack/steps/vmlinux-btf" >"$S/want"
fi
rc=0
"$check" "$S" | sort >"$S/got" || rc=$?
diff -u "$S/want" "$S/got" || { echo "FAIL: $check did not name exactly what was planted"; exit 1; }
[ "$rc" = 1 ] || { echo "FAIL: $check exited $rc, not 1"; exit 1; }
echo "ok: $case: what was planted named, exit 1"
