#!/bin/bash
# compare-test.sh SERIES
#
# kbuild-pack's pack of Debian's own kernel (tests/fixture/debian-fixture.sh,
# KBP_FIXTURE_SH and KBP_FIXTURE_FLAVOUR from CTest) against Debian's own
# headers packages of the same version, file by file: the paths only one
# side has, and the files both have with other bytes, must each match a
# line of tests/debian/files-SERIES.txt (which says why); every line must match
# something. Prints the figures doc/debian.md quotes (files and apparent
# bytes of each side, per class).
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] || die "usage: $0 SERIES"
kbp_setup "$1" obj
[ -n "$KBP_DEBIAN" ] || die "$FIX is not a Debian kernel fixture"
TABLE=$(dirname "$0")/files-$SERIES.txt
[ -r "$TABLE" ] || die "no $TABLE: the differences of $SERIES from Debian's packages are not explained"

kbp_pack "$S/out"

# Debian's packages as they install: the flavour, then the common part it
# includes, then linux-kbuild (the flavour's scripts and tools link there)
flavour=$FIX/debian/headers-$KBP_FIXTURE_FLAVOUR/usr/src/linux-headers-$REL
common=$(sed -n 's|^include /usr/src/\(linux-headers-[^/]*\)/Makefile$|\1|p' "$flavour/Makefile")
[ -n "$common" ] || die "$flavour/Makefile names no common part"
common=$FIX/debian/headers-common/usr/src/$common
kbuild=$(cd "$flavour" && readlink scripts)
kbuild=$FIX/debian/kbuild/usr/lib/$(basename "$(dirname "$kbuild")")
for d in "$flavour" "$common" "$kbuild"; do [ -d "$d" ] || die "no $d"; done
listing() { (cd "$1" && find . \( -type f -o -type l \) -printf '%P\n'); }
{ listing "$flavour"; listing "$common"; listing "$kbuild"; } | LC_ALL=C sort -u > "$S/debian.list"
listing "$PACKED" | LC_ALL=C sort > "$S/ours.list"
# where a path of Debian's is: the first package that has it
debian_file() {
    local d
    for d in "$flavour" "$common" "$kbuild"; do
        if [ -e "$d/$1" ] || [ -L "$d/$1" ]; then echo "$d/$1"; return; fi
    done
}

# the table: SIDE REGEX, the pattern made a regular expression
declare -a SIDES PATS USED
while read -r side pat _; do
    case "$side" in ''|'#'*) continue ;; debian|ours|differs) ;; *) die "$TABLE: bad side '$side'" ;; esac
    re=$(printf '%s' "$pat" | sed -e 's/[.+^$(){}|]/\\&/g' -e 's/\*\*/\x01/g' -e 's/\*/[^\/]*/g' -e 's/?/[^\/]/g' -e 's/\x01/.*/g')
    SIDES+=("$side") PATS+=("^$re\$") USED+=(0)
done < "$TABLE"
# classify SIDE PATH: the index of the first line of SIDE that matches, or -1
classify() {
    local i
    for i in "${!SIDES[@]}"; do
        [ "${SIDES[$i]}" = "$1" ] && [[ $2 =~ ${PATS[$i]} ]] && { echo "$i"; return; }
    done
    echo -1
}
declare -A COUNT BYTES
unexplained=0
note() { # SIDE PATH SIZE-FILE
    local i
    i=$(classify "$1" "$2")
    if [ "$i" -lt 0 ]; then
        fail "$1: $2 is not explained in $(basename "$TABLE")"
        unexplained=$((unexplained + 1))
        return
    fi
    USED[$i]=1
    COUNT[$i]=$(( ${COUNT[$i]:-0} + 1 ))
    BYTES[$i]=$(( ${BYTES[$i]:-0} + $(stat -c %s "$3") ))
}
while read -r p; do note debian "$p" "$(debian_file "$p")"; done < <(comm -23 "$S/debian.list" "$S/ours.list")
while read -r p; do note ours "$p" "$PACKED/$p"; done < <(comm -13 "$S/debian.list" "$S/ours.list")
same=0
while read -r p; do
    f=$(debian_file "$p")
    if cmp -s "$f" "$PACKED/$p"; then same=$((same + 1)); else note differs "$p" "$PACKED/$p"; fi
done < <(comm -12 "$S/debian.list" "$S/ours.list")
[ $unexplained = 0 ] && pass "every difference from Debian's packages is explained in $(basename "$TABLE")"
for i in "${!SIDES[@]}"; do
    [ "${USED[$i]}" = 1 ] || fail "$(basename "$TABLE"): '${SIDES[$i]} ${PATS[$i]}' matches nothing: a stale explanation"
done
pass "$same files both hold, byte-identical"

# the figures
size() { du -sb --apparent-size "$@" | awk '{ s += $1 } END { print s }'; }
log "Debian $(cat "$FIX/debian/version"): $(wc -l < "$S/debian.list") paths, $(size "$flavour" "$common" "$kbuild") bytes (flavour $(size "$flavour"), common $(size "$common"), kbuild $(size "$kbuild"))"
log "the pack: $(wc -l < "$S/ours.list") paths, $(size "$PACKED") bytes"
for i in "${!SIDES[@]}"; do
    [ "${USED[$i]}" = 1 ] && printf '%-8s %-40s %6d files %10d bytes\n' "${SIDES[$i]}" "${PATS[$i]}" "${COUNT[$i]}" "${BYTES[$i]}" >&2
done
kbp_finish
