#!/bin/bash
# Bad input and interruptions, on the real 6.1 fixture: each case checks
# the exact message and exit status, and that nothing was written.
# Usage: cli-test.sh CASE
set -uo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
CASE=$1
kbp_setup 6.1 obj

OUT=$S/out
mkdir -p "$OUT"

# run ARGS...: runs the tool, leaves RC, and stdout/stderr in $S/out.txt,
# $S/err.txt with the fixture and scratch paths replaced by @FIX@ and @S@.
run() {
	RC=0
	"$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
	sed -i -e "s|$FIX|@FIX@|g" -e "s|$S|@S@|g" "$S/out.txt" "$S/err.txt"
}
ERR_DIR=$S
. "$KBP_TESTS_DIR/expect-lib.sh"
# overlay NAME: a writable view of the object tree whose changes stay in $S.
overlay() {
	mkdir -p "$S/ov/$1/up" "$S/ov/$1/work" "$S/ov/$1/obj"
	mount -t overlay overlay -o "lowerdir=$OBJ,upperdir=$S/ov/$1/up,workdir=$S/ov/$1/work" "$S/ov/$1/obj"
	echo "$S/ov/$1/obj"
}
B=$OUT/lib/modules/$REL/build

case "$CASE" in
usage-no-tree)
	run --out "$OUT"
	expect_rc 2
	expect_err "kbuild-pack: no kernel tree given: pass --src SRC (and --obj OBJ for an O= build)
Try 'kbuild-pack --help' for more information."
	expect_empty "$OUT" ;;
usage-bad-modpost)
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --modpost=mine
	expect_rc 2
	expect_err "kbuild-pack: --modpost takes 'tree' or 'bundled', not 'mine'
Try 'kbuild-pack --help' for more information."
	expect_empty "$OUT" ;;
usage-unknown-command)
	run frobnicate
	expect_rc 2
	expect_err "kbuild-pack: error: unknown command 'frobnicate' (see kbuild-pack --help)" ;;
not-a-kernel-tree)
	mkdir "$S/empty"
	run --src "$S/empty" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/empty: not a kernel source tree (no Makefile)"
	expect_empty "$OUT" ;;
unconfigured)
	o=$(overlay unconf)
	rm "$o/include/config/auto.conf"
	run --src "$SRC" --obj "$o" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/ov/unconf/obj: kernel tree is not configured and prepared: include/config/auto.conf is missing (run 'make olddefconfig' and 'make modules_prepare' or a full build first)"
	expect_empty "$OUT" ;;
missing-symvers)
	o=$(overlay nosymvers)
	rm "$o/Module.symvers"
	run --src "$SRC" --obj "$o" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/ov/nosymvers/obj/Module.symvers is missing: build the kernel's modules first (or pass --allow-missing-symvers)"
	expect_empty "$OUT"
	run --src "$SRC" --obj "$o" --out "$OUT" --allow-missing-symvers
	expect_rc 0
	expect_err "kbuild-pack: warning: @S@/ov/nosymvers/obj/Module.symvers is missing: modules built against the output will have no symbol versions"
	[ -f "$B/Makefile" ] && [ ! -e "$B/Module.symvers" ] || fail "--allow-missing-symvers did not pack without Module.symvers" ;;
corrupt-symvers)
	o=$(overlay badsymvers)
	sed -i '3s/\t[^\t]*$//' "$o/Module.symvers"   # line 3 loses its namespace field
	run --src "$SRC" --obj "$o" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/ov/badsymvers/obj/Module.symvers:3: parse error: expected 5 tab-separated fields (crc, symbol, module, export type, namespace)"
	expect_empty "$OUT" ;;
