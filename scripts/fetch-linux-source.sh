#!/bin/bash
# fetch-linux-source.sh SERIES...
#
# Puts linux-source-SERIES.tar.xz in ${KBP_SOURCE_CACHE:-/var/cache/kbuild-pack/sources}
# for series that Debian 12 does not ship, taking the linux-source-SERIES
# package (arch: all) from the Debian suite that has it, through
# scripts/fetch-deb.sh (nothing is installed on the host), and its package
# version beside it (linux-source-SERIES.version). Series that Debian 12
# ships (6.1, 6.12: scripts/debian-suite.sh says "host") come from apt-get
# install, in /usr/src: for them this script does nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${KBP_SOURCE_CACHE:-/var/cache/kbuild-pack/sources}
for series in "$@"; do
    suite=$("$here/debian-suite.sh" "$series")
    [ "$suite" != host ] || continue
    out=$cache/linux-source-$series.tar.xz
    [ -s "$out" ] && [ -s "$cache/linux-source-$series.version" ] && continue
    deb=$("$here/fetch-deb.sh" "$suite" "linux-source-$series")
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/.extract.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$tmp" "./usr/src/linux-source-$series.tar.xz"
    mv "$tmp/usr/src/linux-source-$series.tar.xz" "$out"
    # the package version, which the Debian kernel fixtures match
    dpkg-deb -f "$deb" Version > "$cache/linux-source-$series.version"
    rm -rf "$tmp"; trap - EXIT
    echo "fetch-linux-source: $out ($(basename "$deb"))" >&2
done
