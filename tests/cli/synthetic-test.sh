#!/bin/bash
# The command line on the synthetic tree (the quick tier): the real kbuild-pack on a copy of the
# synthetic kernel tree (tests/data/tree, an O= build made by mktree.sh).
# No root, no kernel, no mounts; each case checks exact messages, exit
# statuses, file lists and bytes. Expected outputs: expected/CASE*.{out,err}.
# Usage: synthetic-test.sh CASE   (cases: the case_NAME functions, one CTest
# test quick-cli.NAME each)
set -uo pipefail
. "$(dirname "$0")/../lib/lib.sh"
. "$KBP_TESTS_DIR/lib/faketree.sh"
CASE=$1
HERE=$KBP_TESTS_DIR/cli
[ -x "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set to the kbuild-pack binary"
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-quick.XXXXXX")
trap 'rc=$?; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
ft_quick_tree "$S/t" || die "cannot make the synthetic tree"
SRC=$S/t/src OBJ=$S/t/obj REL=$(cat "$OBJ/include/config/kernel.release")
MANIFESTS=$(cd "${KBP_BUILT_MANIFESTS:-$(dirname "$KBUILD_PACK")/../share/kbuild-pack/manifests}" && pwd) ||
	die "cannot find the manifests the binary uses (KBP_BUILT_MANIFESTS)"
EXPECT_SED=(-e "s|$MANIFESTS|@MANIFESTS@|g" -e "s|$S|@S@|g")
OUT=$S/out
mkdir -p "$OUT"
B=$OUT/lib/modules/$REL/build

# expect NAME: stdout and stderr of the last run are expected/NAME.out and
# expected/NAME.err (a missing file: empty). KBP_UPDATE_EXPECTED=1 writes
# what differs there instead, for review with git diff.
expect() {
	local k f
	for k in out err; do
		f=$HERE/expected/$1.$k
		[ -f "$f" ] || f=/dev/null
		diff -u "$f" "$S/$k.txt" >&2 && continue
		fail "$1: std$k differs from expected/$1.$k"
		if [ -n "${KBP_UPDATE_EXPECTED:-}" ]; then
			if [ -s "$S/$k.txt" ]; then cp "$S/$k.txt" "$HERE/expected/$1.$k"; else rm -f "$HERE/expected/$1.$k"; fi
		fi
	done
}
sum() { sha256sum "$1" | cut -d' ' -f1; }

# verify_bad WANTED-LINE: verify $BAD must fail and print exactly that line.
verify_bad() {
	run verify "$BAD"
	expect_rc 1 "verify of the defective tree"
	printf '%s\n' "$1" >"$S/want.txt"
	expect_out "$S/want.txt" "verify reports: $1"
}
# repro FMT [pack args]: two packs from different directories, 1 s apart,
# give the same bytes, and hold the same tree as the directory output.
repro() {
	local fmt=$1 a b
	shift
	mkdir -p "$S/r1" "$S/r2/deeper"
	(cd "$S/r1" && "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format "$fmt" --out "$S/r1/k.$fmt" "$@") \
		|| die "pack --format $fmt failed"
	sleep 1
	(cd "$S/r2/deeper" && "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format "$fmt" --out "$S/r2/deeper/k.$fmt" "$@") \
		|| die "second pack --format $fmt failed"
	a=$(sum "$S/r1/k.$fmt") b=$(sum "$S/r2/deeper/k.$fmt")
	if [ "$a" = "$b" ]; then
		pass "$fmt $*: two packs give identical bytes (sha256 $a)"
	else
		fail "$fmt $*: sha256 $a != $b"
		cmp "$S/r1/k.$fmt" "$S/r2/deeper/k.$fmt" | head -n 3 >&2
	fi
	run diff "$S/r1/k.$fmt" "$S/dirpack"
	expect_rc 0 "$fmt holds the same tree as --format dir" && pass "$fmt holds the same files as the directory output"
}

# Stress cases (hosttools-sigterm ... tmpdir-relative): the pack's own
# scratch goes to $SCRATCH, which must be empty afterwards; make and the
# target compiler are fakes in $BIN.
SCRATCH=$S/tmp BIN=$S/bin
mkdir -p "$SCRATCH" "$BIN"
# A target compiler (prefix $BIN/kbp-) that says it builds for x86_64.
printf '#!/bin/sh\n[ "$1" = -dumpmachine ] && echo x86_64-linux-gnu && exit 0\nexit 1\n' >"$BIN/kbp-gcc"
chmod 755 "$BIN/kbp-gcc"
HT=(--host-tools=target --cross-compile "$BIN/kbp-")

# nothing_left: no output, no scratch.
nothing_left() {
	expect_empty "$OUT"
	expect_empty "$SCRATCH"
}
# pack_fails MESSAGE ARGS...: the pack stops within seconds with exit 1,
# MESSAGE as its only line on stderr, and leaves nothing behind.
pack_fails() {
	local msg=$1
	shift
	RC=0
	TMPDIR=$SCRATCH timeout -k 5 20 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	expect_rc 1 && pass "exit status 1"
	expect_err "kbuild-pack: error: $msg"
	nothing_left
}
# btf_on: the tree wants a BTF base (the vmlinux step runs).
btf_on() {
	echo CONFIG_DEBUG_INFO_BTF_MODULES=y >>"$OBJ/include/config/auto.conf"
	echo CONFIG_DEBUG_INFO_BTF=y >>"$OBJ/include/config/auto.conf"
	mkdir -p "$OBJ/tools/bpf/resolve_btfids"
	"$KBP_MKELF" "$OBJ/tools/bpf/resolve_btfids/resolve_btfids" && chmod 755 "$OBJ/tools/bpf/resolve_btfids/resolve_btfids"
}

case_usage-no-tree() {
	run --out "$OUT"
	expect_rc 2
	expect "$CASE"
	expect_empty "$OUT"
}
case_usage-bad-modpost() {
	pk --out "$OUT" --modpost=mine
	expect_rc 2
	expect "$CASE"
	expect_empty "$OUT"
}
case_usage-unknown-command() {
	run frobnicate
	expect_rc 2
	expect "$CASE"
}
case_not-a-kernel-tree() {
	mkdir "$S/empty"
	run --src "$S/empty" --out "$OUT"
	expect_rc 1
	expect "$CASE"
	expect_empty "$OUT"
}
case_unconfigured() {
	rm "$OBJ/include/config/auto.conf"
	pk --out "$OUT"
	expect_rc 1
	expect "$CASE"
	expect_empty "$OUT"
}
case_missing-symvers() {
	rm "$OBJ/Module.symvers"
	pk --out "$OUT"
	expect_rc 1
	expect "$CASE"
	expect_empty "$OUT"
	pk --out "$OUT" --allow-missing-symvers
	expect_rc 0
	expect "$CASE-allowed"
	[ -f "$B/Makefile" ] && [ ! -e "$B/Module.symvers" ] || fail "--allow-missing-symvers did not pack without Module.symvers"
}
case_corrupt-symvers() {
	sed -i '3s/\t[^\t]*$//' "$OBJ/Module.symvers" # line 3 loses its namespace field
	pk --out "$OUT"
	expect_rc 1
	expect "$CASE"
	expect_empty "$OUT"
}
case_unknown-arch() {
	pk --out "$OUT" --arch vax
	expect_rc 1
	expect "$CASE-vax"
	pk --out "$OUT" --arch mips
	expect_rc 1
	expect "$CASE-mips"
	expect_empty "$OUT"
}
case_bad-manifest() {
	printf 'version: 1\nrules:\n  - name: extra\n    from: src\n    include: [drivers/md/*.h\n' >"$S/extra.yaml"
	pk --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect "$CASE-syntax"
	printf 'version: 1\nrules:\n  - name: extra\n    from: source\n    include: x\n' >"$S/extra.yaml"
	pk --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect "$CASE-from"
	printf 'version: 1\nrules:\n  - name: extra\n    from: src\n    include: x\n    component: Rust_libs\n' >"$S/extra.yaml"
	pk --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect "$CASE-component"
	expect_empty "$OUT"
}
case_required-missing() {
	rm "$OBJ/scripts/basic/fixdep"
	pk --out "$OUT"
	expect_rc 1
	line=$(grep -n 'name: required-host-tools' "$MANIFESTS/common.yaml" | cut -d: -f1)
	sed -i "s|common.yaml:$line:|common.yaml:@LINE@:|" "$S/err.txt"
	expect "$CASE"
	expect_empty "$OUT"
}
case_gcc-plugins-none() {
	# CONFIG_GCC_PLUGINS=y with no plugin selected builds none (Debian's
	# config after olddefconfig on a host with gcc-12-plugin-dev): the tree
	# packs. A plugin kbuild passes with -fplugin is required.
	echo CONFIG_GCC_PLUGINS=y >>"$OBJ/include/config/auto.conf"
	pk --out "$OUT"
	expect_rc 0 "pack of a plugin-less CONFIG_GCC_PLUGINS tree"
	[ ! -e "$B/scripts/gcc-plugins" ] && pass "no scripts/gcc-plugins packed" || fail "scripts/gcc-plugins packed"
	rm -rf "$OUT" && mkdir -p "$OUT"
	echo CONFIG_GCC_PLUGIN_STACKLEAK=y >>"$OBJ/include/config/auto.conf"
	pk --out "$OUT"
	expect_rc 1
	line=$(grep -n 'name: gcc-plugin-stackleak' "$MANIFESTS/common.yaml" | cut -d: -f1)
	sed -i "s|common.yaml:$line:|common.yaml:@LINE@:|" "$S/err.txt"
	expect "$CASE"
	expect_empty "$OUT"
}
case_release() {
	# kbuild-pack release: the release the kernel reports, which names the
	# output, even where kernel.release says otherwise (Debian's override)
	echo 6.1.99 >"$OBJ/include/config/kernel.release"
	run release "$OBJ"
	expect_rc 0 "release of the tree"
	echo "$REL" >"$S/want.txt"
	expect_out "$S/want.txt" "release prints UTS_RELEASE, $REL"
	pk --out "$OUT"
	[ -d "$B" ] && pass "packed into lib/modules/$REL" || fail "not packed into lib/modules/$REL: $(ls "$OUT/lib/modules")"
	run release "$SRC"
	expect_rc 1
	run release
	expect_rc 2
	expect "$CASE"
}
# A release is a name of one grammar (shared/name.h), refused where it is
# read: it reaches paths, the installed tree's GNUmakefile, rpm macros
# (%global krel %(kbuild-pack release ...)) and deb substvars. Each
# hostile one is refused by release and pack alike, and nothing runs.
case_release-grammar() {
	local rel
	: >"$S/all.out"
	: >"$S/all.err"
	for rel in "x';touch\${IFS}PWN;'" 'x%(touch${IFS}PWN)' 'x,evil-provide(=9)' '-rc1' '.hidden' \
		"$(printf 'a\tb')" 6.1.0-57-amd64 '7.3.0-0~rc2+kbp_1'; do
		printf '#define UTS_RELEASE "%s"\n' "$rel" >"$OBJ/include/generated/utsrelease.h"
		run release "$OBJ"
		echo "release [$rel]: $RC" >>"$S/all.out"
		cat "$S/out.txt" >>"$S/all.out"
		cat "$S/err.txt" >>"$S/all.err"
		pk --out "$S/p"
		echo "pack [$rel]: $RC" >>"$S/all.out"
		cat "$S/err.txt" >>"$S/all.err"
		rm -rf "$S/p"
	done
	find "$S" . -maxdepth 3 -name PWN | grep -q . && fail "a release ran a command" || pass "no command ran"
	mv "$S/all.out" "$S/out.txt"
	mv "$S/all.err" "$S/err.txt"
	expect "$CASE"
}
# The installed tree's GNUmakefile prints through make, never through a
# shell command line: a DESTDIR holding a quote and a command runs nothing.
# M= naming a directory that does not exist yet in the tree (a relative
# M= is read from the build directory) is refused like one that does.
case_guard-data() {
	local d="$S/o';touch\${IFS}PWN;'" t
	pk --out "$d"
	expect_rc 0 "pack into a DESTDIR holding a quote" || return
	: >"$S/all.out"
	for t in kernelrelease help prepare clean "M=hello" "M=new/dir" "M=$S MO=out"; do
		# shellcheck disable=SC2086 # each t is make's words
		# as a user runs it: not a make under ours (dh_auto_test's jobserver)
		(cd "$S" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$d/lib/modules/$REL/build" $t) \
			>>"$S/all.out" 2>&1
		echo "make $t: $?" >>"$S/all.out"
	done
	find "$S" -name PWN | grep -q . && fail "a recipe ran a command: $(find "$S" -name PWN)" || pass "no command ran"
	[ ! -e "$d/lib/modules/$REL/build/hello" ] && [ ! -e "$d/lib/modules/$REL/build/out" ] \
		&& pass "nothing made in the tree" || fail "make wrote into the tree"
	sed -e "s|$S|@S@|g" -e "s|GNUmakefile:[0-9]*:|GNUmakefile:@LINE@:|" "$S/all.out" >"$S/out.txt"
	: >"$S/err.txt"
	expect "$CASE"
}
# kbuild-pack release --compiler: the compiler of the tree's auto.conf, as a
# headers package depends on it (a gcc's first word, a clang's major); a
# text whose first word is no command name is the tree's data, refused
case_release-compiler() {
	local c=$OBJ/include/config/auto.conf t
	: >"$S/all.out"
	: >"$S/all.err"
	for t in 'gcc (Debian 12.2.0-14+deb12u1) 12.2.0' '"x86_64-linux-gnu-gcc-16 (Debian 16.2.0-3) 16.2.0"' \
		'"gcc$(touch${IFS}PWN) 1"' '"Debian clang version 16.0.6"'; do
		sed -i "/^CONFIG_CC_VERSION_TEXT=/d" "$c"
		printf 'CONFIG_CC_VERSION_TEXT=%s\n' "$t" >>"$c"
		run release --compiler "$OBJ"
		echo "rc $RC" >>"$S/out.txt"
		cat "$S/out.txt" >>"$S/all.out"
		cat "$S/err.txt" >>"$S/all.err"
	done
	printf 'CONFIG_CC_IS_CLANG=y\nCONFIG_CLANG_VERSION=160006\n' >>"$c"
	run release --compiler "$OBJ"
	echo "rc $RC" >>"$S/out.txt"
	cat "$S/all.out" "$S/out.txt" >"$S/o" && mv "$S/o" "$S/out.txt"
	cat "$S/all.err" "$S/err.txt" >"$S/e" && mv "$S/e" "$S/err.txt"
	expect "$CASE"
	[ ! -e PWN ] && [ ! -e "$OBJ/PWN" ] || fail "a compiler text ran as a command"
}
case_exists-force() {
	pk --out "$OUT"
	expect_rc 0
	touch "$B/stale-marker"
	pk --out "$OUT"
	expect_rc 1
	expect "$CASE"
	[ -e "$B/stale-marker" ] || fail "a refused pack touched the existing build dir"
	pk --out "$OUT" --force
	expect_rc 0
	[ ! -e "$B/stale-marker" ] || fail "--force did not replace the build dir"
	[ "$(readlink "$OUT/lib/modules/$REL/source")" = build ] || fail "source link is not 'build'"
	left=$(ls -A "$OUT/lib/modules/$REL")
	[ "$left" = "build
source" ] || fail "stray entries beside build: $left"
}
case_private-key() {
	mkdir -p "$OBJ/certs"
	printf -- '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >"$OBJ/certs/signing_key.pem"
	printf -- '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n' >"$OBJ/certs/other.pem"
	printf -- '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >"$OBJ/certs/public.pem"
	printf '\x30\x82\x01\x02' >"$OBJ/certs/signing_key.x509"
	printf '\x30\x82\x04\xbd' >"$OBJ/certs/custom.der"
	echo 'CONFIG_MODULE_SIG_KEY="certs/custom.der"' >>"$OBJ/include/config/auto.conf"
	printf 'version: 1\nrules:\n  - name: all-certs\n    from: obj\n    include: certs\n' >"$S/certs.yaml"
	pk --out "$OUT" --manifest "$S/certs.yaml"
	expect_rc 0
	expect "$CASE"
	got=$(cd "$B/certs" && ls -A | tr '\n' ' ')
	[ "$got" = "public.pem signing_key.x509 " ] || fail "certs/ in the output holds: $got"
	if grep -rlq 'PRIVATE KEY' "$B"; then fail "private key material in the output"; fi
}
case_list() {
	# Every selected file, its tree and its rule: exactly, and what a pack writes.
	pk --list
	expect_rc 0
	expect "$CASE"
	cut -f1 "$S/out.txt" | sort >"$S/list.txt"
	pk --out "$OUT"
	(cd "$B" && find . ! -type d | sed 's|^\./||' | sort) >"$S/packed.txt"
	diff -u "$S/list.txt" "$S/packed.txt" >&2 || fail "--list differs from what a pack writes"
}
case_components() {
	# objtool in its own component, module.h in another (the link
	# include/linux/module-alias.h -> module.h stays in main).
	printf 'version: 1\nrules:\n  - name: objtool-part\n    from: obj\n    include: tools/objtool/objtool\n    component: objtool\n  - name: module-header\n    from: src\n    include: include/linux/module.h\n    component: extra\n' >"$S/parts.yaml"
	pk --list --manifest "$S/parts.yaml"
	expect_rc 0
	expect "$CASE-list"
	pk --list --manifest "$S/parts.yaml" --component objtool --component extra
	expect_rc 0
	expect "$CASE-list-parts"
	pk --list --manifest "$S/parts.yaml" --exclude-component main
	expect_rc 0
	expect "$CASE-list-parts"
	# The parts, packed apart, are disjoint and together the whole pack.
	export SOURCE_DATE_EPOCH=1700000000
	pk --out "$S/whole" --manifest "$S/parts.yaml"
	expect_rc 0 "whole pack" || die "pack failed"
	pk --out "$S/main" --manifest "$S/parts.yaml" --exclude-component objtool --exclude-component extra
	expect_rc 0 "pack of main" || die "pack failed"
	for c in objtool extra; do
		pk --out "$S/$c" --manifest "$S/parts.yaml" --component "$c" --report "$S/$c.yaml"
		expect_rc 0 "pack of $c" || die "pack failed"
	done
	unset SOURCE_DATE_EPOCH
	for p in whole main objtool extra; do
		(cd "$S/$p" && find . -mindepth 1 ! -type d -printf '%p %y %m %T@ %l\n' | sort) >"$S/$p.lst"
	done
	sort "$S/main.lst" "$S/objtool.lst" "$S/extra.lst" >"$S/union.lst"
	diff -u "$S/whole.lst" "$S/union.lst" >&2 && pass "main + objtool + extra = the whole pack (names, types, modes, mtimes, link targets)" \
		|| fail "the parts differ from the whole pack"
	dups=$(cat "$S/main.lst" "$S/objtool.lst" "$S/extra.lst" | cut -d' ' -f1 | sort | uniq -d)
	[ -z "$dups" ] && pass "the parts are disjoint" || fail "in two parts: $dups"
	for p in main objtool extra; do
		(cd "$S/$p" && find . ! -type d) | while read -r f; do
			[ -L "$S/$p/$f" ] || cmp -s "$S/$p/$f" "$S/whole/$f" || echo "$p/$f"
		done
	done >"$S/differ.txt"
	[ ! -s "$S/differ.txt" ] && pass "every file of a part has the whole pack's bytes" || fail "bytes differ: $(cat "$S/differ.txt")"
	(cd "$S/objtool" && find . -mindepth 1 | sort) >"$S/out.txt"
	: >"$S/err.txt"
	expect "$CASE-objtool-tree"
	(cd "$S/whole/lib/modules/$REL" && find build -type d -printf '%p %T@\n' | sort) >"$S/whole.dirs"
	(cd "$S/extra/lib/modules/$REL" && find build -type d -printf '%p %T@\n' | sort) >"$S/extra.dirs"
	[ -z "$(comm -13 "$S/whole.dirs" "$S/extra.dirs")" ] && pass "a part's directories have the whole pack's mtimes" \
		|| fail "directory times differ: $(comm -13 "$S/whole.dirs" "$S/extra.dirs")"
	[ "$(readlink "$S/main/lib/modules/$REL/build/include/linux/module-alias.h")" = module.h ] \
		&& pass "a link into another component stays a link" || fail "module-alias.h is not the link module.h in main"
	sed -n '/^.only-components/,/^.excluded/p;/^.components.:/,/^.totals/p' "$S/objtool.yaml" >"$S/out.txt"
	expect "$CASE-report"
	# In an archive too, the source link is the main part's.
	for c in objtool main; do
		pk --manifest "$S/parts.yaml" --component "$c" --format tar --out "$S/$c.tar"
		expect_rc 0 "tar of $c" || die "pack failed"
	done
	! tar -tf "$S/objtool.tar" | grep -q "/source\$" && tar -tf "$S/main.tar" | grep -qx "lib/modules/$REL/source" \
		&& pass "only the part with main has lib/modules/$REL/source" || fail "source link: $(tar -tf "$S/objtool.tar" | grep source)"
}
case_usage-components() {
	pk --list --component objtool --exclude-component rust
	expect_rc 2
	expect "$CASE-both"
	pk --list --component Rust
	expect_rc 2
	expect "$CASE-bad-name"
	pk --out "$OUT" --exclude-component nosuch --verify
	expect_rc 2
	expect "$CASE-unknown"
	expect_empty "$OUT"
}
case_components-verify() {
	# --verify of a part checks the whole selection it is cut from.
	printf 'version: 1\nrules:\n  - name: objtool-part\n    from: obj\n    include: tools/objtool/objtool\n    component: objtool\n' >"$S/parts.yaml"
	pk --out "$S/ok" --manifest "$S/parts.yaml" --component objtool --verify
	expect_rc 0 "pack --component --verify of a good tree" && [ -f "$S/ok/lib/modules/$REL/build/tools/objtool/objtool" ] \
		&& pass "pack --component objtool --verify publishes the part"
	# The whole has the build machine's paths in auto.conf.cmd (main): the
	# objtool part is not published either.
	printf 'version: 1\nrules:\n  - name: leak-cmd\n    from: obj\n    include: include/config/auto.conf.cmd\n' >"$S/extra.yaml"
	pk --out "$S/bad" --manifest "$S/extra.yaml" --manifest "$S/parts.yaml" --component objtool --verify
	expect_rc 1 "pack --component --verify of a tree that fails verify"
	expect "$CASE"
	left=$(ls -A "$S" | grep -E "^bad|kbuild-pack" || true)
	[ -z "$left" ] && pass "nothing published, nothing left behind" || fail "left behind: $left"
}
case_obj-only() {
	run --obj "$OBJ" --list
	expect_rc 0
	mv "$S/out.txt" "$S/objonly.txt"
	pk --list
	diff -u "$S/out.txt" "$S/objonly.txt" >&2 || fail "--obj alone did not find the source through OBJ/source"
}
case_dir-mtimes() {
	# A directory takes the time of the newest entry below it, never 1970 or "now".
	pk --out "$OUT"
	expect_rc 0
	old=$(find "$B" -type d ! -newermt 1971-01-01 | head -n 5)
	[ -z "$old" ] || fail "directories with an epoch-0 mtime: $old"
	while IFS= read -r d; do
		newer=$(find "$d" -mindepth 1 -newer "$d" -print -quit)
		[ -z "$newer" ] || fail "$d is older than $newer"
	done < <(find "$B" -type d)
	ours=$(stat -c %Y "$B")
	newest=$(find "$B" -mindepth 1 -printf '%T@\n' | sort -n | tail -n 1 | cut -d. -f1)
	[ "$ours" = "$newest" ] || fail "build/ mtime $ours is not its newest entry's $newest"
}
case_repro-tar() {
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	repro "${CASE#repro-}"
}
case_repro-tar.gz() { case_repro-tar; }
case_repro-tar.xz() { case_repro-tar; }
case_repro-tar.zst() { case_repro-tar; }
case_repro-cpio() { case_repro-tar; }
case_repro-hardlinks() {
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	repro tar --hardlink-dups
	[ "$(tar -tvf "$S/r1/k.tar" | grep -c '^h')" -gt 0 ] && pass "tar has hard links" || fail "no hard links in tar --hardlink-dups"
	rm -rf "$S/r1" "$S/r2"
	repro cpio --hardlink-dups
}
case_archive-listing() {
	# What an archive holds, entry by entry: names, types, modes, owners, times.
	pk --format tar --out "$S/k.tar"
	expect_rc 0 "pack --format tar" || die "pack failed"
	TZ=UTC tar --numeric-owner --full-time -tvf "$S/k.tar" >"$S/out.txt" 2>"$S/err.txt"
	sed -i 's/ \+/ /g' "$S/out.txt"
	expect "$CASE"
}
case_sde() {
	# SOURCE_DATE_EPOCH earlier than the tree: every mtime is clamped, so
	# two epochs give different bytes and one epoch gives the same bytes.
	for e in 1000000000 1000000001; do
		for n in 1 2; do
			SOURCE_DATE_EPOCH=$e "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format tar --out "$S/k-$e-$n.tar" || die "pack failed"
		done
		[ "$(sum "$S/k-$e-1.tar")" = "$(sum "$S/k-$e-2.tar")" ] && pass "SOURCE_DATE_EPOCH=$e: identical bytes" \
			|| fail "SOURCE_DATE_EPOCH=$e: two packs differ"
	done
	[ "$(sum "$S/k-1000000000-1.tar")" != "$(sum "$S/k-1000000001-1.tar")" ] \
		&& pass "another SOURCE_DATE_EPOCH gives other bytes" || fail "SOURCE_DATE_EPOCH does not change the archive"
	newest=$(tar --full-time -tvf "$S/k-1000000001-1.tar" | awk '{print $4" "$5}' | sort | tail -n1)
	[ "$newest" = "2001-09-09 01:46:41" ] && pass "every archive mtime <= SOURCE_DATE_EPOCH" \
		|| fail "newest archive mtime $newest, want 2001-09-09 01:46:41"
	owners=$(tar --numeric-owner -tvf "$S/k-1000000000-1.tar" | awk '{print $2}' | sort -u)
	[ "$owners" = "0/0" ] && pass "all entries 0/0" || fail "owners: $owners"
	names=$(tar -tvf "$S/k-1000000000-1.tar" | awk '{print $2}' | sort -u)
	[ "$names" = "root/root" ] && pass "all entries root/root" || fail "owner names: $names"
	SOURCE_DATE_EPOCH=1000000000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$S/d" || die "pack failed"
	late=$(find "$S/d/lib/modules/$REL/build" "$S/d/lib/modules/$REL/source" -newermt @1000000000 | head -n 3)
	[ -z "$late" ] && pass "directory output: no mtime after SOURCE_DATE_EPOCH" || fail "directory output has later mtimes: $late"
}
case_exists() {
	echo keep >"$S/k.tar"
	pk --format tar --out "$S/k.tar"
	expect_rc 1 "pack onto an existing archive"
	expect "$CASE"
	[ "$(cat "$S/k.tar")" = keep ] && pass "existing archive untouched without --force" || fail "existing archive changed"
	pk --format tar --out "$S/k.tar" --force
	expect_rc 0 "pack --force" && tar -tf "$S/k.tar" >/dev/null && pass "--force replaces the archive"
	left=$(ls "$S" | grep kbuild-pack- || true)
	[ -z "$left" ] && pass "no temporary files left" || fail "left behind: $left"
	pk --format dir --hardlink-dups --out "$S/o"
	expect_rc 2 "--hardlink-dups with a directory"
	expect "$CASE-hardlink-dir"
}
case_report() {
	# The whole report, byte for byte (the host programs' hash substituted).
	pk --out "$S/d" --report "$S/r.yaml"
	expect_rc 0 "pack --report" || die "pack failed"
	G=$S/d/lib/modules/$REL/build
	elf=$(sum "$G/scripts/basic/fixdep")
	sed -e "s|$elf|@ELF_SHA256@|" -e "s|$MANIFESTS|@MANIFESTS@|" -e "s|$S|@S@|" "$S/r.yaml" >"$S/out.txt"
	: >"$S/err.txt"
	expect "$CASE"
	pk --format tar --out "$S/k.tar" --report -
	expect_rc 0 "pack --report -"
	python3 -c 'import sys,yaml; r=yaml.safe_load(open(sys.argv[1])); assert r["format"]=="tar"' "$S/out.txt" \
		&& pass "--report - writes the report to stdout" || fail "--report - output is not the report"
}
case_verify-good() {
	good_tree "$S/d"
	run verify "$G"
	expect_rc 0 "verify of a good build directory" && [ ! -s "$S/out.txt" ] && pass "good tree: verify exits 0, prints nothing"
	run verify "$S/d"
	expect_rc 0 "verify of a DESTDIR" && pass "verify finds the build directory in a DESTDIR"
	pk --format tar.gz --out "$S/k.tar.gz"
	run verify "$S/k.tar.gz"
	expect_rc 0 "verify of an archive" && pass "good archive: verify exits 0"
}
# A DESTDIR is a closed world (issue 32): its build link is resolved inside
# it, as in a chroot, and never leads verify to a complete installation
# elsewhere on the machine (an absolute link, a relative one with enough
# "../"): each names where it leads and fails. Inside the root an absolute
# link and merged /usr's usr/lib/modules with a relative one are found.
case_verify-destdir-closed() {
	good_tree "$S/d"
	: >"$S/all.err"
	mkdir -p "$S/abs/lib/modules/$REL" "$S/rel/lib/modules/$REL"
	ln -s "$G" "$S/abs/lib/modules/$REL/build"
	ln -s "../../../../../../../../../../..$G" "$S/rel/lib/modules/$REL/build"
	for r in abs rel; do
		run verify "$S/$r"
		expect_rc 1 "verify of a DESTDIR whose build link leads out of it ($r)"
		cat "$S/out.txt" "$S/err.txt" >>"$S/all.err"
	done
	mkdir -p "$S/inside/lib/modules/$REL" "$S/inside/usr/src" "$S/merged/usr/lib/modules/$REL" "$S/merged/usr/src"
	cp -a "$G" "$S/inside/usr/src/linux-headers-$REL"
	ln -s "/usr/src/linux-headers-$REL" "$S/inside/lib/modules/$REL/build"
	cp -a "$G" "$S/merged/usr/src/linux-headers-$REL"
	ln -s "../../../src/linux-headers-$REL" "$S/merged/usr/lib/modules/$REL/build"
	for r in inside merged; do
		run verify "$S/$r"
		expect_rc 0 "verify of a DESTDIR whose build link leads inside it ($r)"
		cat "$S/out.txt" "$S/err.txt" >>"$S/all.err"
	done
	mv "$S/all.err" "$S/err.txt"
	: >"$S/out.txt"
	sed -i "${EXPECT_SED[@]}" "$S/err.txt"
	expect "$CASE"
}
case_verify-missing() {
	good_tree "$S/d"; bad_copy missing
	rm "$BAD/scripts/mod/modpost"
	verify_bad "scripts/mod/modpost: required file is missing"
}
case_verify-missing-conditional() {
	good_tree "$S/d"; bad_copy cond
	rm "$BAD/tools/objtool/objtool"
	verify_bad "tools/objtool/objtool: required file is missing (CONFIG_OBJTOOL=y)"
}
case_verify-foreign-elf() {
	good_tree "$S/d"; bad_copy elf
	# fixdep as built for another machine: e_machine (offset 18) = EM_AARCH64 (183).
	printf '\xb7\x00' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=18 conv=notrunc status=none
	verify_bad "scripts/basic/fixdep: ELF machine aarch64 (183), expected x86_64 (62)"
}
case_verify-elf-byte-order() {
	good_tree "$S/d"; bad_copy elf
	# The right machine, the wrong word size or byte order: a ppc64 (big-
	# endian) program is no ppc64le one. e_ident[EI_DATA] (offset 5) = MSB
	# with e_type and e_machine (offsets 16, 18) big-endian, then LSB again
	# with e_ident[EI_CLASS] (offset 4) = ELFCLASS32.
	printf '\x02' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=5 conv=notrunc status=none
	printf '\x00\x02\x00\x3e' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=16 conv=notrunc status=none
	verify_bad "scripts/basic/fixdep: ELF machine x86_64 (62, 64-bit big-endian), expected x86_64 (62, 64-bit little-endian)"
	printf '\x01\x01' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=4 conv=notrunc status=none
	printf '\x02\x00\x3e\x00' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=16 conv=notrunc status=none
	verify_bad "scripts/basic/fixdep: ELF machine x86_64 (62, 32-bit little-endian), expected x86_64 (62, 64-bit little-endian)"
}
case_verify-host-arch() {
	good_tree "$S/d"
	run verify --host-arch aarch64 "$G"
	expect_rc 1 "verify --host-arch aarch64 of an x86_64 tree"
	expect "$CASE-aarch64"
	run verify --host-arch x86_64 "$G"
	expect_rc 0 "verify --host-arch x86_64" && pass "--host-arch x86_64 passes"
	run verify --host-arch vax "$G"
	expect_rc 2 "unknown --host-arch"
	expect "$CASE-vax"
}
case_verify-gendwarfksyms() {
	# A 6.14+ tree may version symbols with gendwarfksyms instead of
	# genksyms (common.yaml: genksyms is then not required, gendwarfksyms
	# is): what pack packs, verify must accept.
	rm "$OBJ/scripts/genksyms/genksyms"
	mkdir -p "$OBJ/scripts/gendwarfksyms"
	"$KBP_MKELF" "$OBJ/scripts/gendwarfksyms/gendwarfksyms"
	chmod 755 "$OBJ/scripts/gendwarfksyms/gendwarfksyms"
	echo CONFIG_GENDWARFKSYMS=y >>"$OBJ/include/config/auto.conf"
	good_tree "$S/d"
	run verify "$G"
	expect_rc 0 "verify of a gendwarfksyms tree"
	expect "$CASE"
}
case_verify-7.2() {
	# The tree as 7.2 with what its manifests rules add (DWARF symbol
	# versions, module BTF through scripts/gen-btf.sh, tracepoint-update,
	# Makefile.warn): pack takes it all, verify accepts the result and
	# names every piece a 7.2 module build needs when it is gone, and pack
	# refuses a tree without resolve_btfids.
	sed -i -e 's/^VERSION = 6$/VERSION = 7/' -e 's/^PATCHLEVEL = 1$/PATCHLEVEL = 2/' "$SRC/Makefile"
	sed -i 's/^6\.1\./7.2./' "$OBJ/include/config/kernel.release"
	REL=$(cat "$OBJ/include/config/kernel.release")
	echo "#define UTS_RELEASE \"$REL\"" >"$OBJ/include/generated/utsrelease.h"
	printf '%s\n' CONFIG_GENDWARFKSYMS=y CONFIG_DEBUG_INFO_BTF=y CONFIG_DEBUG_INFO_BTF_MODULES=y \
		CONFIG_TRACEPOINTS=y >>"$OBJ/include/config/auto.conf"
	for f in gen-btf.sh Makefile.btf Makefile.warn module-common.c; do echo "# $f" >"$SRC/scripts/$f"; done
	for p in scripts/gendwarfksyms/gendwarfksyms tools/bpf/resolve_btfids/resolve_btfids scripts/tracepoint-update; do
		mkdir -p "$OBJ/$(dirname "$p")"
		"$KBP_MKELF" "$OBJ/$p"
		chmod 755 "$OBJ/$p"
	done
	# vmlinux: an object whose .BTF is the BTF base pack keeps
	printf '\x9f\xeb\x01\x00' >"$S/btf"
	: | cc -x c -c -o "$S/empty.o" - && objcopy --add-section .BTF="$S/btf" "$S/empty.o" "$OBJ/vmlinux" \
		|| die "cannot make a vmlinux with .BTF"
	good_tree "$S/d"
	for p in scripts/gen-btf.sh scripts/Makefile.btf scripts/Makefile.warn scripts/gendwarfksyms/gendwarfksyms \
		tools/bpf/resolve_btfids/resolve_btfids scripts/tracepoint-update vmlinux; do
		[ -f "$G/$p" ] || fail "7.2 pack lacks $p"
	done
	run verify "$G"
	expect_rc 0 "verify of the 7.2 tree" && [ ! -s "$S/out.txt" ] && pass "7.2 tree: verify exits 0, prints nothing"
	bad_copy 72
	for p in scripts/gen-btf.sh scripts/Makefile.warn scripts/gendwarfksyms/gendwarfksyms \
		tools/bpf/resolve_btfids/resolve_btfids scripts/tracepoint-update; do
		rm "$BAD/$p"
	done
	run verify "$BAD"
	expect_rc 1 "verify of the 7.2 tree without its programs"
	expect "$CASE"
	rm "$OBJ/tools/bpf/resolve_btfids/resolve_btfids"
	pk --out "$S/e"
	expect_rc 1 "pack of a 7.2 tree without resolve_btfids"
	line=$(grep -n 'name: resolve-btfids' "$MANIFESTS/common.yaml" | cut -d: -f1)
	sed -i "s|common.yaml:$line:|common.yaml:@LINE@:|" "$S/err.txt"
	cp "$S/err.txt" "$S/err.pack"; : >"$S/out.txt"
	expect "$CASE-pack"
}
case_verify-rust() {
	# CONFIG_RUST (tests/rust has the real thing): pack takes the crate
	# metadata and proc-macros of rust/ by pattern and nothing else of it,
	# x86's target spec, rustc_cfg and the rustavailable headers, not the
	# host program generate_rust_target; verify names what a Rust module
	# build needs when rust/ is gone (a split headers package).
	echo CONFIG_RUST=y >>"$OBJ/include/config/auto.conf"
	mkdir -p "$OBJ/rust"
	for f in libcore.rmeta libkernel.rmeta libbindings.rmeta libsyn.rlib core.o; do echo "$f" >"$OBJ/rust/$f"; done
	for f in rust/libmacros.so rust/libpin_init_internal.so scripts/generate_rust_target; do
		"$KBP_MKELF" "$OBJ/$f"; chmod 755 "$OBJ/$f"
	done
	echo '{}' >"$OBJ/scripts/target.json"
	echo '--cfg=CONFIG_RUST' >"$OBJ/include/generated/rustc_cfg"
	echo '#include <linux/types.h>' >"$SRC/scripts/rust_is_available_bindgen_libclang.h"
	good_tree "$S/d"
	(cd "$G" && find rust -type f | LC_ALL=C sort) >"$S/rust.have"
	printf '%s\n' rust/libbindings.rmeta rust/libcore.rmeta rust/libkernel.rmeta rust/libmacros.so \
		rust/libpin_init_internal.so >"$S/rust.want"
	diff -u "$S/rust.want" "$S/rust.have" >&2 && pass "rust/: the .rmeta and .so files only" || fail "packed rust/ differs"
	for p in scripts/target.json include/generated/rustc_cfg scripts/rust_is_available_bindgen_libclang.h; do
		[ -f "$G/$p" ] || fail "the Rust tree's pack lacks $p"
	done
	[ ! -e "$G/scripts/generate_rust_target" ] || fail "scripts/generate_rust_target was packed"
	run verify "$G"
	expect_rc 0 "verify of the Rust tree" && [ ! -s "$S/out.txt" ] && pass "Rust tree: verify exits 0, prints nothing"
	bad_copy norust
	rm -r "$BAD/rust" "$BAD/scripts/target.json"
	run verify "$BAD"
	expect_rc 1 "verify of the Rust tree without rust/"
	expect "$CASE"
}
case_verify-private-key() {
	good_tree "$S/d"; bad_copy key
	mkdir -p "$BAD/certs"
	printf -- '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n' >"$BAD/certs/extra.pem"
	verify_bad "certs/extra.pem: private key material"
}
case_verify-abs-symlink() {
	good_tree "$S/d"; bad_copy abslink
	ln -s /etc/hostname "$BAD/include/hostname.h"
	verify_bad "include/hostname.h: symlink to an absolute path: /etc/hostname"
}
case_verify-outside-symlink() {
	good_tree "$S/d"; bad_copy outlink
	ln -s ../../../../outside "$BAD/include/out.h"
	verify_bad "include/out.h: symlink points outside the tree: ../../../../outside"
}
case_verify-mtime-order() {
	good_tree "$S/d"; bad_copy mtime
	touch -d '@1000000000' "$BAD/include/config/auto.conf"
	touch -d '@1000000000' "$BAD/include/generated/autoconf.h"
	verify_bad "include/config/auto.conf: older than .config: kbuild would try to regenerate the configuration"
}
case_verify-corrupt-symvers() {
	good_tree "$S/d"; bad_copy symvers
	sed -i '3s/^0x/zz/' "$BAD/Module.symvers"
	verify_bad "Module.symvers:3: parse error: CRC is not a 0x-prefixed hex number"
}
case_verify-abs-path() {
	# A path of the build machine (the scratch dir is under /tmp, which
	# verify allows; the trees of a real build machine are elsewhere).
	good_tree "$S/d"; bad_copy abspath
	printf 'include %s/Makefile\n' /home/builder/linux >"$BAD/scripts/Makefile.extra"
	verify_bad "scripts/Makefile.extra: line 1 names an absolute path of the build machine: /home/builder/linux/Makefile"
}
case_verify-all-at-once() {
	# Every defect at once: every one is listed, one per line.
	good_tree "$S/d"; bad_copy all
	rm "$BAD/scripts/module.lds"
	ln -s /etc/hostname "$BAD/include/hostname.h"
	printf 'x\n' >>"$BAD/Module.symvers"
	run verify "$BAD"
	expect_rc 1 "verify of a tree with three defects"
	expect "$CASE"
}
case_pack-verify() {
	pk --out "$S/ok" --verify
	expect_rc 0 "pack --verify of a good tree" && [ -d "$S/ok/lib/modules/$REL/build" ] && pass "pack --verify publishes a good tree"
	# An extra manifest pulls in the object tree's auto.conf.cmd, which names
	# the build machine's absolute paths: the result must not be published.
	printf 'version: 1\nrules:\n  - name: leak-cmd\n    from: obj\n    include: include/config/auto.conf.cmd\n' >"$S/extra.yaml"
	for fmt in dir tar.gz; do
		out=$S/bad-$fmt; [ $fmt = dir ] || out=$S/bad.$fmt
		pk --out "$out" --format $fmt --manifest "$S/extra.yaml" --verify
		expect_rc 1 "pack --verify of a tree that fails verify ($fmt)"
		expect "$CASE-$fmt"
		left=$(ls -A "$S" | grep -E "^bad|kbuild-pack" || true)
		[ -z "$left" ] && pass "$fmt: nothing published, nothing left behind" || fail "$fmt: left behind: $left"
	done
}
case_diff-manifests() {
	good_tree "$S/a"
	printf 'version: 1\nrules:\n  - name: extra-docs\n    from: src\n    include: [README, COPYING, LICENSES/preferred/GPL-2.0]\n' >"$S/extra.yaml"
	pk --out "$S/b" --manifest "$S/extra.yaml"
	expect_rc 0 "pack with an extra manifest" || die "pack failed"
	run diff "$S/a" "$S/b"
	expect_rc 1 "diff of packs with different manifests"
	printf '%s\n' "only in B: COPYING" "only in B: LICENSES/preferred/GPL-2.0" "only in B: README" >"$S/want.txt"
	expect_out "$S/want.txt" "diff lists exactly the files the extra manifest adds"
	run diff "$S/b" "$S/a"
	expect_rc 1 "diff B A"
	sed 's/only in B/only in A/' "$S/want.txt" >"$S/want2.txt"
	expect_out "$S/want2.txt" "diff B A mirrors it"
	# An archive against a directory; then a changed and a chmod-ed entry.
	pk --out "$S/a.cpio" --format cpio
	run diff "$S/a.cpio" "$S/a"
	expect_rc 0 "diff of an archive and the directory of the same pack" && [ ! -s "$S/out.txt" ] && pass "archive vs directory: no differences"
	A=$S/a/lib/modules/$REL/build
	echo '# local change' >>"$A/Makefile"
	chmod -x "$A/scripts/mod/modpost"
	run diff "$S/a" "$S/a.cpio"
	expect_rc 1 "diff after changes"
	size=$(stat -c %s "$A/Makefile")
	printf '%s\n' "differs: Makefile (content: $size bytes in A, $((size - 15)) bytes in B)" \
		"differs: scripts/mod/modpost (mode 0644 in A, 0755 in B)" >"$S/want.txt"
	expect_out "$S/want.txt" "diff names content and mode changes"
}
# debug_elf PATH [cc flags]: a tiny program with DWARF (-g), compiled here.
debug_elf() {
	local out=$1
	shift
	command -v cc >/dev/null || { echo "no C compiler: skipped" >&2; exit 77; }
	printf 'static int twice(int x) { return 2 * x; }\nint main(int c, char **v) { (void)v; return twice(c) - 2; }\n' >"$S/t.c"
	cc -O1 "$@" -o "$out" "$S/t.c" || die "cc failed"
}
# The strip: debug rules (objtool's, and an extra manifest's: a text file
# and a program without DWARF), packed against eu-strip's own copies.
case_strip-debug() {
	command -v eu-strip >/dev/null || { echo "eu-strip (elfutils) is not installed: skipped" >&2; exit 77; }
	local ot=tools/objtool/objtool full stripped
	debug_elf "$OBJ/$ot" -g
	debug_elf "$OBJ/scripts/kbp-nodebug" -g0
	echo 'not ELF' >"$OBJ/scripts/kbp-text"
	printf 'version: 1\nrules:\n  - name: extra\n    from: obj\n    include: [scripts/kbp-text, scripts/kbp-nodebug]\n    strip: debug\n' >"$S/extra.yaml"
	eu-strip --strip-debug -o "$S/objtool.want" "$OBJ/$ot" || die "eu-strip failed"
	full=$(stat -c %s "$OBJ/$ot") stripped=$(stat -c %s "$S/objtool.want")
	[ "$stripped" -lt "$full" ] || die "eu-strip left $full bytes of $full"
	pk --out "$S/a" --manifest "$S/extra.yaml" --report "$S/r.yaml" --verify
	expect_rc 0 "pack --verify" || die "pack failed"
	A=$S/a/lib/modules/$REL/build
	cmp -s "$S/objtool.want" "$A/$ot" && pass "$ot is eu-strip --strip-debug's copy ($full -> $stripped bytes)" \
		|| fail "$ot is not eu-strip --strip-debug's copy ($(stat -c %s "$A/$ot") bytes)"
	for f in scripts/kbp-text scripts/kbp-nodebug; do
		cmp -s "$OBJ/$f" "$A/$f" && pass "$f (no debug sections) packed unchanged" || fail "$f changed"
	done
	python3 - "$S/r.yaml" "$ot" "$stripped" "$full" <<-'PY' && pass "the report: stripped, with both sizes" || fail "report"
		import sys, yaml
		r = yaml.safe_load(open(sys.argv[1]))
		f = {e["path"]: e for e in r["files"]}
		e = f[sys.argv[2]]
		assert (e["size"], e["stripped"], e["unstripped-size"]) == (int(sys.argv[3]), "debug", int(sys.argv[4])), e
		assert "stripped" not in f["scripts/kbp-nodebug"] and "stripped" not in f["scripts/kbp-text"]
		assert [x["bytes"] for x in r["rules"] if x["name"] == "objtool"] == [int(sys.argv[3])]
	PY
	# A rule of one's own that takes objtool again decides for it: unstripped.
	printf 'version: 1\nrules:\n  - name: objtool-whole\n    from: obj\n    include: %s\n' "$ot" >"$S/whole.yaml"
	pk --out "$S/b" --manifest "$S/whole.yaml"
	expect_rc 0 "pack with objtool taken again" || die "pack failed"
	cmp -s "$OBJ/$ot" "$S/b/lib/modules/$REL/build/$ot" && pass "a later rule without strip: packs it whole" || fail "not whole"
	rm "$A"/scripts/kbp-* "$S"/b/lib/modules/"$REL"/build/scripts/kbp-*
	run diff "$S/a" "$S/b"
	expect_rc 0 "diff of a stripped and a whole objtool"
	echo "stripped in A: $ot (debug sections: $stripped bytes in A, $full bytes in B)" >"$S/want.txt"
	expect_out "$S/want.txt" "diff tells the stripped file, and does not count it"
	# Not stripped of debug sections only: a difference.
	cc -O2 -g -o "$S/other" "$S/t.c" && cp "$S/other" "$S/b/lib/modules/$REL/build/$ot"
	run diff "$S/a" "$S/b"
	expect_rc 1 "diff of a stripped objtool and another program"
	echo "differs: $ot (content: $stripped bytes in A, $(stat -c %s "$S/other") bytes in B)" >"$S/want.txt"
	expect_out "$S/want.txt" "another program is a difference"
	# Same input, same bytes.
	for n in 1 2; do
		SOURCE_DATE_EPOCH=1700000000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format tar --out "$S/k$n.tar" 2>/dev/null || die "pack $n failed"
	done
	[ "$(sum "$S/k1.tar")" = "$(sum "$S/k2.tar")" ] && pass "two packs with stripping: identical archives" || fail "the archives differ"
}
case_strip-debug-no-tool() {
	# Without eu-strip, a file to strip stops the pack: the package is named.
	debug_elf "$OBJ/tools/objtool/objtool" -g
	mkdir -p "$S/nobin"
	RC=0
	PATH=$S/nobin TMPDIR=$SCRATCH "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	expect_rc 1 && pass "exit status 1"
	expect_err "kbuild-pack: error: $OBJ/tools/objtool/objtool: rule 'objtool' says strip: debug, and eu-strip is not installed: install the package elfutils"
	nothing_left
}
case_hosttools-sigterm() {
	# make sleeps in a grandchild, as a real make's jobs do; every start of
	# make is counted.
	cat >"$BIN/make" <<-EOF
	#!/bin/sh
	echo started >>"$S/make.starts"
	sleep 60 &
	echo "\$\$ \$!" >"$S/make.pids"
	wait
	EOF
	chmod 755 "$BIN/make"
	PATH=$BIN:$PATH TMPDIR=$SCRATCH "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" "${HT[@]}" >"$S/out.txt" 2>"$S/err.txt" &
	PID=$!
	for _ in $(seq 100); do [ -s "$S/make.pids" ] && break; sleep 0.1; done
	[ -s "$S/make.pids" ] || { kill -KILL "$PID"; die "the fake make never started"; }
	read -r MAKE_PID SLEEP_PID <"$S/make.pids"
	kill -TERM "$PID"
	t0=$(date +%s)
	for _ in $(seq 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
	if kill -0 "$PID" 2>/dev/null; then
		fail "kbuild-pack still runs 10 s after SIGTERM (it waits for make)"
		kill -KILL "$PID" "$MAKE_PID" "$SLEEP_PID" 2>/dev/null
	else
		pass "kbuild-pack ended $(($(date +%s) - t0)) s after SIGTERM"
	fi
	RC=0
	wait "$PID" || RC=$?
	PID=
	expect_rc 143 && pass "exit status 143 (SIGTERM re-raised)"
	expect_err "kbuild-pack: error: interrupted by signal 15"
	if kill -0 -- "-$MAKE_PID" 2>/dev/null || kill -0 "$SLEEP_PID" 2>/dev/null; then
		fail "make's process group ($MAKE_PID) or its job ($SLEEP_PID) still runs"
		kill -KILL -- "-$MAKE_PID" 2>/dev/null
		kill -KILL "$SLEEP_PID" 2>/dev/null
	else
		pass "make and its job are gone"
	fi
	[ "$(wc -l <"$S/make.starts")" = 1 ] && pass "no make started after the signal" ||
		fail "make started $(wc -l <"$S/make.starts") times"
	nothing_left
}
case_vmlinux-fifo() {
	btf_on
	mkfifo "$OBJ/vmlinux"
	pack_fails "$OBJ/vmlinux: a FIFO, not a regular file"
}
case_vmlinux-outside-link() {
	btf_on
	mkdir "$S/elsewhere"
	cp "$OBJ/scripts/mod/modpost" "$S/elsewhere/vmlinux"
	ln -s "$S/elsewhere/vmlinux" "$OBJ/vmlinux"
	pack_fails "$OBJ/vmlinux: a symbolic link where kbuild writes a regular file"
}
case_scripts-fifo() {
	# scripts/*.c is not packed: only --host-tools=target's copy reads it
	mkfifo "$SRC/scripts/kbp-fifo.c"
	pack_fails "--host-tools=target: $SRC/scripts/kbp-fifo.c: a FIFO, not a regular file; a kernel's scripts/ holds none" "${HT[@]}"
}
case_elfconfig-devzero() {
	mkdir -p "$OBJ/scripts/mod"
	ln -sf /dev/zero "$OBJ/scripts/mod/elfconfig.h"
	pack_fails "--host-tools=target: $OBJ/scripts/mod/elfconfig.h: a symbolic link where kbuild writes a regular file" "${HT[@]}"
}
tmpdir_case() {
	# An archive whose extraction fails at a hard link to nothing: the
	# message names where verify and diff extracted it.
	mkdir -p "$S/a"
	echo x >"$S/a/a"
	python3 - "$S/bad.tar" <<-'EOF' || die "cannot make the archive"
	import sys, tarfile
	with tarfile.open(sys.argv[1], "w") as t:
	    i = tarfile.TarInfo("b"); i.type = tarfile.LNKTYPE; i.linkname = "missing"
	    t.addfile(i)
	EOF
	if [ "$CASE" = tmpdir-empty ]; then
		tmp= want=/tmp
	else
		mkdir -p "$S/cwd/rel"
		tmp=rel want=$S/cwd/rel
	fi
	for cmd in verify diff; do
		RC=0
		args=("$S/bad.tar")
		[ "$cmd" = diff ] && args+=("$S/a")
		(cd "$S/cwd" 2>/dev/null || cd "$S" && TMPDIR=$tmp exec "$KBUILD_PACK" "$cmd" "${args[@]}") >"$S/out.txt" 2>"$S/err.txt" || RC=$?
		dir=$(sed -n "s|^kbuild-pack: error: $S/bad.tar: cannot extract \(.*\)/b: .*|\1|p" "$S/err.txt")
		case $dir in
		"$want"/kbuild-pack-extract.??????) pass "$cmd with TMPDIR='$tmp' extracts into $want" ;;
		*) fail "$cmd with TMPDIR='$tmp': extracted into '$dir', not $want/kbuild-pack-extract.XXXXXX"
		   cat "$S/err.txt" >&2 ;;
		esac
		[ -n "$dir" ] && [ ! -e "$dir" ] && pass "$cmd removed $dir" || fail "$cmd left '$dir'"
	done
	[ "$CASE" = tmpdir-relative ] && expect_empty "$S/cwd/rel"
}
case_tmpdir-empty() {
	tmpdir_case
}
case_tmpdir-relative() {
	tmpdir_case
}
# --- kbuild-pack split (doc/split.md) on the synthetic tree and a second
# flavour of it: another configuration, the same source
second_flavour() {
	cp -a "$S/t/obj" "$S/obj2"
	ln -sfn "$SRC" "$S/obj2/source"
	echo 'CONFIG_KBP_SECOND=y' >>"$S/obj2/.config"
	echo 'CONFIG_KBP_SECOND=y' >>"$S/obj2/include/config/auto.conf"
	echo '#define CONFIG_KBP_SECOND 1' >>"$S/obj2/include/generated/autoconf.h"
}
case_split-usage() {
	run split --out "$OUT/x"
	expect_rc 2 "no tree"
	run split --common-only --src "$SRC" --out "$OUT/x"
	expect_rc 2 "--common-only without --arch"
	run split --tree "$OBJ" --src "$SRC" --out "$OUT/x"
	expect_rc 2 "--src without --common-only"
	run split --tree "$OBJ" --common-name 'bad/name' --out "$OUT/x"
	expect_rc 2 "a common name with a slash"
	cat "$S/err.txt" >>"$S/all.err"
	expect_empty "$OUT"
}
case_split-list() {
	second_flavour
	run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --list
	expect_rc 0
	expect "$CASE"
}
case_split-dry-run() {
	second_flavour
	run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --dry-run
	expect_rc 0
	expect "$CASE"
	expect_empty "$OUT"
}
case_split-write() {
	second_flavour
	SOURCE_DATE_EPOCH=1700000000 run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --out "$OUT/p" --format tar
	expect_rc 0 "split into archives"
	SOURCE_DATE_EPOCH=1700000000 run split -M "$MANIFESTS" --tree two="$S/obj2" --tree one="$OBJ" --out "$OUT/q" --format tar
	expect_rc 0 "split, the trees in the other order"
	(cd "$OUT/p" && ls && for f in *.tar; do echo "$f $(sum "$f")"; done) >"$S/out.txt"
	for f in "$OUT"/p/*.tar; do
		cmp -s "$f" "$OUT/q/$(basename "$f")" || fail "$(basename "$f") depends on the order of the trees"
	done
	: >"$S/err.txt"
	expect "$CASE"
}
case_split-other-source() {
	second_flavour
	cp -a "$SRC" "$S/src2"
	ln -sfn "$S/src2" "$S/obj2/source"
	echo '/* changed */' >>"$S/src2/include/linux/module.h"
	run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --out "$OUT/p"
	expect_rc 1
	expect "$CASE"
	expect_empty "$OUT"
}
case_split-bad-list() {
	printf 'name x\nkernel 6.1.0\ndigest 00\nF\t0644\tnot-a-sha\tMakefile\n' >"$S/list"
	run split -M "$MANIFESTS" --common "$S/list" --tree "$OBJ" --out "$OUT/p"
	expect_rc 1 "a list with a bad line"
	cp "$S/err.txt" "$S/err1.txt"
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split to take the list from"
	list=$(echo "$OUT"/p/common/usr/src/linux-headers-*/.kbuild-pack-common)
	sed -i '4s/^F\t0644\t./F\t0644\t0/' "$list"
	run split -M "$MANIFESTS" --common "$list" --tree "$OBJ" --out "$OUT/q"
	expect_rc 1 "a list changed after it was written"
	cat "$S/err1.txt" "$S/err.txt" >"$S/all.txt"
	mv "$S/all.txt" "$S/err.txt"
	sed -i -e 's/digest [0-9a-f]\{64\}/digest @DIGEST@/g; s/give [0-9a-f]\{64\}/give @DIGEST@/' "$S/err.txt"
	: >"$S/out.txt"
	expect "$CASE"
	[ ! -e "$OUT/q" ] || fail "a failed split left $OUT/q"
}
# rpm's dependency generator (kbuild_pack_split.attr) on a split's parts:
# the lists provide, a flavour's Makefile requires, other files nothing; a
# usage error; a list that cannot be read
case_rpm-deps() {
	second_flavour
	run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --out "$OUT/p"
	expect_rc 0 "a split"
	(cd "$OUT/p" && find . -type f | LC_ALL=C sort | sed "s|^\.|$OUT/p|") >"$S/paths"
	"$KBUILD_PACK" rpm-deps --provides <"$S/paths" >"$S/deps.out" 2>"$S/deps.err" || fail "rpm-deps --provides failed"
	"$KBUILD_PACK" rpm-deps --requires <"$S/paths" >>"$S/deps.out" 2>>"$S/deps.err" || fail "rpm-deps --requires failed"
	run rpm-deps --provides --requires </dev/null
	expect_rc 2 "both --provides and --requires"
	cat "$S/err.txt" >>"$S/deps.err"
	list=$(echo "$OUT"/p/common/usr/src/linux-headers-*/.kbuild-pack-common)
	printf 'garbage\n' >"$list"
	echo "$list" >"$S/one"
	run rpm-deps --provides <"$S/one"
	expect_rc 1 "rpm-deps on a list that is no list"
	cat "$S/deps.err" "$S/err.txt" >"$S/err2.txt"
	mv "$S/err2.txt" "$S/err.txt"
	cat "$S/deps.out" "$S/out.txt" >"$S/out2.txt"
	mv "$S/out2.txt" "$S/out.txt"
	sed -i "${EXPECT_SED[@]}" "$S/out.txt" "$S/err.txt"
	expect "$CASE"
}
# what rpm-deps reads from a package split did not write so: a list whose
# kernel is no VERSION.PATCHLEVEL.SUBLEVEL (sscanf's %u took a sign or a
# blank), a flavour Makefile naming an arch list no rpm dependency can hold
# (a ',' would make it two); tests/fuzz's fuzz-common-list and
# fuzz-rpm-deps found them
case_rpm-deps-bad-names() {
	local k list mk
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split"
	list=$(echo "$OUT"/p/common/usr/src/linux-headers-*/.kbuild-pack-common)
	mk=$(echo "$OUT"/p/flavour-one/usr/src/linux-headers-*/Makefile)
	: >"$S/all.err"
	for k in '6.1.+9' '6.-1.0' '6. 1.0' '6.1.0x'; do
		# with the digest of its lines: only the kernel is wrong
		sed -i "2s/.*/kernel $k/" "$list"
		sed -i "3s/.*/digest $(sed 3d "$list" | sha256sum | cut -d' ' -f1)/" "$list"
		run rpm-deps --provides <<<"$list"
		expect_rc 1 "a list of kernel '$k'"
		cat "$S/err.txt" >>"$S/all.err"
	done
	printf '# kbuild-pack-split-arch: .kbuild-pack-arch-x86,evil %064d\n' 0 >>"$mk"
	run rpm-deps --requires <<<"$mk"
	expect_rc 1 "a Makefile naming the arch list .kbuild-pack-arch-x86,evil"
	cat "$S/all.err" "$S/err.txt" >"$S/err2.txt"
	mv "$S/err2.txt" "$S/err.txt"
	expect "$CASE"
}
# --- split --layout debian: Debian's package names and paths
case_split-debian-usage() {
	: >"$S/all.err"
	run split --layout debian --tree "$OBJ" --arch x86 --out "$OUT/x"
	expect_rc 2 "Debian's layout without --common-name"
	cat "$S/err.txt" >>"$S/all.err"
	run split --layout debian --common-name 6.1.0-1-common --tree "$OBJ" --out "$OUT/x"
	expect_rc 2 "Debian's layout without the release's architectures"
	cat "$S/err.txt" >>"$S/all.err"
	run split --layout debian --common-name 6.1.0-1-common --arch x86 --common "$OBJ" --tree "$OBJ" --out "$OUT/x"
	expect_rc 2 "Debian's layout with a published common part"
	cat "$S/err.txt" >>"$S/all.err"
	run split --merged-usr --tree "$OBJ" --out "$OUT/x"
	expect_rc 2 "--merged-usr without Debian's layout"
	cat "$S/err.txt" >>"$S/all.err"
	run split --layout rpm --tree "$OBJ" --out "$OUT/x"
	expect_rc 2 "an unknown layout"
	cat "$S/err.txt" >>"$S/all.err"
	# an --arch names arch/ARCH and manifests/arch/ARCH.yaml: a name, never a path
	run split --layout debian --common-name 6.1.0-1-common --arch x86 --arch ../../etc --common-only --src "$SRC" --out "$OUT/x"
	expect_rc 2 "an --arch that is a path"
	cat "$S/err.txt" >>"$S/all.err"
	# a --tree that is not there is named as the built tree it should be
	run split --tree one="$S/no-such-tree" --out "$OUT/x"
	expect_rc 1 "a --tree that does not exist"
	cat "$S/err.txt" >>"$S/all.err"
	run split -M "$MANIFESTS" --layout debian --common-name 6.1.0-1-common --arch arm64 --tree "$OBJ" --out "$OUT/x"
	expect_rc 2 "a tree of an architecture the release does not list"
	cat "$S/all.err" "$S/err.txt" >"$S/err2.txt"
	mv "$S/err2.txt" "$S/err.txt"
	expect "$CASE"
	expect_empty "$OUT"
}
# two flavours of one source and two releases, in Debian's layout with
# merged /usr: every file and link of every part, and the host programs
# in linux-kbuild-SERIES alone
case_split-debian-write() {
	second_flavour
	sed -i 's/"\(.*\)"/"\1-second"/' "$S/obj2/include/generated/utsrelease.h"
	SOURCE_DATE_EPOCH=1700000000 run split -M "$MANIFESTS" --layout debian --common-name 6.1.0-1-common --arch x86 \
		--merged-usr --tree one="$OBJ" --tree two="$S/obj2" --out "$OUT/p"
	expect_rc 0 "a split in Debian's layout"
	(cd "$OUT/p" && find . -mindepth 2 ! -type d -printf '%P %y %m %l\n' | LC_ALL=C sort) >"$S/out.txt"
	expect "$CASE"
}
# a featureset (Debian's rt): another source (a header patched), its own
# common part, and no host programs of its own: its flavour links to the
# published linux-kbuild part of the main split, which its programs must
# match; one that differs is refused, naming it
case_split-debian-featureset() {
	second_flavour
	cp -a "$SRC" "$S/src2"
	ln -sfn "$S/src2" "$S/obj2/source"
	echo '/* rt */' >>"$S/src2/include/linux/module.h"
	sed -i 's/"\(.*\)"/"\1-rt"/' "$S/obj2/include/generated/utsrelease.h"
	run split -M "$MANIFESTS" --layout debian --common-name 6.1.0-1-common --arch x86 --tree one="$OBJ" --out "$OUT/main"
	expect_rc 0 "the main split"
	run split -M "$MANIFESTS" --layout debian --common-name 6.1.0-1-common-rt --arch x86 --kbuild "$OUT/main/linux-kbuild-6.1" \
		--tree rt="$S/obj2" --out "$OUT/rt"
	expect_rc 0 "the featureset's split against the published host programs"
	(cd "$OUT/rt" && find . -mindepth 2 \( -type l -o -name Makefile \) -printf '%P %y %l\n' | LC_ALL=C sort) >"$S/list.txt"
	grep -c '' "$OUT"/rt/linux-headers-6.1.0-1-common-rt/usr/src/*/.kbuild-pack-common >>"$S/list.txt"
	printf 'x' >>"$S/obj2/scripts/basic/fixdep"
	run split -M "$MANIFESTS" --layout debian --common-name 6.1.0-1-common-rt --arch x86 --kbuild "$OUT/main/linux-kbuild-6.1" \
		--tree rt="$S/obj2" --out "$OUT/rt2"
	expect_rc 1 "a featureset whose fixdep differs from the published one"
	mv "$S/list.txt" "$S/out.txt"
	expect "$CASE"
	[ ! -e "$OUT/rt2" ] || fail "a failed split left $OUT/rt2"
}
# No command writes into a tree it reads (issue 32): --report of pack and
# split into the object tree (a file of it, or through ".." and a trailing
# link), and audit's --report into the build directory it audits, are
# refused before anything runs, and the files stay as they were
case_outputs-in-trees() {
	good_tree "$S/d"
	sha256sum "$OBJ/Module.symvers" "$OBJ/include/generated/autoconf.h" >"$S/before"
	: >"$S/all.err"
	ln -s "$OBJ" "$S/objlink"
	for r in "$OBJ/Module.symvers" "$S/objlink/../obj/kbp-report.yaml"; do
		pk --out "$S/p" --report "$r"
		expect_rc 2 "pack --report $r"
		cat "$S/err.txt" >>"$S/all.err"
	done
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p" --report "$OBJ/include/generated/autoconf.h"
	expect_rc 2 "split --report into the object tree"
	cat "$S/err.txt" >>"$S/all.err"
	run audit "$G" "$S" --report "$G/audit.yaml"
	expect_rc 2 "audit --report into the build directory"
	cat "$S/all.err" "$S/err.txt" >"$S/err2.txt"
	mv "$S/err2.txt" "$S/err.txt"
	sed -i "${EXPECT_SED[@]}" "$S/err.txt"
	sha256sum -c --quiet "$S/before" && pass "the trees' files unchanged" || fail "a tree's file changed"
	[ ! -e "$OBJ/kbp-report.yaml" ] && [ ! -e "$G/audit.yaml" ] && [ ! -e "$S/p" ] && [ ! -e "$OUT/p" ] \
		&& pass "nothing written" || fail "something was written"
	: >"$S/out.txt"
	expect "$CASE"
}
# verify ROOT: a split flavour's common part is found in ROOT as in a
# chroot; a link leading out of ROOT (absolute or climbing) is followed
# inside ROOT, never to a tree elsewhere on the machine
case_verify-root-common-link() {
	local c
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split" || return
	mkdir "$S/root"
	cp -a "$OUT"/p/common/. "$OUT"/p/flavour-one/. "$S/root"
	run verify "$S/root"
	expect_rc 0 "verify of the installed split"
	c=$(echo "$S"/root/usr/src/linux-headers-*-common-*)
	mv "$c" "$S/elsewhere"
	: >"$S/all.out"
	for l in "$S/elsewhere" ../../../elsewhere ../../../../../../../../../..$S/elsewhere; do
		ln -sfn "$l" "$c"
		run verify "$S/root"
		echo "link $l: $RC" >>"$S/all.out"
		cat "$S/out.txt" >>"$S/all.out"
	done
	ln -sfn "${S#/}/elsewhere" "$S/root/x" # a link that stays inside ROOT is followed there
	mkdir -p "$S/root/${S#/}"
	mv "$S/elsewhere" "$S/root/${S#/}/elsewhere"
	ln -sfn "/${S#/}/elsewhere" "$c"
	run verify "$S/root"
	echo "link inside ROOT: $RC" >>"$S/all.out"
	cat "$S/out.txt" >>"$S/all.out"
	sed "${EXPECT_SED[@]}" -e "s|\.\./\.\.\./[./]*@S@|../..@S@|" "$S/all.out" >"$S/out.txt"
	: >"$S/err.txt"
	expect "$CASE"
}
# rpm-deps: the names it prints as dependencies are checked where they are
# read (the flavour Makefile's lines, the list's file name): a tab or a
# blank there cannot add a Requires or Provides
case_rpm-deps-names() {
	local mk list
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split" || return
	mk=$(echo "$OUT"/p/flavour-one/usr/src/linux-headers-*/Makefile)
	list=$(echo "$OUT"/p/common/usr/src/linux-headers-*/.kbuild-pack-common)
	cp "$mk" "$S/mk"
	printf '# kbuild-pack-split-arch: .kbuild-pack-arch-x86\tevil >= 9 %064d\n' 0 >>"$mk"
	echo "$mk" | "$KBUILD_PACK" rpm-deps --requires >"$S/out.txt" 2>"$S/err.txt"
	echo "requires, a tab in the arch line: $?" >>"$S/out.txt"
	cp "$S/mk" "$mk"
	sed -i "s/^\(# kbuild-pack-split-common: \)\([^ ]*\) /\1\2,evil /" "$mk"
	echo "$mk" | "$KBUILD_PACK" rpm-deps --requires >>"$S/out.txt" 2>>"$S/err.txt"
	echo "requires, a comma in the common line: $?" >>"$S/out.txt"
	cp "$list" "$(dirname "$list")/.kbuild-pack-arch-x86$(printf '\t')evil"
	printf '%s\n' "$(dirname "$list")/.kbuild-pack-arch-x86$(printf '\t')evil" \
		| "$KBUILD_PACK" rpm-deps --provides >>"$S/out.txt" 2>>"$S/err.txt"
	echo "provides, a tab in the list's name: $?" >>"$S/out.txt"
	sed -i "${EXPECT_SED[@]}" -e 's/[0-9a-f]\{64\}/@DIGEST@/g' -e 's/common-[0-9a-f]\{12\}/common-@ID@/g' "$S/out.txt" "$S/err.txt"
	expect "$CASE"
}
# What was checked is what is copied: a selected file swapped for a link
# out of the trees once the walk has checked it (the moment its key check
# opens it) is refused by the sink, in a directory and an archive alike; the
# outside bytes reach no output and no partial output is left.
# swap_pack PATH TARGET ARGS...: pack while PATH is swapped for a link to
# TARGET, once the walk's key check opens a selected file (made big enough
# for the swap to land before anything is written)
swap_pack() {
	local v=$SRC/include/linux/kbp-victim.h path=$1 target=$2
	shift 2
	rm -f "$v"
	truncate -s 64M "$v"
	rm -f "$S/swap.out"
	python3 "$KBP_TESTS_DIR/lib/swap-on-open.py" "$v" "$path" "$target" >"$S/swap.out" &
	local pid=$! i
	for i in $(seq 100); do grep -qs ready "$S/swap.out" && break; sleep 0.05; done
	grep -qs ready "$S/swap.out" || die "the swapper did not start"
	pk "$@"
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ -L "$path" ] && pass "swapped during the pack" || fail "not swapped"
}
case_swap-after-check() {
	echo 'SECRET BYTES' >"$S/secret"
	: >"$S/all.err"
	for f in dir tar; do
		swap_pack "$SRC/include/linux/kbp-victim.h" "$S/secret" --format "$f" --out "$OUT/k.$f"
		echo "--format $f: $RC" >>"$S/all.err"
		cat "$S/err.txt" >>"$S/all.err"
		grep -rqa 'SECRET BYTES' "$OUT" && fail "--format $f: the outside file's bytes reached the output"
	done
	[ -z "$(ls -A "$OUT")" ] && pass "no output left" || fail "output left: $(ls -A "$OUT")"
	mv "$S/all.err" "$S/err.txt"
	: >"$S/out.txt"
	expect "$CASE"
}
# A path is its identity: --report is written into the directory that was
# checked, even when its path names a tree by the time the report is
# written; and a bind mount of the object tree is the object tree
case_report-identity() {
	local before
	mkdir "$S/rep"
	before=$(sha256sum <"$OBJ/include/config/auto.conf")
	swap_pack "$S/rep" "$OBJ/include/config" --out "$OUT/d" --report "$S/rep/auto.conf"
	expect_rc 0 "the pack"
	[ "$(sha256sum <"$OBJ/include/config/auto.conf")" = "$before" ] && pass "the tree's auto.conf unchanged" \
		|| fail "the report went into the tree"
	grep -q "^'kbuild-pack-report'" "$S/rep.before/auto.conf" && pass "the report is in the checked directory" \
		|| fail "no report in the checked directory"
	ls -A "$S/rep.before" >"$S/out.txt"
	if [ "$(id -u)" = 0 ]; then set -- unshare -m; else set -- unshare -rm; fi
	mkdir "$S/bind"
	"$@" true 2>/dev/null || { echo "cannot make a mount namespace: the bind mount case is not run" >&2; return; }
	"$@" sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' - "$OBJ" "$S/bind" \
		"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT/e" --report "$S/bind/Module.symvers" \
		>>"$S/out.txt" 2>"$S/err.txt"
	echo "pack --report BIND/Module.symvers: $?" >>"$S/out.txt"
	sed -i "${EXPECT_SED[@]}" "$S/err.txt"
	[ ! -e "$OUT/e" ] && pass "nothing written" || fail "the pack wrote $OUT/e"
	expect "$CASE"
}
# --force replaces the output as a whole and atomically, whatever the
# spelling of --out (issue 32): "DIR/" over an earlier split gives the new
# parts; "." (the working directory) is refused and changes nothing
case_split-out-force() {
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split"
	touch "$OUT/p/kbp-old"
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p/" --force
	expect_rc 0 "a split over it, --out DIR/ --force"
	(cd "$OUT" && find . ! -name '.' -prune -printf '%P\n'; ls p) >"$S/list.txt"
	cp "$S/err.txt" "$S/err1.txt"
	cd "$OUT/p"
	run split -M "$MANIFESTS" --tree one="$OBJ" --out . --force
	cd - >/dev/null
	expect_rc 2 "--out . --force"
	ls "$OUT/p" >>"$S/list.txt"
	mv "$S/list.txt" "$S/out.txt"
	cat "$S/err1.txt" "$S/err.txt" >"$S/err2.txt"
	mv "$S/err2.txt" "$S/err.txt"
	sed -i "${EXPECT_SED[@]}" "$S/err.txt"
	expect "$CASE"
}
# components in Debian's layout (a Rust kernel's rust component): a source
# file of a component goes to the common part's PART@COMPONENT, made from
# the source, and a host program of one to linux-kbuild-SERIES@COMPONENT
# under usr/lib alone (the usr/src link is the main part's); the split's
# check finds both there
case_split-debian-components() {
	cp -a "$MANIFESTS" "$S/man"
	cat >>"$S/man/common.yaml" <<-'EOF'
	  - name: kbp-extra-source
	    component: extra
	    from: src
	    include: scripts/kbp_extra.h
	    when: CONFIG_KBP_EXTRA
	  - name: kbp-extra-program
	    component: extra
	    from: obj
	    include: scripts/kbp_extra_prog
	    when: CONFIG_KBP_EXTRA
	EOF
	echo '/* extra */' >"$SRC/scripts/kbp_extra.h"
	"$KBP_MKELF" "$OBJ/scripts/kbp_extra_prog" && chmod 755 "$OBJ/scripts/kbp_extra_prog"
	echo 'CONFIG_KBP_EXTRA=y' >>"$OBJ/.config"
	echo 'CONFIG_KBP_EXTRA=y' >>"$OBJ/include/config/auto.conf"
	echo '#define CONFIG_KBP_EXTRA 1' >>"$OBJ/include/generated/autoconf.h"
	SOURCE_DATE_EPOCH=1700000000 run split -M "$S/man" --layout debian --common-name 6.1.0-1-common --arch x86 \
		--tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split in Debian's layout with a component"
	(cd "$OUT/p" && find . -mindepth 2 ! -type d -path '*@extra/*' -printf '%P %y %m %l\n' | LC_ALL=C sort) >"$S/out.txt"
	expect "$CASE"
}
# A published common list is input: its name (not covered by the digest)
# may neither leave --out nor put make code into a flavour's Makefile, and a
# list of another kernel is refused though no file of the tree collides;
# each refused, nothing written (issue 32)
case_split-common-list-fields() {
	run split -M "$MANIFESTS" --tree one="$OBJ" --out "$OUT/p"
	expect_rc 0 "a split to take the list from"
	list=$(echo "$OUT"/p/common/usr/src/linux-headers-*/.kbuild-pack-common)
	: >"$S/all.err"
	# a name or kernel changed to a valid one: the digest covers them
	for bad in '1s|.*|name ../../../ESCAPED|' '1s|.*|name x$(shell touch '"$S"'/INJECTED)|' '1s|.*|name other-common|' \
		'2s|.*|kernel 9.9.9|' '2s|.*|kernel 6.1|'; do
		sed "$bad" "$list" >"$S/list"
		run split -M "$MANIFESTS" --common "$S/list" --tree "$OBJ" --out "$OUT/q"
		expect_rc 1 "a list edited with $bad"
		cat "$S/err.txt" >>"$S/all.err"
		[ ! -e "$OUT/q" ] || fail "a refused split wrote $OUT/q"
	done
	# a genuine list of another kernel (6.1.98): refused before any file of
	# the trees is compared with it
	cp -a "$S/t" "$S/t2"
	sed -i 's/^SUBLEVEL = .*/SUBLEVEL = 98/' "$S/t2/src/Makefile"
	run split -M "$MANIFESTS" --tree other="$S/t2/obj" --out "$OUT/p2"
	expect_rc 0 "a split of a 6.1.98 tree"
	run split -M "$MANIFESTS" --common "$OUT"/p2/common/usr/src/linux-headers-*/.kbuild-pack-common --tree "$OBJ" --out "$OUT/q"
	expect_rc 1 "the list of another kernel"
	cat "$S/err.txt" >>"$S/all.err"
	[ ! -e "$OUT/q" ] || fail "a refused split wrote $OUT/q"
	[ ! -e "$S/INJECTED" ] && [ ! -e "$S/ESCAPED" ] && [ ! -e "$OUT/ESCAPED" ] || fail "a list's name reached a path or make"
	mv "$S/all.err" "$S/err.txt"
	: >"$S/out.txt"
	sed -i -e 's/digest [0-9a-f]\{64\}/digest @DIGEST@/g; s/give [0-9a-f]\{64\}/give @DIGEST@/' "$S/err.txt"
	expect "$CASE"
}
# A series the manifests are not proven on (the synthetic tree is 6.1; here
# the manifests prove 7.2 only): refused, nothing written; --list warns;
# --unproven-series packs and publishes only if a canary module builds,
# which it cannot against the synthetic tree (the build log's tail is
# dropped from err.txt: only kbuild-pack's and the canary's lines are
# compared).
case_unproven-series() {
	cp -a "$MANIFESTS" "$S/m"
	sed -i 's/^proven-series: .*/proven-series: ["7.2"]/' "$S/m/common.yaml"
	EXPECT_SED+=(-e "s|$S/m|@M@|g")
	run --src "$SRC" --obj "$OBJ" -M "$S/m" --out "$OUT"
	expect_rc 1 "an unproven series without --unproven-series"
	expect_empty "$OUT"
	cp "$S/err.txt" "$S/err1.txt"
	run --src "$SRC" --obj "$OBJ" -M "$S/m" --list
	expect_rc 0 "--list of an unproven series"
	[ "$(wc -l <"$S/out.txt")" -gt 10 ] || fail "--list listed $(wc -l <"$S/out.txt") files"
	cp "$S/err.txt" "$S/err2.txt"
	run --src "$SRC" --obj "$OBJ" -M "$S/m" --unproven-series --out "$OUT"
	expect_rc 1 "--unproven-series on a tree no canary builds against"
	expect_empty "$OUT"
	grep -E '^(kbuild-pack|canary): ' "$S/err.txt" | cat "$S/err1.txt" "$S/err2.txt" - >"$S/all.txt"
	sed 's|/\.build\.kbuild-pack-[A-Za-z0-9]*|/@STAGED@|' "$S/all.txt" >"$S/err.txt"
	expect "$CASE"
}
# --- names are data: every list prints a name so that it cannot pass for
# another nor forge a field or a line (kbuild-pack(1), TREES AND PATHS;
# the one rule: src/shared/names.h)
# hostile_names DIR: below DIR/include/linux, files whose names hold a tab
# and newlines (one forges a --list record), a backslash, a byte that is
# not UTF-8 (and the UTF-8 name a reader used to get for it), and a link
# to one of them.
hostile_names() {
	local d=$1/include/linux
	: >"$d/a"$'\n'"forged"$'\t'"obj"$'\t'"rule"$'\t'"main.h"
	: >"$d/back\\slash.h"
	: >"$d/caf"$'\xe9'".h"
	: >"$d/caf"$'\xc3\xa9'".h"
	: >"$d/t"$'\n'"x.h"
	ln -s "t"$'\n'"x.h" "$d/lnk.h"
}
# pack --list: one line a file, escaped; the report: each name back as it
# is in the tree (bytes when it is not UTF-8), no two alike
case_list-hostile-names() {
	hostile_names "$SRC"
	pk --list
	expect_rc 0
	grep -a '^include/linux/' "$S/out.txt" >"$S/list.txt"
	pk --out "$OUT" --report "$S/r.yaml"
	expect_rc 0 "pack of the hostile names"
	python3 - "$S/r.yaml" "$B" >"$S/report.txt" <<'EOF' || fail "the report's paths are not the names packed"
import os, sys, yaml
paths = [f['path'] for f in yaml.safe_load(open(sys.argv[1]))['files']]
got = sorted(p if isinstance(p, bytes) else os.fsencode(p) for p in paths)
top = os.fsencode(sys.argv[2])
want = sorted(os.path.relpath(os.path.join(d, n), top) for d, ds, fs in os.walk(top) for n in fs + [x for x in ds if os.path.islink(os.path.join(d, x))])
assert got == want, (got, want)
for p in paths:
    if (p if isinstance(p, bytes) else os.fsencode(p)).startswith(b'include/linux/'):
        print(repr(p))
EOF
	{ cat "$S/list.txt"; echo "--- the report's include/linux, as Python reads it"; cat "$S/report.txt"; } >"$S/out.txt"
	expect "$CASE"
}
# diff and verify: one line a difference or problem, names escaped
case_diff-hostile-names() {
	hostile_names "$SRC"
	pk --out "$OUT"
	expect_rc 0 "pack of the hostile names" || return
	cp -a "$OUT" "$S/o2"
	local b2=$S/o2/lib/modules/$REL/build/include/linux
	rm "$b2/a"$'\n'"forged"$'\t'"obj"$'\t'"rule"$'\t'"main.h"
	echo x >"$b2/back\\slash.h"
	ln -sfn "/x"$'\n'"only in B: y" "$b2/lnk.h"
	run diff "$OUT" "$S/o2"
	expect_rc 1
	mv "$S/out.txt" "$S/diff.txt"
	run verify "$S/o2"
	expect_rc 1
	{ cat "$S/diff.txt"; echo '--- verify'; cat "$S/out.txt"; } >"$S/all.txt"
	mv "$S/all.txt" "$S/out.txt"
	expect "$CASE"
}
# split: a part list has no escapes, so a name it would have to escape is
# refused, nothing written; --list escapes a flavour's file as pack's does
case_split-hostile-names() {
	second_flavour
	: >"$S/obj2/arch/x86/include/generated/asm/two"$'\t'"only.h"
	run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --list
	expect_rc 0 "split --list"
	grep -aF 'two\tonly' "$S/out.txt" >"$S/list.txt"
	: >"$S/all.err"
	for n in "a"$'\n'"b.h" "back\\slash.h" "caf"$'\xe9'".h"; do
		: >"$SRC/include/linux/$n"
		run split -M "$MANIFESTS" --tree one="$OBJ" --tree two="$S/obj2" --out "$OUT/p"
		expect_rc 1 "split with $n"
		grep -v 'have one release' "$S/err.txt" >>"$S/all.err"
		rm "$SRC/include/linux/$n"
	done
	expect_empty "$OUT"
	mv "$S/list.txt" "$S/out.txt"
	mv "$S/all.err" "$S/err.txt"
	expect "$CASE"
}
kbp_run_case "$CASE"