unknown-arch)
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --arch vax
	expect_rc 1
	expect_err "kbuild-pack: error: unknown architecture 'vax': @FIX@/src/arch/vax does not exist"
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --arch mips
	expect_rc 1
	dir=$(dirname "$KBUILD_PACK")/../share/kbuild-pack/manifests
	dir=$(cd "$dir" && pwd)
	sed -i "s|$dir|@MANIFESTS@|" "$S/err.txt"
	expect_err "kbuild-pack: error: unknown architecture 'mips': no manifest @MANIFESTS@/arch/mips.yaml (known: arm, arm64, loongarch, powerpc, riscv, s390, x86)"
	expect_empty "$OUT" ;;
bad-manifest)
	printf 'version: 1\nrules:\n  - name: extra\n    from: src\n    include: [drivers/md/*.h\n' >"$S/extra.yaml"
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/extra.yaml:6:1: did not find expected ',' or ']' while parsing a flow sequence"
	printf 'version: 1\nrules:\n  - name: extra\n    from: source\n    include: x\n' >"$S/extra.yaml"
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --manifest "$S/extra.yaml"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/extra.yaml:4:11: 'from' must be 'src' or 'obj'"
	expect_empty "$OUT" ;;
required-missing)
	o=$(overlay nofixdep)
	rm "$o/scripts/basic/fixdep"
	run --src "$SRC" --obj "$o" --out "$OUT"
	expect_rc 1
	sed -i 's|^kbuild-pack: error: .*/manifests/common.yaml:|kbuild-pack: error: common.yaml:|' "$S/err.txt"
	line=$(grep -n 'name: required-host-tools' "$KBP_TESTS_DIR/../manifests/common.yaml" | cut -d: -f1)
	expect_err "kbuild-pack: error: common.yaml:$line:5: required rule 'required-host-tools' matched nothing for 'scripts/basic/fixdep' in @S@/ov/nofixdep/obj"
	expect_empty "$OUT" ;;
unwritable-out)
	mkdir "$S/ro"
	mount --bind "$S/ro" "$S/ro" && mount -o remount,bind,ro "$S/ro"
	run --src "$SRC" --obj "$OBJ" --out "$S/ro"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot create @S@/ro/lib/modules/$REL: Read-only file system"
	expect_empty "$S/ro" ;;
full-out)
	mkdir "$S/small"
	mount -t tmpfs -o size=4m tmpfs "$S/small"
	run --src "$SRC" --obj "$OBJ" --out "$S/small"
	expect_rc 1
	grep -q 'No space left on device' "$S/err.txt" || fail "no ENOSPC message: $(cat "$S/err.txt")"
	[ "$(wc -l <"$S/err.txt")" = 1 ] || fail "more than one message: $(cat "$S/err.txt")"
	expect_empty "$S/small" ;;
exists-force)
	run --src "$SRC" --obj "$OBJ" --out "$OUT"
	expect_rc 0
	touch "$B/stale-marker"
	run --src "$SRC" --obj "$OBJ" --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/out/lib/modules/$REL/build already exists; pass --force to replace it"
	[ -e "$B/stale-marker" ] || fail "a refused pack touched the existing build dir"
	run --src "$SRC" --obj "$OBJ" --out "$OUT" --force
	expect_rc 0
	[ ! -e "$B/stale-marker" ] || fail "--force did not replace the build dir"
	[ "$(readlink "$OUT/lib/modules/$REL/source")" = build ] || fail "source link is not 'build'"
	left=$(ls -A "$OUT/lib/modules/$REL")
	[ "$left" = "build
source" ] || fail "stray entries beside build: $left" ;;
sigterm|sigint)
	sig=${CASE#sig}; sig=${sig^^}
	"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" 2>"$S/err.txt" &
	pid=$!
	for _ in $(seq 2000); do
		compgen -G "$OUT/lib/modules/$REL/.build.kbuild-pack-*" >/dev/null && break
		sleep 0.002
	done
	kill -"$sig" "$pid"
	RC=0; wait "$pid" || RC=$?
	want=$([ "$sig" = TERM ] && echo 143 || echo 130)
	if [ -e "$B" ]; then
		fail "the pack finished before the signal; cannot test interruption"
	else
		expect_rc "$want"
		expect_empty "$OUT"
	fi ;;
private-key)
	o=$(overlay keys)
	mkdir -p "$o/certs"
	printf -- '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >"$o/certs/signing_key.pem"
	printf -- '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n' >"$o/certs/other.pem"
	printf -- '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >"$o/certs/public.pem"
	printf '\x30\x82\x01\x02' >"$o/certs/signing_key.x509"
	printf '\x30\x82\x04\xbd' >"$o/certs/custom.der"
	echo 'CONFIG_MODULE_SIG_KEY="certs/custom.der"' >>"$o/include/config/auto.conf"
	printf 'version: 1\nrules:\n  - name: all-certs\n    from: obj\n    include: certs\n' >"$S/certs.yaml"
	run --src "$SRC" --obj "$o" --out "$OUT" --manifest "$S/certs.yaml"
	expect_rc 0
	expect_err "kbuild-pack: warning: not copying private key material: @S@/ov/keys/obj/certs/custom.der
