#!/bin/bash
# Archives, reports, verify and diff on the real 6.1 fixture (issue 4).
# Usage: ship-test.sh CASE      (cases: see CMakeLists.txt next to this)
# Each case packs the read-only fixture itself and checks real outputs:
# archive bytes (sha256), extracted trees that build the test modules,
# exact verify/diff lines and exit statuses.
set -uo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
CASE=$1
kbp_setup 6.1 obj

# pk ARGS...: the tool on the fixture; RC, $S/out.txt, $S/err.txt.
pk() {
	RC=0
	"$KBUILD_PACK" --src "$SRC" --obj "$OBJ" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
}
# kp ARGS...: a subcommand (verify, diff); RC, $S/out.txt, $S/err.txt.
kp() {
	RC=0
	"$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
}
expect_rc() {
	[ "$RC" = "$1" ] && return 0
	fail "$2: exit status $RC, expected $1"
	sed 's/^/  stderr: /' "$S/err.txt" | tail -n 20 >&2
	sed 's/^/  stdout: /' "$S/out.txt" | head -n 20 >&2
	return 1
}
# expect_out FILE-WITH-WANTED-STDOUT WHAT
expect_out() {
	if diff -u "$1" "$S/out.txt" >&2; then pass "$2"; else fail "$2: stdout differs (above)"; fi
}
sum() { sha256sum "$1" | cut -d' ' -f1; }

# good_tree DIR: a packed build directory in DIR; sets G to its build dir.
good_tree() {
	pk --out "$1"
	expect_rc 0 "pack into $1" || die "pack failed"
	G=$1/lib/modules/$REL/build
}
# bad_copy NAME: a writable copy of the good tree $G; sets BAD.
bad_copy() {
	BAD=$S/bad-$1/lib/modules/$REL/build
	mkdir -p "$(dirname "$BAD")"
	cp -a "$G" "$BAD"
}
# verify_bad WANTED-LINE: verify $BAD must fail and print exactly that line.
verify_bad() {
	kp verify "$BAD"
	expect_rc 1 "verify of the defective tree"
	printf '%s\n' "$1" > "$S/want.txt"
	expect_out "$S/want.txt" "verify reports: $1"
}

# repro FMT [pack args]: two packs in different directories, at different
# times (1 s apart, and the second from another working directory), must be
# byte-identical.
repro() {
	local fmt=$1; shift
	mkdir -p "$S/r1" "$S/r2/deeper"
	(cd "$S/r1" && "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format "$fmt" --out "$S/r1/k.$fmt" "$@") \
		|| die "pack --format $fmt failed"
	sleep 1
	(cd "$S/r2/deeper" && "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --format "$fmt" --out "$S/r2/deeper/k.$fmt" "$@") \
		|| die "second pack --format $fmt failed"
	local a b
	a=$(sum "$S/r1/k.$fmt") b=$(sum "$S/r2/deeper/k.$fmt")
	if [ "$a" = "$b" ]; then
		pass "$fmt $*: two packs give identical bytes (sha256 $a)"
	else
		fail "$fmt $*: sha256 $a != $b"
		cmp "$S/r1/k.$fmt" "$S/r2/deeper/k.$fmt" | head -n 3 >&2
	fi
	# The archive is the directory output, byte for byte.
	kp diff "$S/r1/k.$fmt" "$S/dirpack"
	expect_rc 0 "$fmt holds the same tree as --format dir" && pass "$fmt holds the same files as the directory output"
}

# extract_build TOOL ARCHIVE: extract with TOOL, then build the test modules
# against the result (original trees hidden, extracted tree read-only).
extract_build() {
	local tool=$1 ar=$2 x=$S/x-$1
	mkdir -p "$x"
	case $tool in
		bsdtar) bsdtar -xpf "$ar" -C "$x" ;;
		gnutar) tar --no-same-owner -xpf "$ar" -C "$x" ;;
		cpio) (cd "$x" && cpio -idm --quiet --no-absolute-filenames < "$ar") ;;
	esac || die "$tool cannot extract $ar"
	[ "$(readlink "$x/lib/modules/$REL/source")" = build ] || fail "$tool: source -> build link missing"
	kp diff "$x" "$S/dirpack"
	expect_rc 0 "$tool extraction equals the directory output" && pass "$tool: extracted tree equals the directory output"
	kp verify "$x"
	expect_rc 0 "verify of the $tool extraction" && pass "$tool: extracted tree passes verify"
	mount --bind "$x" "$x" && mount -o remount,bind,ro "$x"
	kbp_copy_modules "$S/mod"
	kbp_build_modules "$x/lib/modules/$REL/build" "$S/mod" hide \
		&& pass "$tool: all test modules build against the extracted tree" \
		|| fail "$tool: test modules do not build against the extracted tree"
}

