#!/bin/bash
# run-fuzz.sh FUZZER [SECONDS [RUNS]]
# Runs one fuzz target for a bounded time (and at most RUNS inputs) on a
# seed corpus made of the repository's own inputs (test symvers files,
# small ELF objects, manifests, debian/kbuild-pack-split files) and its
# seeds/NAME/ files (NAME: the target's, without .pl).
# Exits non-zero on a crash, leak, sanitizer report or, for the Perl
# driver, a finding; 77 where the Perl driver cannot run (no debhelper).
set -euo pipefail
FUZZER=$1 SECS=${2:-30} RUNS=${3:-}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NAME=$(basename "$FUZZER" .pl)
CORPUS=$(mktemp -d /tmp/kbp-fuzz.XXXXXX)
trap 'rm -rf "$CORPUS"' EXIT
[ ! -d "$HERE/seeds/$NAME" ] || cp "$HERE/seeds/$NAME"/* "$CORPUS/"
case "$NAME" in
    fuzz-symvers)
        cp "$HERE"/../modpost/cases/crc_edge/extra.symvers "$CORPUS/" ;;
    fuzz-manifest)
        # the shipped manifests and the loader's test cases, good and bad
        cp "$HERE"/../../manifests/common.yaml "$HERE"/../../manifests/arch/x86.yaml "$CORPUS/"
        cp "$HERE"/../unit/data/manifest-*.yaml "$CORPUS/" ;;
    fuzz-kelf)
        # small relocatable objects: compile one here
        printf 'int x = 1; int f(void) { return x; }\n' > "$CORPUS/s.c"
        cc -c -o "$CORPUS/s.o" "$CORPUS/s.c" && rm "$CORPUS/s.c"
        cc -m32 -c -o "$CORPUS/s32.o" -x c - <<<'int y;' 2>/dev/null || true ;;
    fuzz-debian-split)
        # the split file of the packaging tests (its deb-split-jobs ones are seeds/)
        cp "$HERE"/../packaging/split-parts/debian/kbuild-pack-split "$CORPUS/split-parts"
        perl -MDebian::Debhelper::Dh_Lib -e 1 2>/dev/null || { echo "SKIP: no debhelper (Debian::Debhelper::Dh_Lib)" >&2; exit 77; } ;;
esac
"$FUZZER" -max_total_time="$SECS" ${RUNS:+-runs="$RUNS"} -max_len=65536 -timeout=10 "$CORPUS"
