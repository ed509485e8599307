#!/bin/bash
# fetch-deb.sh SUITE PACKAGE...
#
# Downloads PACKAGE(s) from another Debian suite (e.g. forky for
# linux-source-7.2) into ${KBP_APT_CACHE:-/var/cache/kbuild-pack/apt}/SUITE/
# and prints the path of each .deb. The suite is reached through a private
# sources list and private package lists under that directory: the host's
# apt sources, lists and installed packages are never touched, and nothing
# is installed. A .deb already there is reused (lists are refreshed only
# when a package is missing).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 SUITE PACKAGE..." >&2; exit 2; }
suite=$1; shift
[[ $suite =~ ^[a-z]+$ ]] || { echo "fetch-deb: bad suite name '$suite'" >&2; exit 2; }
dir=${KBP_APT_CACHE:-/var/cache/kbuild-pack/apt}/$suite
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/debs"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "fetch-deb: $keyring missing (apt-get install debian-archive-keyring)" >&2; exit 1; }
echo "deb [signed-by=$keyring] http://deb.debian.org/debian $suite main" > "$dir/sources.list"
apt_opts=(-o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
          -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache"
          -o Dir::State::Status=/dev/null -o APT::Sandbox::User=root -q)
exec 9>"$dir/.lock"
flock 9
updated=
for pkg in "$@"; do
    deb=$(ls "$dir/debs/${pkg}_"*.deb 2>/dev/null | sort -V | tail -n1 || true)
    if [ -z "$deb" ]; then
        if [ -z "$updated" ]; then
            echo "fetch-deb: updating the package lists of $suite" >&2
            apt-get "${apt_opts[@]}" update >&2
            updated=1
        fi
        echo "fetch-deb: downloading $pkg from $suite" >&2
        (cd "$dir/debs" && apt-get "${apt_opts[@]}" download "$pkg" >&2)
        deb=$(ls "$dir/debs/${pkg}_"*.deb 2>/dev/null | sort -V | tail -n1 || true)
        [ -n "$deb" ] || { echo "fetch-deb: $pkg not downloaded from $suite" >&2; exit 1; }
    fi
    echo "$deb"
done