case "$CASE" in
repro-tar|repro-tar.gz|repro-tar.xz|repro-tar.zst|repro-cpio)
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	repro "${CASE#repro-}" ;;
repro-hardlinks)
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	repro tar --hardlink-dups
	[ "$(tar -tvf "$S/r1/k.tar" | grep -c '^h')" -gt 0 ] && pass "tar has hard links" || fail "no hard links in tar --hardlink-dups"
	rm -rf "$S/r1" "$S/r2"
	repro cpio --hardlink-dups ;;
sde)
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
	# The clamping applies to directory output too.
	SOURCE_DATE_EPOCH=1000000000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$S/d" || die "pack failed"
	late=$(find "$S/d/lib/modules/$REL/build" "$S/d/lib/modules/$REL/source" -newermt @1000000000 | head -n 3)
	[ -z "$late" ] && pass "directory output: no mtime after SOURCE_DATE_EPOCH" || fail "directory output has later mtimes: $late" ;;
extract-bsdtar|extract-gnutar|extract-cpio)
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	tool=${CASE#extract-}
	case $tool in bsdtar) fmt=tar.zst ;; gnutar) fmt=tar.gz ;; cpio) fmt=cpio ;; esac
	# Hard links too: the extractors must resolve them.
	pk --format "$fmt" --hardlink-dups --out "$S/k.$fmt"
	expect_rc 0 "pack --format $fmt" || die "pack failed"
	extract_build "$tool" "$S/k.$fmt" ;;
exists)
	echo keep > "$S/k.tar"
	pk --format tar --out "$S/k.tar"
	expect_rc 1 "pack onto an existing archive"
	[ "$(cat "$S/k.tar")" = keep ] && pass "existing archive untouched without --force" || fail "existing archive changed"
	pk --format tar --out "$S/k.tar" --force
	expect_rc 0 "pack --force" && tar -tf "$S/k.tar" >/dev/null && pass "--force replaces the archive"
	left=$(ls "$S" | grep kbuild-pack- || true)
	[ -z "$left" ] && pass "no temporary files left" || fail "left behind: $left"
	pk --format dir --hardlink-dups --out "$S/o"
	expect_rc 2 "--hardlink-dups with a directory" ;;
report)
	good_tree "$S/d"
	rm -rf "$S/d"
	pk --out "$S/d" --report "$S/r.yaml"
	expect_rc 0 "pack --report" || die "pack failed"
	python3 - "$S/r.yaml" "$G" "$REL" <<'PY' && pass "report matches the packed tree (paths, sizes, sha256, rules, totals)" || fail "report check failed"
import hashlib, os, sys, yaml
r = yaml.safe_load(open(sys.argv[1])); g = sys.argv[2]
assert r["kbuild-pack-report"] == 1, r["kbuild-pack-report"]
assert r["release"] == sys.argv[3], r["release"]
assert r["arch"] == "x86" and r["format"] == "dir" and r["source-date-epoch"] is None
assert r["config"]["CONFIG_MODVERSIONS"] == "y", r["config"].get("CONFIG_MODVERSIONS")
on_disk = set()
for root, dirs, files in os.walk(g):
    for f in files:
        on_disk.add(os.path.relpath(os.path.join(root, f), g))
paths = [f["path"] for f in r["files"]]
assert paths == sorted(paths, key=lambda p: p.encode()), "not sorted"
assert set(paths) == on_disk, (set(paths) ^ on_disk)
nbytes = 0
for f in r["files"]:
    p = os.path.join(g, f["path"])
    if f["type"] == "link":
        assert os.readlink(p) == f["target"]; continue
    assert os.path.getsize(p) == f["size"], f["path"]
    assert hashlib.sha256(open(p, "rb").read()).hexdigest() == f["sha256"], f["path"]
    assert f["origin"] in ("src", "obj", "kbuild-pack") and f["rule"], f
    nbytes += f["size"]
t = r["totals"]
assert t["bytes"] == nbytes and t["files"] + t["links"] == len(paths), t
per_rule = {}
for f in r["files"]:
    per_rule[f["rule"]] = per_rule.get(f["rule"], 0) + 1
for rule in r["rules"]:
    if rule["applied"] == "no":
        assert rule["files"] == 0, rule
