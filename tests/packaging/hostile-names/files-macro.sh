#!/bin/bash
# files-macro.sh MACROS: %kbuild_pack_files -r RELEASE, each case as
# "$ RELEASE", the lines it expands to (or rpm's error) and the status
# (compared by expect.sh with files-macro.out). A release that a %files
# line would glob, split or expand is refused, never written as it is.
macros=$1
command -v rpm >/dev/null || exit 77
for r in 6.1.0-1.fc40.x86_64 6.12.9+deb13-amd64 '6.1*' '6.1[0]' '6.1?'; do
	printf '$ %s\n' "$r"
	rpm --load "$macros" --eval "%kbuild_pack_files -r $r" 2>&1 | grep -v '^$' | sed 's/^error: lua script failed: .*/error: lua script failed/'
	echo "-> ${PIPESTATUS[0]}"
done
