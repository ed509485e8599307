#!/bin/bash
# doc-paths.sh [TOP [DOC...]]: every repository path a document names in
# backquotes exists (doc/HACKING.md by default). A recipe that names a file
# which moved or never was sends its reader looking for nothing.
#
# A path is the first word of a code span that starts with one of the
# repository's top folders (src/, tests/, scripts/, ...). Checked:
#   - as written, relative to TOP (a trailing / asks for a directory);
#   - a glob (*, ?, [...]) must match at least one path;
#   - a placeholder for what does not exist yet (an upper-case word such as
#     NAME or SERIES, <srcarch>, {a,b}) is skipped when the path as written
#     does not exist (it names a file the reader is to make), but the folder
#     before it must exist.
# The kernel's own paths (scripts/mod/modpost) are written after "the
# kernel's" or "a kernel tree's", and are not the repository's.
# Prints each missing path with its document and exits 1 when there is one.
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
shift || true
[ $# -gt 0 ] || set -- doc/HACKING.md
cd "$top"

# The code spans of a Markdown file, one a line, each with the two words
# before it (to tell the kernel's paths): fenced blocks are not prose, and a
# span may run over a line break.
spans() {
	awk '
	/^[ \t]*```/ { fence = !fence; next }
	fence { next }
	{ text = text $0 " " }
	END {
		n = split(text, part, "`")
		for (i = 2; i <= n; i += 2) {
			before = part[i - 1]
			sub(/[ \t]+$/, "", before)
			m = split(before, w, /[ \t]+/)
			lead = (m >= 2 ? w[m - 1] " " : "") (m >= 1 ? w[m] : "")
			span = part[i]
			sub(/^[ \t]+/, "", span)
			print lead "\t" span
		}
	}' "$1"
}

missing=0 checked=0 skipped=0
for doc in "$@"; do
	[ -r "$doc" ] || { echo "$doc: cannot read it"; missing=$((missing + 1)); continue; }
	while IFS=$'\t' read -r lead span; do
		path=${span%%[[:space:]]*}
		case $path in
			src/* | tests/* | scripts/* | manifests/* | packaging/* | doc/* | rpm/* | debian/* | bench/* | cmake/*) ;;
			*) continue ;;
		esac
		case $lead in
			*"kernel's" | *"tree's") continue ;;
		esac
		checked=$((checked + 1))
		[ -e "$path" ] && continue
		# a placeholder: the folder before it must exist
		if [[ $path =~ ^([^A-Z\<\{]*/)?[^/]*([A-Z][A-Z0-9_]+|\<|\{) ]]; then
			dir=${BASH_REMATCH[1]:-./}
			if [ -d "$dir" ]; then
				skipped=$((skipped + 1))
				[ -z "${KBP_DOC_PATHS_VERBOSE:-}" ] || echo "$doc: placeholder $path"
				continue
			fi
			echo "$doc: names $path, whose folder $dir does not exist"
			missing=$((missing + 1))
			continue
		fi
		case $path in
			*'*'* | *'?'* | *'['*)
				# the glob, unquoted, matches some path (nullglob: an
				# unmatched one expands to nothing)
				if (shopt -s nullglob globstar; m=($path); [ ${#m[@]} -gt 0 ]); then
					continue
				fi ;;
		esac
		echo "$doc: names $path, which does not exist"
		missing=$((missing + 1))
	done < <(spans "$doc")
done
echo "doc-paths: $checked paths in $*, $missing missing, $skipped placeholders skipped"
[ "$missing" -eq 0 ]
