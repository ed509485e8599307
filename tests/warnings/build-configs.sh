#!/bin/bash
# build-configs.sh SRC DIR [CONFIG...]: configures and builds SRC in
# DIR/CONFIG for each CONFIG, the way packagers and CI build it, and fails
# on any warning (configure or build, link-time LTO warnings included).
# KBP_WERROR=ON in each, and the build's own compile lines are checked for
# the flags the configuration stands for, so a flag lost on the way fails.
# Default CONFIGs (the "build.configs" test):
#   gcc-release    gcc, Release (-O3): what issue 21 saw fail, maybe-uninitialized
#   clang-release  clang, Release (-O3)
#   gcc-dpkg       gcc, None with dpkg-buildflags (hardening=+all), as debhelper
#   gcc-fedora     gcc, Fedora's %optflags (LTO, _FORTIFY_SOURCE=3) and no
#                  build type, as the spec's %cmake branch
# Also: {gcc,clang}-{relwithdebinfo,debug,none}, gcc-o3 (None, CFLAGS -O3),
# clang-dpkg, clang-fedora (without gcc's LTO flags), or "all" of them.
# KBP_BUILD_TESTING=ON builds the test programs too (default OFF: cheaper).
# Exit 77 when a compiler or dpkg-buildflags is missing and nothing failed.
set -uo pipefail
src=$1 dir=$2
mkdir -p "$dir" || exit 2
shift 2
[ $# -gt 0 ] || set -- gcc-release clang-release gcc-dpkg gcc-fedora
if [ "$1" = all ]; then
	set --
	for cc in gcc clang; do
		for t in release relwithdebinfo debug none dpkg fedora; do set -- "$@" "$cc-$t"; done
	done
	set -- "$@" gcc-o3
fi

fedora_cflags="-O2 -flto=auto -ffat-lto-objects -fexceptions -g -grecord-gcc-switches -pipe -Wall
 -Werror=format-security -Wp,-D_FORTIFY_SOURCE=3 -Wp,-D_GLIBCXX_ASSERTIONS -fstack-protector-strong
 -fstack-clash-protection -fcf-protection -fasynchronous-unwind-tables"
fedora_ldflags="-Wl,-z,relro -Wl,--as-needed -Wl,-z,now -flto=auto -ffat-lto-objects"

# config NAME: sets cc, args (cmake -D...), CFLAGS/LDFLAGS and want (a
# regular expression every compile line of the build must match).
config() {
	local t=${1#*-}
	cc=${1%%-*} args=() want=
	CFLAGS= LDFLAGS=
	case $t in
	release) args=(-DCMAKE_BUILD_TYPE=Release) want=' -O3 ' ;;
	relwithdebinfo) args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo) want=' -O2 -g ' ;;
	debug) args=(-DCMAKE_BUILD_TYPE=Debug) want=' -g ' ;;
	none) args=(-DCMAKE_BUILD_TYPE=None) want=' -Wall ' ;;
	o3) args=(-DCMAKE_BUILD_TYPE=None) CFLAGS="-O3 -g" want=' -O3 -g ' ;;
	dpkg)
		command -v dpkg-buildflags >/dev/null || return 77
		# debhelper's cmake: build type None, CPPFLAGS folded into CFLAGS
		eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
		CFLAGS="$CFLAGS $CPPFLAGS"
		args=(-DCMAKE_BUILD_TYPE=None)
		want=' -fstack-protector-strong .*-D_FORTIFY_SOURCE=[1-9]' ;;
	fedora)
		CFLAGS=$(echo $fedora_cflags) LDFLAGS=$fedora_ldflags
		want=' -flto=auto .*-D_FORTIFY_SOURCE=3 .*-fstack-clash-protection'
		if [ "$cc" = clang ]; then # clang: no -ffat-lto-objects, no gcc LTO
			CFLAGS=$(echo "$CFLAGS" | sed 's/ -flto=auto -ffat-lto-objects//') LDFLAGS="-Wl,-z,relro -Wl,--as-needed -Wl,-z,now"
			want='-D_FORTIFY_SOURCE=3 .*-fstack-clash-protection'
		fi ;;
	*) echo "unknown configuration $1" >&2; return 2 ;;
	esac
	command -v "$cc" >/dev/null || return 77
	export CFLAGS LDFLAGS
	return 0
}

fails=0 skips=0
for name in "$@"; do
	( cd "$src" || exit 2 # dpkg-buildflags' -ffile-prefix-map names the cwd, as in debhelper
	config "$name" || exit
	b=$dir/$name log=$dir/$name.log
	rm -rf "$b"
	start=$SECONDS
	{ CC=$cc cmake -S "$src" -B "$b" -DKBP_WERROR=ON -DBUILD_TESTING="${KBP_BUILD_TESTING:-OFF}" "${args[@]}" &&
	  cmake --build "$b" -j2 --verbose; } > "$log" 2>&1
	rc=$?
	# compile lines of the project's sources: the flags arrived, -Werror too
	lines=$(grep -E "(^|&& )[^ ]*$cc[^ ]* .* -c $src/" "$log")
	if [ $rc -ne 0 ]; then
		echo "FAIL: $name: the build failed (rc $rc), $log:" >&2
		grep -E '(error|warning):' "$log" | head -n 20 | grep . >&2 || tail -n 20 "$log" >&2
		exit 1
	elif grep -E '[Ww]arning:|CMake Warning' "$log" >&2; then
		echo "FAIL: $name: warnings above, in $log" >&2
		exit 1
	elif [ -z "$lines" ] || grep -v -E -- "$want" <<<"$lines" | head -n 3 | grep . >&2 ||
	     grep -v -E -- ' -Werror( |$)' <<<"$lines" | head -n 3 | grep . >&2; then
		echo "FAIL: $name: compile lines above lack '$want' or -Werror ($log)" >&2
		exit 1
	fi
	echo "ok: $name ($(grep -c . <<<"$lines") compiles, $((SECONDS - start)) s)"
	)
	case $? in
	0) ;;
	77) echo "skip: $name (no ${name%%-*} or dpkg-buildflags)"; skips=$((skips + 1)) ;;
	*) fails=$((fails + 1)) ;;
	esac
done
[ $fails -gt 0 ] && exit 1
[ $skips -gt 0 ] && exit 77
exit 0
