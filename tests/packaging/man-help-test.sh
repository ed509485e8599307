#!/bin/bash
# man-help-test.sh KBUILD_PACK MANPAGE TOOLS_SRC_DIR
# Every long option in the option table of every subcommand registered in
# TOOLS_SRC_DIR/kbuild-pack.c (as "kbuild-pack CMD --dump-options" lists
# it; --help is made from the same table) appears in the man page; every
# option the man page describes (an item heading) is in some table; every
# subcommand is described.
set -uo pipefail
kbp=$1 man=$2 tools=$3
. "$(dirname "$0")/../lib/lib.sh"
[ -s "$man" ] || { echo "FATAL: no man page $man" >&2; exit 1; }
# roff -> text good enough for grep: \- -> -, drop font escapes
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(->/->/g' "$man")
cmds=$(grep -o '&kbp_cmd_[a-z_]*' "$tools/kbuild-pack.c" | sed -e 's/&kbp_cmd_//' -e 's/_/-/g' | sort -u)
[ -n "$cmds" ] || { echo "FATAL: no subcommands found in $tools/kbuild-pack.c" >&2; exit 1; }
all_opts=
for c in $cmds; do
    "$kbp" "$c" --help >/dev/null 2>&1 || fail "'kbuild-pack $c --help' exits $?"
    opts=$("$kbp" "$c" --dump-options 2>&1) || { fail "'kbuild-pack $c --dump-options' exits $?: $opts"; continue; }
    [ -n "$opts" ] || fail "'kbuild-pack $c --dump-options' lists no option"
    all_opts+=$opts$'\n'
    grep -qE "^\.B(R|I)? $c( |$)|^\.BI? \"$c " <<<"$(sed 's/\\-/-/g' "$man")" || fail "subcommand '$c' is not described in the man page"
    n=0 before=$FAILS
    for o in $opts; do
        n=$((n + 1))
        grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" <<<"$text" || fail "kbuild-pack $c has the option $o, the man page does not"
    done
    [ $FAILS -eq $before ] && pass "kbuild-pack $c: $n long options, all in the man page"
done
# the reverse: option item headings (the line after .TP) must be in some table
heads=$(awk '/^\.TP/ { getline; print }' "$man" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
for o in $heads; do
    grep -qxF -- "$o" <<<"$all_opts" || fail "the man page describes $o, no command has it"
done
v=$("$kbp" --version)
ver=$(sed -n 's/^\.TH [^ ]* [0-9] "[^"]*" "kbuild-pack \([^"]*\)".*/\1/p' "$man")
[ "$v" = "kbuild-pack $ver" ] && echo "ok: --version '$v' matches the man page's version" >&2 \
    || fail "--version prints '$v', the man page says '$ver'"
kbp_finish
