#!/bin/bash
# The include floors of src/ (doc/HACKING.md, "The floors"): a file may
# include headers of its own folder and of the folders below it, never above.
# Prints each upward include and exits 1 when there is one.
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
floors="shared kernel rules modpost sink inspect pack split audit tools"
floor_of() {
	local i=0 f
	for f in $floors; do
		[ "$f" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo -1
}
bad=0
cd "$top/src"
# Every spelling: "x/y.h" and <x/y.h>, "#include" and "# include"; a
# <...> include is the project's when its folder is one of the floors
# (<sys/stat.h> is not).
while IFS= read -r line; do
	file=${line%%:*}
	inc=${line#*include}
	inc=${inc#"${inc%%[\"<]*}"}
	angle=${inc:0:1}
	inc=${inc:1}
	inc=${inc%%[\">]*}
	case $inc in */*) ;; *) continue ;; esac
	from=${file%%/*}
	to=${inc%%/*}
	[ "$from" = "$to" ] && continue
	ff=$(floor_of "$from")
	ft=$(floor_of "$to")
	[ "$angle" = "<" ] && [ "$ft" -lt 0 ] && continue
	if [ "$ff" -lt 0 ] || [ "$ft" -lt 0 ]; then
		echo "$file: includes $inc: folder not in the floors ($floors)"
		bad=1
	elif [ "$ft" -gt "$ff" ] || { [ "$from" = modpost ] && [ "$ft" -gt "$(floor_of kernel)" ]; }; then
		echo "$file: includes $inc: $to is above $from"
		bad=1
	fi
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' --include='*.c' --include='*.h' . | sed 's#^\./##')
exit $bad
