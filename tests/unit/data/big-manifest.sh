#!/bin/bash
# big-manifest.sh KIND N: a manifest with N keys (or entries) on stdout, made
# at test time (unit.manifest-big-*, bench/bench-manifest.sh).
#   root-dup      N keys in the top mapping, the last repeating the first
#   rule-dup      one rule of N keys, the last repeating the first
#   rules         N rules of one include each
#   includes      one rule of N includes
set -eu
kind=$1 n=$2
case $kind in
root-dup) echo 'version: 1'; seq -f 'k%06g: x' 0 $((n - 1)); echo 'k000000: again' ;;
rule-dup) printf 'version: 1\nrules:\n  - name: big\n'; seq -f '    k%06g: x' 0 $((n - 1)); echo '    k000000: again' ;;
rules) printf 'version: 1\nrules:\n'; seq -f '  - { name: r%06g, from: src, include: a }' 0 $((n - 1)) ;;
includes) printf 'version: 1\nrules:\n  - name: big\n    from: src\n    include:\n'; seq -f '      - d/f%06g' 0 $((n - 1)) ;;
*) echo "unknown kind $kind" >&2; exit 2 ;;
esac
