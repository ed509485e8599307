#!/bin/bash
# Hostile and careless inputs about paths and trees, on a tiny synthetic
# kernel tree (no root, no real kernel): each case checks the exact
# messages, the exit status and what was (not) written.
# Usage: paths-test.sh CASE   (KBUILD_PACK: the binary under test; cases:
# the case_NAME functions, one CTest test hostile.NAME each)
set -uo pipefail
CASE=$1
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/keys.sh"
. "$(dirname "$0")/../lib/faketree.sh"
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-hostile.XXXXXX")
trap 'rm -rf "$S"' EXIT
REL=6.1.0-hostile

# mktree SRC [OBJ]: the synthetic tree of tests/lib/faketree.sh (ft_kernel).
mktree() { ft_kernel "$@"; }

# listing DIR: type, mode, size, path and link target of everything below DIR.
listing() { (cd "$1" && find . -mindepth 1 -printf '%y %m %s %p %l\n' | sort); }
# run_unchanged DIR ARGS...: run ARGS; a failed check if DIR changed.
run_unchanged() {
	local dir=$1
	shift
	listing "$dir" >"$S/before.txt"
	run "$@"
	listing "$dir" >"$S/after.txt"
	diff -u "$S/before.txt" "$S/after.txt" >&2 || fail "the tree changed"
}

T=$S/linux
OUT=$S/out
mkdir -p "$OUT"
B=$OUT/lib/modules/$REL/build

