#!/bin/bash
# deb-split-jobs-test.sh CASE: dh_kbuild_pack's Debian layout as the jobs
# of one source package run it, on the quick tier's synthetic tree (no
# kernel, no root): one debian/kbuild-pack-split names the flavours of two
# architectures, x86's "quick" (this tree, at debian/build/build_amd64_none_quick)
# and arm64's "arm64q" (whose tree another buildd has: its path does not
# exist here). dh_kbuild_pack runs as dh runs it in each job: -i (the
# common part from the source alone), -a on amd64, -a on arm64 (a cross
# job). What each job prints and installs is compared with
# expected/deb-split-jobs.CASE.{out,err,rc} (tests/expect.sh); the build
# tree's paths read @S@, @TOP@ and @BIN@.
set -uo pipefail
. "$(dirname "$0")/../lib/lib.sh"
for c in dh_prep dpkg-architecture; do command -v $c >/dev/null || { echo "SKIP: no $c" >&2; exit 77; }; done
[ -x "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set to the kbuild-pack binary"
TOP=$(cd "$KBP_TESTS_DIR/.." && pwd)
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-deb-split-jobs.XXXXXX")
trap 'rc=$?; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
"$KBP_TESTS_DIR/data/mktree.sh" "$S/t" split >/dev/null || die "cannot make the synthetic tree"
P=$S/linux
mkdir -p "$P/debian/build"
ln -s "$S/t/obj" "$P/debian/build/build_amd64_none_quick"
cat >"$P/debian/control" <<'CONTROL'
Source: linux
Section: kernel
Priority: optional
Maintainer: kbuild-pack maintainers <maintainers@users.noreply.a-seed-e39db523.example>
Build-Depends: debhelper-compat (= 13)
Standards-Version: 4.6.2

Package: linux-headers-6.1.99-common
Architecture: all
Multi-Arch: foreign
Description: common
 common

Package: linux-kbuild-6.1
Architecture: amd64 arm64
Multi-Arch: foreign
Built-Using: ${kbuild-pack:Built-Using}
Description: host programs
 host programs

Package: linux-headers-6.1.99-quick
Architecture: amd64
Depends: ${kbuild-pack:Depends}
Description: x86 flavour
 x86 flavour

Package: linux-headers-6.1.99-arm64q
Architecture: arm64
Depends: ${kbuild-pack:Depends}
Description: arm64 flavour
 arm64 flavour
CONTROL
printf 'linux (6.1.99-1) unstable; urgency=medium\n\n  * test\n\n -- kbuild-pack maintainers <maintainers@users.noreply.a-seed-e39db523.example>  Mon, 15 Jan 2024 12:00:00 +0000\n' \
	>"$P/debian/changelog"
# split FILE LINES...: debian/kbuild-pack-split of the main settings, then LINES
split() {
	{
		printf '%s\n' 'layout debian' 'common-name 6.1.99-common' 'arch x86 arm64' "src $S/t/src" \
			'tree quick=debian/build/build_amd64_none_quick' 'tree arm64q=debian/build/build_arm64_none_arm64q' \
			"option -M $TOP/manifests"
		for l in "$@"; do printf '%s\n' "$l"; done
	} >"$P/debian/kbuild-pack-split"
}
# job ARCH ARGS...: dh_kbuild_pack ARGS in a job for ARCH on amd64 (the
# packages made empty first); then, for each package, its substitution
# variables and what it got, each file with its mode
job() {
	local arch=$1 p
	shift
	rm -rf "$P/debian/.debhelper" "$P"/debian/*.substvars
	for p in linux-headers-6.1.99-common linux-kbuild-6.1 linux-headers-6.1.99-quick linux-headers-6.1.99-arm64q; do
		rm -rf "${P:?}/debian/$p"
	done
	(cd "$P" && env -u DH_VERBOSE -u DEB_BUILD_OPTIONS DEB_BUILD_ARCH=amd64 DEB_HOST_ARCH="$arch" \
		$(dpkg-architecture -a"$arch" -f 2>/dev/null | grep -E '^DEB_HOST_(GNU_TYPE|MULTIARCH)=') \
		PATH="$TOP/packaging/debian:$PATH" PERL5LIB="$TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}" \
		SOURCE_DATE_EPOCH=1700000000 dh_kbuild_pack "$@")
	local rc=$?
	for p in linux-headers-6.1.99-common linux-kbuild-6.1 linux-headers-6.1.99-quick linux-headers-6.1.99-arm64q; do
		[ ! -e "$P/debian/$p.substvars" ] || sed "s/^/$p.substvars: /" "$P/debian/$p.substvars"
		[ ! -d "$P/debian/$p" ] || echo "$p: $(cd "$P/debian/$p" && find . -type f | wc -l) files in" \
			$(cd "$P/debian/$p" && find . -maxdepth 3 -mindepth 3 -type d -printf '%P\n' | LC_ALL=C sort)
	done
	return $rc
}
# subst: the scratch and source paths as @S@ and @TOP@, the binaries' as @BIN@
subst() { sed -e "s|$(dirname "$KBUILD_PACK")|@BIN@|g" -e "s|$S|@S@|g" -e "s|$TOP|@TOP@|g"; }

# the common part from the source alone: no tree is read (none is there)
case_indep() {
	split
	rm "$P/debian/build/build_amd64_none_quick"
	job amd64 -i 2>&1 | subst
}
# the x86 flavour and the host programs: the arm64 tree is not looked for
case_amd64() {
	split
	job amd64 -a 2>&1 | subst
}
# the cross job: the arm64 flavour's tree must be there, the x86 one is not read
case_arm64() {
	split
	job arm64 -a 2>&1 | subst
}
# -p: the one flavour the job builds, without the host programs
case_one-flavour() {
	split
	job amd64 -plinux-headers-6.1.99-quick 2>&1 | subst
}
# the packager's compiler, for an architecture
case_compiler() {
	split 'compiler amd64=linux-compiler-gcc-12-x86' 'compiler arm64=gcc-12'
	job amd64 -a 2>&1 | subst
}
# a tree whose package nothing names, missing: which job has it cannot be told
case_unnamed() {
	split 'tree debian/build/build_arm64_none_other'
	job amd64 -a 2>&1 | subst
}
# the same in the arch-independent job, which reads no tree: no matter
case_unnamed-indep() {
	split 'tree debian/build/build_arm64_none_other'
	job amd64 -i 2>&1 | subst
}
# a tree named for a flavour whose release is another's
case_wrong-release() {
	split
	ln -s "$S/t/obj" "$P/debian/build/build_arm64_none_arm64q"
	job arm64 -a 2>&1 | subst
}
# files beside the split file: a featureset's copy is refused, naming both;
# a patch's leftover is not read, and said
case_featureset-files() {
	split
	cp "$P/debian/kbuild-pack-split" "$P/debian/kbuild-pack-split.orig"
	cp "$P/debian/kbuild-pack-split" "$P/debian/kbuild-pack-split.copy"
	job amd64 -i 2>&1 | subst
}
# a NUL byte in a value, named with its line
case_nul() {
	split
	printf 'tree \0debian/build/x\n' >>"$P/debian/kbuild-pack-split"
	job amd64 -a 2>&1 | subst
}
# a release a package field would read as more relations: refused where
# it is read, in the split's and in a package's own file
case_release-field() {
	sed -i 's/^#define UTS_RELEASE .*/#define UTS_RELEASE "6.1.99-quick,evil(=9)"/' "$S/t/obj/include/generated/utsrelease.h"
	split
	job amd64 -a 2>&1 | subst
	rm "$P/debian/kbuild-pack-split"
	printf 'src %s\nobj %s\n' "$S/t/src" "$S/t/obj" >"$P/debian/linux-headers-6.1.99-quick.kbuild-pack"
	job amd64 -plinux-headers-6.1.99-quick 2>&1 | subst
}
# each refused line named by its file and line
case_bad-lines() {
	local l
	for l in 'tree a=b c d' 'tree x=' 'compiler Not_A_Package' 'compiler amd64=gcc-12 gcc-13' 'part common' 'frobnicate 1'; do
		split "$l"
		job amd64 -a 2>&1 | subst
	done
}

declare -F "case_${1:-}" >/dev/null || die "usage: $0 CASE"
"case_$1"
