#!/bin/bash
# host-tools-kbuild-test.sh SERIES
#
# --host-tools=target follows the tree's own kbuild Makefiles, not a list of
# sources: the x86_64 fixture's SRC and OBJ are shown through a read-only
# overlay that adds, as a new kernel series might,
#   - an object to modpost (scripts/mod/Makefile: modpost-objs += kbp_probe.o)
#   - a host program to scripts/Makefile (scripts/kbp_probe, selected by an
#     extra manifest; OBJ holds the build machine's copy)
# Packed for an arm64 host, modpost must hold the new object's symbol and
# kbp_probe must be rebuilt for aarch64; the warnings and the machine of
# every ELF file are the fixture's expected ones (expected/: every program
# the target's, 6.1's resolve_btfids too, whose tools/ build has no
# REALHOSTCC before 6.3). KBP_UPDATE_EXPECTED=1 writes what the run got.
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] || die "usage: $0 SERIES"
kbp_setup "$1" obj

mkdir -p "$S/add-src/scripts/mod" "$S/add-obj/scripts"
{ cat "$SRC/scripts/mod/Makefile"; echo 'modpost-objs += kbp_probe.o'; } > "$S/add-src/scripts/mod/Makefile"
echo 'int kbp_probe_series_object(void) { return 42; }' > "$S/add-src/scripts/mod/kbp_probe.c"
{ cat "$SRC/scripts/Makefile"; echo 'hostprogs-always-y += kbp_probe'; } > "$S/add-src/scripts/Makefile"
echo 'int main(void) { return 0; }' > "$S/add-src/scripts/kbp_probe.c"
cc -o "$S/add-obj/scripts/kbp_probe" "$S/add-src/scripts/kbp_probe.c"
# lowerdir only: the overlays are read-only, like the fixture below them
mount -t overlay overlay -o "lowerdir=$S/add-src:$SRC" "$SRC"
mount -t overlay overlay -o "lowerdir=$S/add-obj:$OBJ" "$OBJ"
printf 'version: 1\nrules:\n  - name: kbp-probe\n    from: obj\n    include: scripts/kbp_probe\n    required: true\n' > "$S/probe.yaml"

kbp_pack "$S/out" --host-tools=target --cross-compile aarch64-linux-gnu- --manifest "$S/probe.yaml"
# what the fixture's config makes (a Debian kernel's module signing, BTF):
# expected/NAME.{warnings,machines}, NAME the fixture's without its hash
name=$(basename "$FIX" | sed 's/-[0-9a-f]\{12\}$//')
want=$KBP_TESTS_DIR/cross/expected/host-tools-kbuild-$name
grep -i 'warning' "$S/pack.stderr" > "$S/warnings" || true
(cd "$PACKED" && find . -type f -print0 | xargs -0 file -N -F '|' | grep -E '\| *ELF .*(executable|shared object)' |
    cut -d'|' -f1 | sed 's|^\./||' | sort |
    while read -r p; do echo "$p $(readelf -h "$p" | sed -n 's/^ *Machine: *//p')"; done) > "$S/machines"
if [ -n "${KBP_UPDATE_EXPECTED:-}" ]; then
    cp "$S/warnings" "$want.warnings" && cp "$S/machines" "$want.machines"
fi
diff -u "$want.warnings" "$S/warnings" >&2 && pass "--host-tools=target warned only where expected ($(wc -l < "$S/warnings") lines)" \
    || fail "--host-tools=target's warnings differ from $want.warnings (a program was not rebuilt)"
diff -u "$want.machines" "$S/machines" >&2 && pass "every ELF program, the new scripts/kbp_probe included, is of the expected machine" \
    || fail "ELF programs and machines differ from $want.machines"
readelf -sW "$PACKED/scripts/mod/modpost" | grep -w kbp_probe_series_object >/dev/null \
    && pass "modpost was linked from the objects scripts/mod/Makefile lists (kbp_probe.o included)" \
    || fail "modpost lacks kbp_probe.o: it was not built from scripts/mod/Makefile's modpost-objs"
kbp_finish