case_sane() {
	# The synthetic tree packs as it is: the other cases change one thing.
	mktree "$T"
	run --src "$T" --out "$OUT"
	expect_rc 0
	expect_err ""
	[ -f "$B/scripts/basic/fixdep" ] || fail "no scripts/basic/fixdep in the output"
	# An output root that holds the tree is fine when the output itself does not (DESTDIR=/).
	run --src "$T" --out "$S"
	expect_rc 0
	expect_err ""
	[ -f "$S/lib/modules/$REL/build/Makefile" ] || fail "no build directory in $S"
}
case_out-build-link() {
	# DESTDIR/lib/modules/<release>/build -> the tree, as a kernel's "make modules_install"
	# leaves it: --force replaces the link, never what it points to.
	mktree "$T"
	mkdir -p "$S/root/lib/modules/$REL"
	ln -s "$T" "$S/root/lib/modules/$REL/build"
	run_unchanged "$T" --src "$T" --out "$S/root" --force
	expect_rc 0
	expect_err ""
	[ -d "$S/root/lib/modules/$REL/build" ] && [ ! -L "$S/root/lib/modules/$REL/build" ] ||
		fail "build is not the packed directory"
}
case_manifest-scalar-dotdot() {
	mktree "$T"
	echo 'a host file' >"$S/hostname"
	printf 'version: 1\nrules:\n  - name: escape\n    from: src\n    include: "../hostname"\n' >"$S/extra.yaml"
	run --src "$T" --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/extra.yaml:5:14: 'include' path '../hostname' must be relative to the tree and normalised: it has a '..' segment"
	expect_empty "$OUT"
}
case_outside-link() {
	mktree "$T"
	printf 'root:secret\n' >"$S/shadow"
	chmod 600 "$S/shadow"
	if [ "$CASE" = outside-link-relative ]; then
		ln -s ../../../shadow "$T/include/linux/evil.h"
	else
		ln -s "$S/shadow" "$T/include/linux/evil.h"
	fi
	if [ "$CASE" = outside-link-allowed ]; then
		run --src "$T" --out "$OUT" --allow-outside-links
		expect_rc 0
		expect_err "kbuild-pack: warning: @S@/linux/include/linux/evil.h -> @S@/shadow: symlink out of the source and object trees kept as a link (--allow-outside-links)"
		[ -L "$B/include/linux/evil.h" ] && [ "$(readlink "$B/include/linux/evil.h")" = "$S/shadow" ] ||
			fail "evil.h is not kept as the link it was: $(ls -l "$B/include/linux/evil.h")"
	else
		run --src "$T" --out "$OUT"
		expect_rc 1
		if [ "$CASE" = outside-link ]; then
			expect_err "kbuild-pack: error: @S@/linux/include/linux/evil.h -> @S@/shadow: symlink out of the source and object trees; not following it (--allow-outside-links keeps such links as links)"
		else
			expect_err "kbuild-pack: error: @S@/linux/include/linux/evil.h -> ../../../shadow, resolved to @S@/shadow: symlink out of the source and object trees; not following it (--allow-outside-links keeps such links as links)"
		fi
		expect_empty "$OUT"
	fi
	if grep -rqs 'root:secret' "$OUT"; then fail "the link's target was copied"; fi
}
case_outside-link-relative() { case_outside-link; }
case_outside-link-allowed() { case_outside-link; }
case_outside-dir-link() {
	# A manifest path through a symlinked directory does not lead out of the tree.
	mktree "$T"
	mkdir "$S/etc"
	printf 'root:secret\n' >"$S/etc/shadow"
	ln -s "$S/etc" "$T/include/etc"
	printf 'version: 1\nrules:\n  - name: through-a-link\n    from: src\n    include: [include/etc/shadow, "include/etc/*"]\n' >"$S/extra.yaml"
	run --src "$T" --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 0
	expect_err ""
	[ ! -e "$B/include/etc" ] || fail "include/etc was packed: $(ls -lR "$B/include/etc")"
	if grep -rqs 'root:secret' "$OUT"; then fail "a file behind the directory link was copied"; fi
}
case_link-mode() {
	# A link inside the tree whose target is not selected becomes a copy with the target's mode.
	mktree "$T"
	mkdir -p "$T/tools/bin"
	printf '#!/bin/sh\n' >"$T/tools/bin/gen.sh"
	echo 'data' >"$T/tools/bin/data.txt"
	chmod 755 "$T/tools/bin/gen.sh"
	chmod 644 "$T/tools/bin/data.txt"
	ln -s ../tools/bin/gen.sh "$T/scripts/gen.sh"
	ln -s ../tools/bin/data.txt "$T/scripts/data.txt"
	run --src "$T" --out "$OUT"
	expect_rc 0
	expect_err ""
	got=$(stat -c '%F %a %n' "$B/scripts/gen.sh" "$B/scripts/data.txt" | sed "s|$B/||")
	want="regular file 755 scripts/gen.sh
regular file 644 scripts/data.txt"
	[ "$got" = "$want" ] || fail "modes of links made copies: $got"
}
case_out-inside-src() {
	mktree "$T"
	run --src "$T" --out "$T/pkg"
	expect_rc 2
	expect_err "kbuild-pack: error: --out @S@/linux/pkg: the output @S@/linux/pkg/lib/modules/$REL/build would be inside the source tree @S@/linux; write it outside the trees"
	[ ! -e "$T/pkg" ] || fail "$T/pkg was written"
	run --src "$T" --out "$T/headers.tar" --format tar
	expect_rc 2
	expect_err "kbuild-pack: error: --out @S@/linux/headers.tar: the output @S@/linux/headers.tar would be inside the source tree @S@/linux; write it outside the trees"
	[ ! -e "$T/headers.tar" ] || fail "$T/headers.tar was written"
}
case_out-inside-obj() {
	mktree "$T" "$S/obj"
	ln -s "$S/obj" "$S/obj-link"
	run --src "$T" --obj "$S/obj" --out "$S/obj-link/pkg"
	expect_rc 2
	expect_err "kbuild-pack: error: --out @S@/obj-link/pkg: the output @S@/obj/pkg/lib/modules/$REL/build would be inside the object tree @S@/obj; write it outside the trees"
	[ ! -e "$S/obj/pkg" ] || fail "$S/obj/pkg was written"
}
case_out-is-tree() {
	# DESTDIR/lib/modules/<release>/build is the in-tree build being packed.
	T=$S/root/lib/modules/$REL/build
	mktree "$T"
	run_unchanged "$S/root" --src "$T" --out "$S/root" --force
	expect_rc 2
	expect_err "kbuild-pack: error: --out @S@/root: the output @S@/root/lib/modules/$REL/build would be inside the source tree @S@/root/lib/modules/$REL/build; write it outside the trees"
	# A tree below the output's build directory would be removed by --force as well.
	mkdir -p "$S/root2/lib/modules/$REL/build"
	mv "$T" "$S/root2/lib/modules/$REL/build/linux"
	run --src "$S/root2/lib/modules/$REL/build/linux" --out "$S/root2" --force
	expect_rc 2
	expect_err "kbuild-pack: error: --out @S@/root2: the output @S@/root2/lib/modules/$REL/build would contain the source tree @S@/root2/lib/modules/$REL/build/linux; write it outside the trees"
	[ -f "$S/root2/lib/modules/$REL/build/linux/Makefile" ] || fail "the tree was removed"
}
case_release-dotdot() {
	# the release names lib/modules/<release>: it is what the kernel
	# reports (UTS_RELEASE), whatever kernel.release says
	mktree "$T"
	echo '#define UTS_RELEASE ".."' >"$T/include/generated/utsrelease.h"
	run --src "$T" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/linux/include/generated/utsrelease.h: UTS_RELEASE \"..\" is not a release kbuild-pack takes (it names lib/modules/<release>, packages and Makefile words): letters, digits, '.', '_', '+', '~' and '-', starting with a letter or digit, at most 64 bytes"
	expect_empty "$OUT"
	echo '#define UTS_RELEASE "6.1.0-57/../../x"' >"$T/include/generated/utsrelease.h"
	run --src "$T" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/linux/include/generated/utsrelease.h: UTS_RELEASE \"6.1.0-57/../../x\" is not a release kbuild-pack takes (it names lib/modules/<release>, packages and Makefile words): letters, digits, '.', '_', '+', '~' and '-', starting with a letter or digit, at most 64 bytes"
	expect_empty "$OUT"
}
case_release-overridden() {
	# Debian's top Makefile reads .kernelvariables ("override KERNELRELEASE =
	# 6.1.0-57-amd64"): kernel.release keeps the upstream version, the
	# kernel reports the override. The pack lands where uname -r points,
	# and verify names the difference without failing.
	mktree "$T"
	echo '6.1.192' >"$T/include/config/kernel.release"
	run --src "$T" --out "$OUT" -v
	expect_rc 0
	grep -qxF "kbuild-pack: release $REL (UTS_RELEASE, what the kernel reports); include/config/kernel.release says 6.1.192 (the Makefiles override KERNELRELEASE)" "$S/err.txt" \
		|| fail "no note of the two releases: $(cat "$S/err.txt")"
	[ -f "$B/Makefile" ] || fail "not packed into lib/modules/$REL: $(ls "$OUT/lib/modules")"
	run verify "$OUT"
	expect_rc 0
	expect_err "kbuild-pack: warning: @S@/out/lib/modules/$REL/build: include/config/kernel.release says 6.1.192, the kernel reports $REL (UTS_RELEASE): modules are built for $REL"
	# installed under another name, it is never found
	mv "$OUT/lib/modules/$REL" "$OUT/lib/modules/6.1.192"
	run verify "$OUT"
	expect_rc 1
	grep -qxF "include/generated/utsrelease.h: the kernel reports release $REL, but the tree is installed as lib/modules/6.1.192: make -C /lib/modules/\$(uname -r)/build and dkms do not find it" "$S/out.txt" \
		|| fail "verify did not name the directory: $(cat "$S/out.txt" "$S/err.txt")"
}
case_arch-dotdot() {
	mktree "$T"
	sed -i 's|^# Linux/x86 |# Linux/../arch/x86 |' "$T/.config"
	run --src "$T" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/linux/.config: architecture '../arch/x86' is not a kernel architecture name (lower-case letters, digits, '_')"
	expect_empty "$OUT"
	run --src "$T" --out "$OUT" --arch ../x86
	expect_rc 1
	expect_err "kbuild-pack: error: --arch: architecture '../x86' is not a kernel architecture name (lower-case letters, digits, '_')"
	expect_empty "$OUT"
}
case_long-path() {
	# include/deep/<17 x 250 characters>/d.h: longer than PATH_MAX (4096) with the tree's path.
	mktree "$T"
	seg=$(printf 'd%.0s' {1..250})
	(cd "$T/include" && mkdir deep && cd deep && for _ in {1..17}; do mkdir "$seg" && cd "$seg" || exit 1; done && echo '/* deep */' >d.h) ||
		fail "cannot make the deep tree"
	long=include/deep$(printf "/$seg%.0s" {1..17})/d.h
	run --src "$T" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/linux/$long: path longer than PATH_MAX (4096 bytes): kbuild-pack cannot copy it"
	expect_empty "$OUT"
	cp "$S/want.txt" "$S/want-pack.txt"
	run --src "$T" --list
	expect_rc 1
	expect_err "$(cat "$S/want-pack.txt")"
}
case_key-pem-upper() { # labels: quick,hostile,keys
	# Private keys are refused by their bytes, whatever their name (include/ is
	# packed whole): each file named here must be left out with a warning.
	mktree "$T"
	mkdir -p "$T/include/keys" "$T/certs"
	case $CASE in
	key-pem-upper)
		make_key pem "$T/include/keys/KEY.PEM"
		keys=(include/keys/KEY.PEM) ;;
	key-link-h)
		# certs/ is not packed: the link would become a copy of the key.
		make_key pem "$T/certs/other.pem"
		ln -s ../../certs/other.pem "$T/include/linux/key.h"
		keys=(include/linux/key.h) ;;
	key-pem-in-h)
		make_key pem "$S/k.pem"
		{ echo '/* test vector'; cat "$S/k.pem"; echo '*/'; echo '#define X 1'; } >"$T/include/linux/secret.h"
		keys=(include/linux/secret.h) ;;
	key-openssh)
		make_key openssh "$T/include/keys/id_ed25519"
		# The same key without its armour, and as the bytes the base64 stands for.
		grep -v -- ----- "$T/include/keys/id_ed25519" >"$T/include/keys/bare.txt"
		base64 -d "$T/include/keys/bare.txt" >"$T/include/keys/raw.bin"
		keys=(include/keys/bare.txt include/keys/id_ed25519 include/keys/raw.bin) ;;
	key-der)
		make_key pkcs8-der "$T/include/keys/module.der"
		make_key pkcs1-der "$T/include/keys/rsa"
		make_key sec1-der "$T/include/keys/ec.bin"
		make_key dsa-der "$T/include/keys/dsa.h"
		make_key enc-der "$T/include/keys/encrypted.der"
		make_key p12 "$T/include/keys/bundle.p12"
		# A certificate and a public key are not secret: they are packed.
		make_key cert-der "$T/include/keys/cert.der"
		make_key pub-der "$T/include/keys/public.der"
		keys=(include/keys/bundle.p12 include/keys/dsa.h include/keys/ec.bin include/keys/encrypted.der include/keys/module.der include/keys/rsa) ;;
	key-big)
		# Over 1 MB, the armour across the 64 KiB reads of the scan.
		head -c $((2 * 1024 * 1024 - 5)) /dev/zero | tr '\0' ' ' >"$T/include/linux/big.h"
		make_key pem "$S/k.pem"
		cat "$S/k.pem" >>"$T/include/linux/big.h"
		keys=(include/linux/big.h) ;;
	esac
	run --src "$T" --out "$OUT"
	expect_rc 0
	want=""
	for k in "${keys[@]}"; do
		want+="kbuild-pack: warning: not copying private key material: @S@/linux/$k"$'\n'
		[ ! -e "$B/$k" ] && [ ! -L "$B/$k" ] || fail "$k was packed"
	done
	expect_err "${want%$'\n'}"
	[ -f "$B/include/linux/module.h" ] || fail "no include/linux/module.h in the output"
	if [ "$CASE" = key-der ]; then
		cmp "$T/include/keys/cert.der" "$B/include/keys/cert.der" || fail "the certificate was not packed"
		cmp "$T/include/keys/public.der" "$B/include/keys/public.der" || fail "the public key was not packed"
	fi
	# No copy of a key under any name.
	(cd "$OUT" && find . -type f -exec sha256sum {} + | cut -d' ' -f1) >"$S/out.sums"
	for k in "${keys[@]}"; do
		sum=$(sha256sum <"$T/$k" | cut -d' ' -f1)
		if grep -qx "$sum" "$S/out.sums"; then fail "a copy of $k is in the output"; fi
	done
	if grep -rlsE 'PRIVATE KEY|b3BlbnNzaC1rZXktdjE|openssh-key-v1' "$OUT" >&2; then fail "key material in the output"; fi
}
case_key-link-h() { case_key-pem-upper; } # labels: quick,hostile,keys
case_key-pem-in-h() { case_key-pem-upper; } # labels: quick,hostile,keys
case_key-openssh() { case_key-pem-upper; } # labels: quick,hostile,keys
case_key-der() { case_key-pem-upper; } # labels: quick,hostile,keys
case_key-big() { case_key-pem-upper; } # labels: quick,hostile,keys
kbp_run_case "$CASE"
