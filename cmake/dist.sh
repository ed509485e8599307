#!/bin/sh
# dist.sh SRCDIR NAME OUT.tar.gz [REF]: see dist.cmake.
set -eu
src=$1 name=$2 out=$3 ref=${4:-HEAD}
GIT=${GIT:-git} TAR=${TAR:-tar}
cd "$src"
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
if [ "$ref" != worktree ]; then
    "$GIT" archive --format=tar --prefix="$name/" "$ref" | gzip -9n > "$tmp"
else
    mtime=$("$GIT" log -1 --format=%ct HEAD 2>/dev/null || echo 0)
    # tracked files that exist in the working tree (a tracked file being
    # deleted is left out rather than failing the tarball)
    "$GIT" ls-files -z |
        xargs -0 -r sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && printf "%s\0" "$f"; done' sh |
        "$TAR" --null -T - --no-recursion --sort=name --format=gnu \
            --owner=0 --group=0 --numeric-owner --mode=u+w,go-w,a+rX \
            --mtime="@$mtime" --transform="s,^,$name/,S" -cf - |
        gzip -9n > "$tmp"
fi
mv "$tmp" "$out"
echo "$out"
