#!/bin/bash
# man-help-test.sh KBUILD_PACK MANPAGE TOOLS_SRC_DIR
# Every long option that "kbuild-pack [CMD] --help" prints, for every
# subcommand registered in TOOLS_SRC_DIR/kbuild-pack.c, appears in the man
# page; every option the man page describes (an item heading) is in some
# --help text; every subcommand is described.
set -uo pipefail
kbp=$1 man=$2 tools=$3
. "$(dirname "$0")/../lib/lib.sh"
[ -s "$man" ] || { echo "FATAL: no man page $man" >&2; exit 1; }
# roff -> text good enough for grep: \- -> -, drop font escapes
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(->/->/g' "$man")
cmds=$(grep -o '&kbp_cmd_[a-z_]*' "$tools/kbuild-pack.c" | sed 's/&kbp_cmd_//' | sort -u)
[ -n "$cmds" ] || { echo "FATAL: no subcommands found in $tools/kbuild-pack.c" >&2; exit 1; }
all_help=
for c in $cmds; do
    h=$("$kbp" "$c" --help 2>&1) || { fail "'kbuild-pack $c --help' exits $?"; continue; }
    all_help+=$h$'\n'
    grep -qE "^\.B(R|I)? $c( |$)|^\.BI? \"$c " <<<"$(sed 's/\\-/-/g' "$man")" || fail "subcommand '$c' is not described in the man page"
    opts=$(grep -oE -- '--[a-z][a-z0-9-]*' <<<"$h" | sort -u)
    n=0 before=$FAILS
    for o in $opts; do
        n=$((n + 1))
        grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" <<<"$text" || fail "kbuild-pack $c --help lists $o, the man page does not"
    done
    [ $FAILS -eq $before ] && pass "kbuild-pack $c --help: $n long options, all in the man page"
done
# the reverse: option item headings (the line after .TP) must exist in some --help
heads=$(awk '/^\.TP/ { getline; print }' "$man" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
for o in $heads; do
    grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" <<<"$all_help" || fail "the man page describes $o, no --help lists it"
done
v=$("$kbp" --version)
ver=$(sed -n 's/^\.TH [^ ]* [0-9] "[^"]*" "kbuild-pack \([^"]*\)".*/\1/p' "$man")
[ "$v" = "kbuild-pack $ver" ] && echo "ok: --version '$v' matches the man page's version" >&2 \
    || fail "--version prints '$v', the man page says '$ver'"
kbp_finish