assert sum(x["files"] for x in r["rules"]) == sum(n for k, n in per_rule.items() if k != "modpost=bundled")
PY
	pk --format tar --out "$S/k.tar" --report -
	expect_rc 0 "pack --report -"
	python3 -c 'import sys,yaml; r=yaml.safe_load(open(sys.argv[1])); assert r["format"]=="tar"' "$S/out.txt" \
		&& pass "--report - writes the report to stdout" || fail "--report - output is not the report" ;;
verify-good)
	good_tree "$S/d"
	kp verify "$G"
	expect_rc 0 "verify of a good build directory" && [ ! -s "$S/out.txt" ] && pass "good tree: verify exits 0, prints nothing"
	kp verify "$S/d"
	expect_rc 0 "verify of a DESTDIR" && pass "verify finds the build directory in a DESTDIR"
	pk --format tar.gz --out "$S/k.tar.gz"
	kp verify "$S/k.tar.gz"
	expect_rc 0 "verify of an archive" && pass "good archive: verify exits 0"
	[ -z "$(ls "${TMPDIR:-/tmp}" | grep -c kbuild-pack-XXX || true)" ] || true ;;
verify-missing)
	good_tree "$S/d"; bad_copy missing
	rm "$BAD/scripts/mod/modpost"
	verify_bad "scripts/mod/modpost: required file is missing" ;;
verify-missing-conditional)
	good_tree "$S/d"; bad_copy cond
	rm "$BAD/tools/objtool/objtool"
	verify_bad "tools/objtool/objtool: required file is missing (CONFIG_OBJTOOL=y)" ;;
verify-foreign-elf)
	good_tree "$S/d"; bad_copy elf
	# fixdep as built for another machine: e_machine (offset 18) = EM_AARCH64 (183).
	printf '\xb7\x00' | dd of="$BAD/scripts/basic/fixdep" bs=1 seek=18 conv=notrunc status=none
	verify_bad "scripts/basic/fixdep: ELF machine aarch64 (183), expected x86_64 (62)" ;;
verify-host-arch)
	good_tree "$S/d"
	kp verify --host-arch aarch64 "$G"
	expect_rc 1 "verify --host-arch aarch64 of an x86_64 tree"
	grep -qx "scripts/basic/fixdep: ELF machine x86_64 (62), expected aarch64 (183)" "$S/out.txt" \
		&& pass "--host-arch aarch64 names fixdep and both machines" || fail "no fixdep line: $(head -3 "$S/out.txt")"
	kp verify --host-arch x86_64 "$G"
	expect_rc 0 "verify --host-arch x86_64" && pass "--host-arch x86_64 passes"
	kp verify --host-arch vax "$G"
	expect_rc 2 "unknown --host-arch" ;;
verify-private-key)
	good_tree "$S/d"; bad_copy key
	mkdir -p "$BAD/certs"
	printf -- '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n' > "$BAD/certs/extra.pem"
	verify_bad "certs/extra.pem: private key material" ;;
verify-abs-symlink)
	good_tree "$S/d"; bad_copy abslink
	ln -s /etc/hostname "$BAD/include/hostname.h"
	verify_bad "include/hostname.h: symlink to an absolute path: /etc/hostname" ;;
verify-outside-symlink)
	good_tree "$S/d"; bad_copy outlink
	ln -s ../../../../outside "$BAD/include/out.h"
	verify_bad "include/out.h: symlink points outside the tree: ../../../../outside" ;;
verify-mtime-order)
	good_tree "$S/d"; bad_copy mtime
	touch -d '@1000000000' "$BAD/include/config/auto.conf"
	touch -d '@1000000000' "$BAD/include/generated/autoconf.h"
	verify_bad "include/config/auto.conf: older than .config: kbuild would try to regenerate the configuration" ;;
verify-corrupt-symvers)
	good_tree "$S/d"; bad_copy symvers
	sed -i '3s/^0x/zz/' "$BAD/Module.symvers"
	verify_bad "Module.symvers:3: parse error: CRC is not a 0x-prefixed hex number" ;;
verify-abs-path)
	good_tree "$S/d"; bad_copy abspath
	printf 'include %s/Makefile\n' "$SRC" > "$BAD/scripts/Makefile.extra"
	verify_bad "scripts/Makefile.extra: line 1 names an absolute path of the build machine: $SRC/Makefile" ;;
