#!/bin/bash
# build-root.sh [SUITE]
#
# Builds (once, cached) a Debian build root of SUITE, for what Debian 12's
# toolchain cannot build:
#   trixie  the Rust tests' fixture kernel and their Rust modules (Debian
#           12's rustc 1.63 cannot build kernel 7.2's Rust)
#   forky   Debian's own forky kernel (tests/fixture/debian-fixture.sh 7.2),
#           whose .config holds the toolchain of Debian's buildds (gcc-16)
# The root is made by mmdebstrap (--variant=apt) from the Debian archive with
# the packages of scripts/root/SUITE.txt, and is entered with
# scripts/in-root.sh.
#
# ROOT = ${KBP_ROOT_CACHE:-/var/cache/kbuild-pack/roots}/SUITE-HASH, with
# HASH = first 12 hex digits of sha256(SUITE.txt + this script): a
# changed package list or builder builds a new root, and roots of the same
# suite with another hash are removed. The root is built in ROOT.tmp.PID and
# renamed onto ROOT when complete (marker .kbp-root-complete), under a flock
# on CACHE/.SUITE.lock. ROOT is printed on stdout; progress goes to stderr.
#
# Environment:
#   KBP_ROOT_CACHE      cache root
#   KBP_DEBIAN_MIRROR   the archive (default: Debian's own)
set -euo pipefail
log() { echo "build-root: $*" >&2; }
die() { echo "build-root: ERROR: $*" >&2; exit 1; }

SUITE=${1:-trixie}
case "$SUITE" in trixie|forky) ;; *) die "unknown suite '$SUITE' (want trixie or forky)" ;; esac
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SELF="$HERE/$(basename "${BASH_SOURCE[0]}")"
LIST=$HERE/root/$SUITE.txt
CACHE=${KBP_ROOT_CACHE:-/var/cache/kbuild-pack/roots}
MIRROR=${KBP_DEBIAN_MIRROR:-http://deb.debian.org/debian}
MARKER=.kbp-root-complete

[ -r "$LIST" ] || die "missing $LIST"
HASH=$(cat "$LIST" "$SELF" | sha256sum | cut -c1-12)
ROOT=$CACHE/$SUITE-$HASH
if [ -f "$ROOT/$MARKER" ]; then echo "$ROOT"; exit 0; fi

[ "$(id -u)" = 0 ] || die "building the root needs root"
command -v mmdebstrap >/dev/null || die "mmdebstrap missing (apt-get install mmdebstrap)"
PKGS=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$LIST" | tr -s ' \n' ',' | sed 's/,$//')

mkdir -p "$CACHE"
exec 9>"$CACHE/.$SUITE.lock"
log "waiting for lock $CACHE/.$SUITE.lock"
flock 9
if [ -f "$ROOT/$MARKER" ]; then echo "$ROOT"; exit 0; fi

# Roots of other hashes, and aborted builds (12 ?s: the hash only).
for old in "$CACHE/$SUITE"-???????????? "$CACHE/$SUITE"-????????????.tmp.*; do
    [ -e "$old" ] || continue
    log "removing stale $old"
    rm -rf --one-file-system "$old"
done

TMP=$ROOT.tmp.$$
trap 'rm -rf --one-file-system "$TMP"' EXIT
START=$(date +%s)
log "building $SUITE root in $TMP: $PKGS"
# A testing suite's Release carries a Valid-Until that an archive snapshot
# outlives (scripts/fetch-deb.sh reads it the same way).
mmdebstrap --variant=apt --aptopt='Acquire::Check-Valid-Until "false"' \
    --include="$PKGS" "$SUITE" "$TMP" "$MIRROR" >&2 \
    || die "mmdebstrap failed"
END=$(date +%s)
echo "$((END - START))" > "$TMP/.kbp-root-seconds"
# What the tests rely on, checked once here.
for p in rustc bindgen gcc make; do
    chroot "$TMP" sh -c "command -v $p" >/dev/null || die "$p missing from the root"
done
echo "$SUITE" > "$TMP/$MARKER"
mv -T "$TMP" "$ROOT"
trap - EXIT
log "done in $((END - START))s: $ROOT ($(du -sh --one-file-system "$ROOT" | cut -f1))"
echo "$ROOT"
