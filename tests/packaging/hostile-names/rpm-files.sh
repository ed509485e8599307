#!/bin/bash
# rpm-files.sh KBUILD_PACK: kbuild-pack rpm-files on names rpm would misread,
# for rpm 4.18 (the default) and 4.19, each case as "$ ARGS", its output
# and its exit status (compared by expect.sh with rpm-files.out).
kbp=$1
run() { printf '$ rpm-files'; printf ' %q' "$@"; echo; "$kbp" rpm-files "$@" 2>&1; echo "-> $?"; }
d=/usr/src/kernels/6.1.0
run "$d/plain.h" "$d/a b.h" "$d/back\\slash" "$d/quote\".h" "$d/sq'.h" "$d/a]b.h" "$d/~t.h"
run "$d/x%(touch /tmp/PWNED).h" "$d/g*.h" "$d/q?.h" "$d/br[ack]et.h" "$d/sp\"q a.h" "$d/x%attr(4755,root,root)" "$d/b\\q*"
run --rpm-version 4.18.0 "$d/%"
run "$d/x\\%.h" "$d/%\\x.h" "$d/bs\\dir%/f.h"
run "$d/caf"$'\xe9'".h"
run --rpm-version 4.19.1 "$d/plain.h" "$d/a b.h"
run --rpm-version 4.19.1 "$d/g*.h"
run --rpm-version 6.0.0 "$d/back\\slash"
run "$d/br{a,b}ce.h"
run "$d/new"$'\n'"line.h"
run "$d/tab"$'\t'"x.h"
run relative.h
run
run --tree "$d" a b
