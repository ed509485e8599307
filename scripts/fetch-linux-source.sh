#!/bin/bash
# fetch-linux-source.sh SERIES...
#
# Puts linux-source-SERIES.tar.xz in ${KBP_SOURCE_CACHE:-/var/cache/kbuild-pack/sources}
# for series that Debian 12 does not ship, taking the linux-source-SERIES
# package (arch: all) from the Debian suite that has it, through
# scripts/fetch-deb.sh (nothing is installed on the host). Series that
# Debian 12 ships (6.1, 6.12) come from apt-get install, in
# /usr/src: for them this script does nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${KBP_SOURCE_CACHE:-/var/cache/kbuild-pack/sources}
for series in "$@"; do
    case "$series" in
        6.1|6.12) continue ;;
        7.2) suite=forky ;;
        5.10) suite=bullseye ;;
        *) echo "fetch-linux-source: no Debian suite known for series $series" >&2; exit 2 ;;
    esac
    out=$cache/linux-source-$series.tar.xz
    [ -s "$out" ] && continue
    deb=$("$here/fetch-deb.sh" "$suite" "linux-source-$series")
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/.extract.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$tmp" "./usr/src/linux-source-$series.tar.xz"
    mv "$tmp/usr/src/linux-source-$series.tar.xz" "$out"
    rm -rf "$tmp"; trap - EXIT
    echo "fetch-linux-source: $out ($(basename "$deb"))" >&2
done