kbuild-pack: warning: not copying private key material: @S@/ov/keys/obj/certs/other.pem
kbuild-pack: warning: not copying private key material: @S@/ov/keys/obj/certs/signing_key.pem"
	got=$(cd "$B/certs" && ls -A | tr '\n' ' ')
	[ "$got" = "public.pem signing_key.x509 " ] || fail "certs/ in the output holds: $got"
	if grep -rlq 'PRIVATE KEY' "$B"; then fail "private key material in the output"; fi ;;
list)
	run --src "$SRC" --obj "$OBJ" --list
	expect_rc 0
	expect_err ""
	for want in "Makefile	src	top-makefile" ".config	obj	config" "Module.symvers	obj	symbols" \
		"scripts/basic/fixdep	obj	required-host-tools" "tools/objtool/objtool	obj	objtool" \
		"include/generated/autoconf.h	obj	generated-headers" "scripts/Makefile.build	src	kbuild-scripts"; do
		grep -qxF "$want" "$S/out.txt" || fail "--list lacks the line: $want"
	done
	if grep -E '\.(o|c)	|\.cmd	|^Documentation/|^arch/(arm|arm64|powerpc)/' "$S/out.txt"; then fail "--list selects what it must not"; fi
	cut -f1 "$S/out.txt" | sort >"$S/list.txt"
	run --src "$SRC" --obj "$OBJ" --out "$OUT"
	(cd "$B" && find . ! -type d | sed 's|^\./||' | sort) >"$S/packed.txt"
	diff -u "$S/list.txt" "$S/packed.txt" >&2 || fail "--list differs from what a pack writes" ;;
dir-mtimes)
	# A directory takes the time of the newest entry below it, never 1970 or "now".
	run --src "$SRC" --obj "$OBJ" --out "$OUT"
	expect_rc 0
	old=$(find "$B" -type d ! -newermt 1971-01-01 | head -n 5)
	[ -z "$old" ] || fail "directories with an epoch-0 mtime: $old"
	while IFS= read -r d; do
		newer=$(find "$d" -mindepth 1 -newer "$d" -print -quit)
		[ -z "$newer" ] || fail "$d is older than $newer"
	done < <(find "$B" -type d)
	ours=$(stat -c %Y "$B")
	newest=$(find "$B" -mindepth 1 -printf '%T@\n' | sort -n | tail -n 1 | cut -d. -f1)
	[ "$ours" = "$newest" ] || fail "build/ mtime $ours is not its newest entry's $newest" ;;
obj-only)
	run --obj "$OBJ" --list
	expect_rc 0
	mv "$S/out.txt" "$S/objonly.txt"
	run --src "$SRC" --obj "$OBJ" --list
	diff -u "$S/out.txt" "$S/objonly.txt" >&2 || fail "--obj alone did not find the source through OBJ/source" ;;
*)
	die "unknown case $CASE" ;;
esac
kbp_finish