verify-all-at-once)
	# Every defect at once: every one is listed, one per line.
	good_tree "$S/d"; bad_copy all
	rm "$BAD/scripts/module.lds"
	ln -s /etc/hostname "$BAD/include/hostname.h"
	printf 'x\n' >> "$BAD/Module.symvers"
	kp verify "$BAD"
	expect_rc 1 "verify of a tree with three defects"
	[ "$(wc -l < "$S/out.txt")" = 3 ] && pass "three problems, three lines" || { fail "want 3 lines:"; cat "$S/out.txt" >&2; } ;;
pack-verify)
	pk --out "$S/ok" --verify
	expect_rc 0 "pack --verify of a good tree" && [ -d "$S/ok/lib/modules/$REL/build" ] && pass "pack --verify publishes a good tree"
	# An extra manifest pulls in the object tree's auto.conf.cmd, which names
	# the fixture's absolute paths: the result must not be published.
	cat > "$S/extra.yaml" <<YAML
version: 1
rules:
  - name: leak-cmd
    from: obj
    include: include/config/auto.conf.cmd
YAML
	for fmt in dir tar.gz; do
		out=$S/bad-$fmt; [ $fmt = dir ] || out=$S/bad.$fmt
		pk --out "$out" --format $fmt --manifest "$S/extra.yaml" --verify
		expect_rc 1 "pack --verify of a tree that fails verify ($fmt)"
		grep -q "^include/config/auto.conf.cmd: line [0-9]* names an absolute path of the build machine: $FIX/" "$S/err.txt" \
			&& pass "$fmt: pack --verify names the problem" || { fail "$fmt: no verify line:"; cat "$S/err.txt" >&2; }
		left=$(ls -A "$S" | grep -E "^bad|kbuild-pack" || true)
		[ -z "$left" ] && pass "$fmt: nothing published, nothing left behind" || fail "$fmt: left behind: $left"
	done ;;
canary)
	good_tree "$S/d"
	mount --bind "$S/d" "$S/d" && mount -o remount,bind,ro "$S/d"
	kp verify --canary "$G"
	expect_rc 0 "verify --canary of a good read-only tree" && pass "canary module builds, __versions agree with Module.symvers"
	bad_copy canary
	printf '#!/bin/sh\nexit 1\n' > "$BAD/scripts/basic/fixdep"
	kp verify --canary "$BAD"
	expect_rc 1 "verify --canary with a broken fixdep"
	grep -q "^canary: make -C .* M=... modules failed (exit 2)$" "$S/out.txt" \
		&& pass "canary build failure reported" || { fail "no canary line:"; cat "$S/out.txt" >&2; } ;;
diff-manifests)
	good_tree "$S/a"
	cat > "$S/extra.yaml" <<YAML
version: 1
rules:
  - name: extra-docs
    from: src
    include: [README, COPYING, LICENSES/preferred/GPL-2.0]
YAML
	pk --out "$S/b" --manifest "$S/extra.yaml"
	expect_rc 0 "pack with an extra manifest" || die "pack failed"
	kp diff "$S/a" "$S/b"
	expect_rc 1 "diff of packs with different manifests"
	printf '%s\n' "only in B: COPYING" "only in B: LICENSES/preferred/GPL-2.0" "only in B: README" > "$S/want.txt"
	expect_out "$S/want.txt" "diff lists exactly the files the extra manifest adds"
	kp diff "$S/b" "$S/a"
	expect_rc 1 "diff B A"
	sed 's/only in B/only in A/' "$S/want.txt" > "$S/want2.txt"
	expect_out "$S/want2.txt" "diff B A mirrors it"
	# An archive against a directory; then a changed, a chmod-ed and a retargeted entry.
	pk --out "$S/a.cpio" --format cpio
	kp diff "$S/a.cpio" "$S/a"
	expect_rc 0 "diff of an archive and the directory of the same pack" && [ ! -s "$S/out.txt" ] && pass "archive vs directory: no differences"
	A=$S/a/lib/modules/$REL/build
	echo '# local change' >> "$A/Makefile"
	chmod -x "$A/scripts/mod/modpost"
	kp diff "$S/a" "$S/a.cpio"
	expect_rc 1 "diff after changes"
	size=$(stat -c %s "$A/Makefile")
	printf '%s\n' "differs: Makefile (content: $size bytes in A, $((size - 15)) bytes in B)" \
		"differs: scripts/mod/modpost (mode 0644 in A, 0755 in B)" > "$S/want.txt"
	expect_out "$S/want.txt" "diff names content and mode changes" ;;
*)
	die "unknown case $CASE" ;;
esac
kbp_finish
