#!/bin/bash
# fetch-deb.sh SUITE PACKAGE[:ARCH][=VERSION]...
# fetch-deb.sh --find SUITE REGEX VERSION
#
# Downloads PACKAGE(s) from a Debian suite (e.g. forky for linux-source-7.2)
# into ${KBP_APT_CACHE:-/var/cache/kbuild-pack/apt}/SUITE/debs and prints
# the path of each .deb; with =VERSION that version, else the newest; with
# :ARCH that architecture's (the host's foreign ones: dpkg --add-architecture). The
# suite is reached through a private sources list and private package
# lists under that directory: the host's apt sources, lists and installed
# packages are never touched, and nothing is installed. SUITE "host" is
# the host's own suites (Debian 12 with its security updates), through the
# host's sources and lists, still without installing anything. A .deb
# already there is reused (lists are refreshed only when a package is
# missing).
#
# --find prints the names of SUITE's packages that match REGEX (an ERE on
# the whole name) and exist at VERSION, one per line (nothing when none).
set -euo pipefail
usage() { echo "usage: $0 SUITE PACKAGE[:ARCH][=VERSION]... | $0 --find SUITE REGEX VERSION" >&2; exit 2; }
find_mode=
[ "${1:-}" != --find ] || { find_mode=1; shift; [ $# -eq 3 ] || usage; }
[ $# -ge 2 ] || usage
suite=$1; shift
[[ $suite =~ ^[a-z]+$ ]] || { echo "fetch-deb: bad suite name '$suite'" >&2; exit 2; }
dir=${KBP_APT_CACHE:-/var/cache/kbuild-pack/apt}/$suite
mkdir -p "$dir/debs"
if [ "$suite" = host ]; then
    apt_opts=(-o APT::Sandbox::User=root -q)
    update() { echo "fetch-deb: updating the host's package lists" >&2; apt-get "${apt_opts[@]}" update >&2 || true; }
else
    mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    [ -r "$keyring" ] || { echo "fetch-deb: $keyring missing (apt-get install debian-archive-keyring)" >&2; exit 1; }
    echo "deb [signed-by=$keyring] http://deb.debian.org/debian $suite main" > "$dir/sources.list"
    apt_opts=(-o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
              -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache"
              -o Dir::State::Status=/dev/null -o APT::Sandbox::User=root -q)
    update() { echo "fetch-deb: updating the package lists of $suite" >&2; apt-get "${apt_opts[@]}" update >&2; }
    # a private suite never fetched has no lists yet
    compgen -G "$dir/lists/*_Packages*" >/dev/null || update
fi
exec 9>"$dir/.lock"
flock 9

if [ -n "$find_mode" ]; then
    regex=$1 version=$2
    mapfile -t names < <(apt-cache "${apt_opts[@]}" pkgnames | grep -xE "$regex" | LC_ALL=C sort)
    [ ${#names[@]} -eq 0 ] ||
        apt-cache "${apt_opts[@]}" madison "${names[@]}" | awk -F' *[|] *' -v v="$version" '{ sub(/^ */, "", $1); sub(/:.*/, "", $1) } $2 == v { print $1 }' |
        LC_ALL=C sort -u
    exit 0
fi

updated=
for spec in "$@"; do
    pkg=${spec%%=*} ver=
    [ "$pkg" = "$spec" ] || ver=${spec#*=}
    # the .deb's name: NAME_VERSION_ARCH.deb, the version without its epoch,
    # ARCH the host's or "all", or the one NAME:ARCH asks for
    arch=$(dpkg --print-architecture)
    case "$pkg" in *:*) arch=${pkg#*:} pkg=${pkg%%:*} ;; esac
    found() { (cd "$dir/debs" && ls "${pkg}_"${ver:+"${ver#*:}"}*"_$arch.deb" "${pkg}_"${ver:+"${ver#*:}"}*_all.deb 2>/dev/null |
        awk -F_ -v v="${ver#*:}" 'v == "" || $2 == v' | sort -V | tail -n1 || true); }
    deb=$(found)
    if [ -z "$deb" ]; then
        if [ -z "$updated" ] && [ "$suite" != host ]; then update; updated=1; fi
        echo "fetch-deb: downloading $spec from $suite" >&2
        if ! (cd "$dir/debs" && apt-get "${apt_opts[@]}" download "$spec" >&2) && [ -z "$updated" ]; then
            update; updated=1
            (cd "$dir/debs" && apt-get "${apt_opts[@]}" download "$spec" >&2) || true
        fi
        deb=$(found)
        [ -n "$deb" ] || { echo "fetch-deb: $spec not downloaded from $suite" >&2; exit 1; }
    fi
    echo "$dir/debs/$deb"
done
