#!/bin/bash
# Installs the Debian packages listed in scripts/packages.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mapfile -t pkgs < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/packages.txt")
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
# "# arch: ARCH" lines: foreign architectures whose packages (pkg:ARCH) are listed.
need_update=
for a in $(sed -n 's/^#[[:space:]]*arch:[[:space:]]*\([a-z0-9]*\).*/\1/p' "$here/packages.txt"); do
	if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		echo "adding foreign architecture $a" >&2
		$sudo dpkg --add-architecture "$a"
		need_update=1
	fi
done
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ] || [ -n "$need_update" ]; then
	echo "installing: ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -q || true
	$sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
# Kernel series that Debian 12 does not ship (7.2): the tarball from the
# suite that has it, into the source cache (nothing installed on the host).
# The series are those of the fixture table, tests/series.cmake (the script
# skips the ones apt installs).
"$here/fetch-linux-source.sh" $(sed -n 's/^ *kbp_\(cross_\)\{0,1\}fixture(\([0-9.]*\):.*/\2/p' "$here/../tests/series.cmake" | sort -uV)
