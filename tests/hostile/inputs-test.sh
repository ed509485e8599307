#!/bin/bash
# Hostile and broken inputs, on a tiny synthetic kernel tree and archives
# made here (no root, no kernel): each case checks the exact message and
# exit status, that it ends in bounded time and memory, and that nothing
# was written or left behind (output, report, $SMPDIR).
# Usage: inputs-test.sh CASE   (KBUILD_PACK: the tool under test; cases:
# the case_NAME functions, one CTest test hostile.NAME each)
set -uo pipefail
CASE=$1
. "$(dirname "$0")/../lib/lib.sh"
. "$(dirname "$0")/../lib/faketree.sh"
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-hostile.XXXXXX")
trap 'rm -rf "$S"' EXIT
mkdir "$S/tmp" "$S/out"
export TMPDIR=$S/tmp # every scratch dir the tool makes lands here
REL=6.1.0-hostile

# lib.sh's run, with the tool bounded in time (a FIFO hangs) and memory (a
# link to /dev/zero grows without end); FSIZE_KB also bounds what it writes.
cat >"$S/bounded" <<EOF
#!/bin/bash
# ASan and TSan reserve terabytes of address space: bound their RSS instead
case ${KBP_SANITIZE:-OFF} in
ON) export ASAN_OPTIONS=hard_rss_limit_mb=1024 ;;
thread) export TSAN_OPTIONS="\${TSAN_OPTIONS:-} hard_rss_limit_mb=1024" ;;
*) ulimit -v 1048576 ;;
esac
if [ -n "\${FSIZE_KB:-}" ]; then ulimit -f "\$FSIZE_KB" && trap '' XFSZ; fi # then a write fails with EFBIG
exec timeout -s KILL 20 "$KBUILD_PACK" "\$@" </dev/null
EOF
chmod +x "$S/bounded"
TOOL=$KBUILD_PACK KBUILD_PACK=$S/bounded

# file PATH TEXT: a file under $S (printf escapes in TEXT).
file() { ft_put "$S/$1" "$2"; }
# The synthetic tree (tests/lib/faketree.sh) with modversions and two
# exports, packed with the manifests in $S/man.
FT_CONFIG="CONFIG_X86=y CONFIG_MODVERSIONS=y" ft_kernel "$S/tree"
file tree/Module.symvers '0x00000001\tfoo\tvmlinux\tEXPORT_SYMBOL\t\n0x00000002\tbar\tdrivers/a\tEXPORT_SYMBOL_GPL\t\n'
file man/common.yaml 'version: 1\nproven-series: ["6.1"]\nrules:\n  - name: top\n    from: src\n    include: [Makefile, Kbuild, include, scripts]\n  - name: generated\n    from: obj\n    include: [.config, Module.symvers]\n'
file man/arch/x86.yaml 'version: 1\nrules: []\n'

pack() { run --src "$S/tree" --out "$S/out" --manifest-dir "$S/man" "$@"; }
# Nothing may remain in the output root nor in TMPDIR.
expect_clean() { expect_empty "$S/out"; expect_empty "$S/tmp"; }
# archive NAME: $S/NAME.tar of the packed-tree layout in $S/a (made by the caller).
archive() { (cd "$S/a" && bsdtar -cf "$S/$1.tar" lib); }
ab=$S/a/lib/modules/$REL/build
mkdir -p "$ab"
printf 'VERSION = 6\n' >"$ab/Makefile"

# held_pack FORMAT [ARGS...]: starts a pack of the tree into $S/out (a dir)
# or $S/out/headers.FORMAT in the background (pid in HELD), its --report held
# in a FIFO until $S/go exists, and returns once the pack has staged its
# output: it cannot publish before release_held. The report outgrows the
# pipe's buffer (1000 files), so the pack waits before it commits.
held_pack() {
	local fmt=$1 staged
	shift
	for i in $(seq 1000); do : >"$S/tree/include/h$i.h"; done
	out_of "$fmt"
	staged="$FINAL.kbuild-pack-*"
	[ "$fmt" != dir ] || staged="$(dirname "$FINAL")/.build.kbuild-pack-*"
	rm -f "$S/go" "$S/report" && mkfifo "$S/report"
	# a deadline: a test killed by its timeout must not leave this loop behind
	(for _ in $(seq 12000); do [ -e "$S/go" ] && break; sleep 0.01; done; cat >/dev/null) <"$S/report" &
	"$TOOL" --src "$S/tree" --manifest-dir "$S/man" --format "$fmt" --out "$OUT" --report - "$@" \
		>"$S/report" 2>"$S/held-err.txt" &
	HELD=$!
	until compgen -G "$staged" >/dev/null; do
		kill -0 "$HELD" 2>/dev/null || { cat "$S/held-err.txt" >&2; die "the held pack ended before it staged"; }
		sleep 0.01
	done
}
# release_held: lets the held pack go on; its exit status in RC, stderr in $S/err.txt.
release_held() {
	touch "$S/go"
	RC=0; wait "$HELD" || RC=$?
	sed "s|$S|@S@|g" "$S/held-err.txt" >"$S/err.txt"
}
# out_of FORMAT: OUT, what --out says, and FINAL, what the pack publishes.
out_of() {
	OUT=$S/out FINAL=$S/out/lib/modules/$REL/build
	[ "$1" = dir ] || OUT=$S/out/headers.$1 FINAL=$S/out/headers.$1
}
# staged_left: the staging places beside $FINAL.
staged_left() { find "$(dirname "$FINAL")" -maxdepth 1 -name '*kbuild-pack-*' | sed "s|$S|@S@|" | sort; }

# --- control files of the tree
case_symvers-fifo() {
	rm "$S/tree/Module.symvers" && mkfifo "$S/tree/Module.symvers"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Module.symvers: a FIFO, not a regular file"
	expect_clean
}
case_makefile-fifo() {
	rm "$S/tree/Makefile" && mkfifo "$S/tree/Makefile"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Makefile: a FIFO, not a regular file"
	expect_clean
}
case_autoconf-fifo() {
	rm "$S/tree/include/config/auto.conf" && mkfifo "$S/tree/include/config/auto.conf"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/include/config/auto.conf: a FIFO, not a regular file"
	expect_clean
}
case_release-fifo() {
	rm "$S/tree/include/generated/utsrelease.h" && mkfifo "$S/tree/include/generated/utsrelease.h"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/include/generated/utsrelease.h: a FIFO, not a regular file"
	expect_clean
}
case_makefile-devzero() {
	# the source tree may be a symlink farm: the link is followed, the device refused
	ln -sf /dev/zero "$S/tree/Makefile"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Makefile: a character device, not a regular file"
	expect_clean
}
case_config-devzero() {
	# kbuild writes .config itself: a link there is refused
	ln -sf /dev/zero "$S/tree/.config"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/.config: a symbolic link where kbuild writes a regular file"
	expect_clean
}
case_symvers-huge() {
	truncate -s 65M "$S/tree/Module.symvers"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Module.symvers: larger than 64 MiB, too big for a kernel control file"
	expect_clean
}
# --- Module.symvers as the kernel's modpost reads it for make M=
case_symvers-unknown-type() {
	printf '0x00000003\tbaz\tvmlinux\tEXPORT_SYMBOL_GPL_FUTURE\t\n' >>"$S/tree/Module.symvers"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Module.symvers:3: unknown export type 'EXPORT_SYMBOL_GPL_FUTURE' (modpost accepts EXPORT_SYMBOL and EXPORT_SYMBOL_GPL)"
	expect_clean
}
case_symvers-duplicate() {
	# modpost -e takes a symbol again from another module, never after vmlinux
	printf '0x00000004\tbar\tdrivers/b\tEXPORT_SYMBOL\t\n0x00000005\tfoo\tdrivers/c\tEXPORT_SYMBOL\t\n' >>"$S/tree/Module.symvers"
	pack
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/tree/Module.symvers:4: 'foo' exported twice (also on line 1, by vmlinux): modpost would reject it"
	expect_clean
}
# --- manifests: a pattern is data too
case_manifest-huge-pattern() {
	# a segment of 16 MB names nothing (on the stack it was a SIGSEGV), and
	# a pattern of 5 Mi "**" segments matches what one "**" does
	{
		printf 'version: 1\nrules:\n  - name: long\n    from: src\n    include:\n      - include/'
		head -c 16M /dev/zero | tr '\0' a
		printf '\n      - "include/*'
		head -c 16M /dev/zero | tr '\0' b
		printf '"\n  - name: stars\n    from: src\n    include: "'
		yes '**/' | head -n $((5 << 20)) | tr -d '\n'
		printf 'module.h"\n'
	} >"$S/huge.yaml"
	pack --list --manifest "$S/huge.yaml"
	expect_rc 0
	expect_err ""
	printf '%s\n' .config Kbuild Makefile Module.symvers include/config/auto.conf include/config/kernel.release \
		include/generated/autoconf.h include/generated/utsrelease.h include/linux/module.h scripts/Makefile.build \
		scripts/basic/fixdep scripts/mod/devicetable-offsets.h scripts/mod/modpost scripts/module.lds |
		awk '{ print $0 "\t" ($0 ~ /^\.config|^Module/ ? "obj\tgenerated" : $0 ~ /module\.h/ ? "src\tstars" : "src\ttop") "\tmain" }' \
		>"$S/want.txt"
	expect_out "$S/want.txt" "the huge patterns take only what they match"
	expect_clean
}
# --- archives given to verify and diff
case_archive-fifo() {
	mkfifo "$ab/pipe"
	archive fifo
	run verify "$S/fifo.tar"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/fifo.tar: lib/modules/$REL/build/pipe is a FIFO; refusing the archive (a build directory holds only files, directories and links)"
	expect_clean
	run diff "$S/fifo.tar" "$S/fifo.tar"
	expect_rc 2
	expect_err "kbuild-pack: error: @S@/fifo.tar: lib/modules/$REL/build/pipe is a FIFO; refusing the archive (a build directory holds only files, directories and links)"
	expect_clean
}
case_archive-device() {
	# an mtree description: making a real device node would need root
	printf '#mtree\n./lib/modules/%s/build/Makefile type=file contents=%s\n./lib/modules/%s/build/zero type=char device=native,1,5 mode=0666\n' \
		"$REL" "$ab/Makefile" "$REL" >"$S/dev.mtree"
	bsdtar -cf "$S/dev.tar" "@$S/dev.mtree"
	run verify "$S/dev.tar"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/dev.tar: ./lib/modules/$REL/build/zero is a character device; refusing the archive (a build directory holds only files, directories and links)"
	expect_clean
}
case_archive-build-link() {
	rm -r "$ab" && ln -s / "$ab"
	archive link
	run verify "$S/link.tar"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/link.tar: lib/modules/$REL/build is not a directory (a link in an archive is never followed)"
	expect_clean
	rm "$ab" && mkdir "$S/a/lib/modules/real" && mv "$S/a/lib/modules/$REL" "$S/a/lib/modules/real/" &&
		ln -s "real/$REL" "$S/a/lib/modules/$REL"
	archive link2
	run diff "$S/link2.tar" "$S/link2.tar"
	expect_rc 2
	expect_err "kbuild-pack: error: @S@/link2.tar: neither a build directory (no Makefile) nor a tree holding lib/modules/<release>/build"
	expect_clean
}
case_archive-too-big() {
	head -c 3M /dev/zero >"$ab/big"
	archive big
	run verify --max-extract-size 2M "$S/big.tar"
	expect_rc 1
	expect_err "kbuild-pack: error: @S@/big.tar: extracts to more than 2 MiB; refusing it (see --max-extract-size)"
	expect_clean
	run diff --max-extract-size=2097152 "$S/big.tar" "$S/big.tar"
	expect_rc 2
	expect_err "kbuild-pack: error: @S@/big.tar: extracts to more than 2 MiB; refusing it (see --max-extract-size)"
	expect_clean
	run verify --max-extract-size lots "$S/big.tar"
	expect_rc 2
	expect_err "kbuild-pack: --max-extract-size takes a size such as 4G, 512M or a number of bytes, not 'lots'
Try 'kbuild-pack verify --help' for more information."
	# the default (4G) lets it through to the checks
	run diff "$S/big.tar" "$S/big.tar"
	expect_rc 0
	expect_err ""
	expect_clean
}
case_archive-many-entries() {
	# what an archive holds besides file data counts against the limit too:
	# each entry as a tar header (512 bytes), its name and link target, and
	# each directory made above it; refused within the first entries, where
	# 30,000 empty files, 6,000 links of 4 KB or 300 paths 100 levels deep
	# (30,000 directories from 4 KB) went on before
	python3 - "$S" "$REL" <<'EOF' || die "cannot make the archives"
import sys, tarfile
s, rel = sys.argv[1:]
def info(path, kind=tarfile.REGTYPE, link=''):
    ti = tarfile.TarInfo('lib/modules/%s/build/%s' % (rel, path))
    ti.type, ti.linkname = kind, link
    return ti
def make(name, entries):
    with tarfile.open('%s/%s.tar.gz' % (s, name), 'w:gz') as t:
        for ti in entries:
            t.addfile(ti)
make('empty', (info('f%05d' % i) for i in range(30000)))
make('links', (info('l%04d' % i, tarfile.SYMTYPE, 'x' * 4000) for i in range(6000)))
make('deep', (info('d%03d/%sf' % (i, 'a/' * 100)) for i in range(300)))
EOF
	for a in empty links deep; do
		SECONDS=0
		run verify --max-extract-size 64K "$S/$a.tar.gz"
		expect_rc 1 "$a"
		expect_err "kbuild-pack: error: @S@/$a.tar.gz: extracts to more than 64 KiB; refusing it (see --max-extract-size)"
		[ "$SECONDS" -le 5 ] || fail "$a: refused after $SECONDS s"
		expect_clean
	done
	run diff --max-extract-entries 1000 "$S/empty.tar.gz" "$S/empty.tar.gz"
	expect_rc 2
	expect_err "kbuild-pack: error: @S@/empty.tar.gz: holds more than 1000 entries; refusing it (see --max-extract-entries)"
	expect_clean
	run verify --max-extract-entries 10k "$S/empty.tar.gz"
	expect_rc 2
	expect_err "kbuild-pack: --max-extract-entries takes a number of entries such as 100000, not '10k'
Try 'kbuild-pack verify --help' for more information."
}
case_archive-readonly-dir() {
	# a read-only directory in the archive must not make the scratch tree
	# unremovable for a user who is not root
	mkdir "$ab/ro" && printf 'x\n' >"$ab/ro/file" && chmod 0500 "$ab/ro"
	archive ro
	chmod 0700 "$ab/ro"
	user=()
	if [ "$(id -u)" = 0 ]; then
		chmod 0755 "$S" && chmod 0777 "$S/tmp" "$S/out" && chmod 0644 "$S/ro.tar"
		user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
	"${user[@]}" "$TOOL" diff "$S/ro.tar" "$S/ro.tar" >"$S/out.txt" 2>"$S/err.txt"
	RC=$?
	expect_rc 0
	expect_err ""
	expect_clean
}
# --- signals: cleanup, then death by the signal
# extracting: starts verify (diff for a diff-* case) of a big archive in
# the background (pid), as from a terminal (bash would start a background
# job with SIGINT ignored), and returns once extraction is under way.
extracting() {
	# big enough that extraction takes a while, in many files as a real tree
	for i in $(seq 40); do head -c 8M /dev/zero >"$ab/f$i"; done
	archive big
	rm -rf "$S/a"
	if [ "${CASE%%-*}" = diff ]; then set -- diff "$S/big.tar" "$S/big.tar"; else set -- verify "$S/big.tar"; fi
	env --default-signal=INT,TERM "$TOOL" "$@" 2>"$S/err.txt" >/dev/null &
	pid=$!
	for _ in $(seq 2000); do
		[ -n "$(find "$S/tmp" -name 'f*' -print -quit 2>/dev/null)" ] && break
		sleep 0.005
	done
}
case_verify-sigint() {
	sig=${CASE#*-sig}; sig=${sig^^}
	extracting
	kill -"$sig" "$pid"
	RC=0; wait "$pid" || RC=$?
	sed -i "s|$S|@S@|g" "$S/err.txt"
	want=$([ "$sig" = TERM ] && echo 143 || echo 130)
	num=$([ "$sig" = TERM ] && echo 15 || echo 2)
	expect_rc "$want"
	expect_err "kbuild-pack: error: interrupted by signal $num"
	expect_clean
}
case_verify-sigterm() { case_verify-sigint; }
case_diff-sigint() { case_verify-sigint; }
case_verify-sigkill() {
	# SIGKILL during extraction: the guardian removes the scratch tree
	extracting
	kill -KILL "$pid"
	RC=0; wait "$pid" || RC=$?
	expect_rc 137
	expect_err ""
	kbp_wait_empty "$S/tmp"
	expect_clean
}
case_diff-sigkill() { case_verify-sigkill; }
case_pack-verify-sigint() {
	# a signal while --verify extracts the staged archive: nothing is published
	for i in $(seq 40); do head -c 8M /dev/zero >"$S/tree/include/f$i"; done
	# what verify requires, so that without the signal the archive is published
	for p in basic/fixdep mod/modpost genksyms/genksyms; do install -D /bin/true "$S/tree/scripts/$p"; done
	file tree/scripts/module.lds ""
	env --default-signal=INT,TERM "$TOOL" --src "$S/tree" --manifest-dir "$S/man" \
		--format tar --out "$S/out/headers.tar" --verify 2>"$S/err.txt" &
	pid=$!
	# verify's scratch dir is kbuild-pack-XXXXXX (pack's own is kbuild-pack.XXXXXX)
	for _ in $(seq 4000); do
		[ -n "$(find "$S/tmp" -path '*/kbuild-pack-*/*' -name 'f*' -print -quit 2>/dev/null)" ] && break
		sleep 0.005
	done
	kill -INT "$pid"
	RC=0; wait "$pid" || RC=$?
	sed -i "s|$S|@S@|g" "$S/err.txt"
	expect_rc 130
	sed -i 's|/headers\.tar\.[^:]*:|/headers.tar.TMP:|' "$S/err.txt"
	expect_err "kbuild-pack: error: interrupted by signal 2"
	expect_clean
}
# --- two packs to one output, a killed pack's leftovers, a full output
case_race-dir() {
	# pack A stages; pack B publishes the same output meanwhile: A must not
	# replace B's output but fail as if B had been first, removing its staging
	fmt=${CASE#race-}
	held_pack "$fmt"
	run --src "$S/tree" --manifest-dir "$S/man" --format "$fmt" --out "$OUT"
	expect_rc 0 "pack B"
	expect_err "" # A's staging is alive: B leaves it
	ino=$(stat -c %i "$FINAL")
	release_held
	expect_rc 1 "pack A"
	expect_err "kbuild-pack: error: @S@/${FINAL#"$S/"} already exists; pass --force to replace it"
	[ "$(stat -c %i "$FINAL")" = "$ino" ] || fail "pack A replaced pack B's output"
	[ -z "$(staged_left)" ] || fail "staging left behind: $(staged_left)"
	# --force: A replaces what B published meanwhile
	held_pack "$fmt" --force
	run --src "$S/tree" --manifest-dir "$S/man" --format "$fmt" --out "$OUT" --force
	expect_rc 0 "pack B --force"
	expect_err ""
	ino=$(stat -c %i "$FINAL")
	release_held
	expect_rc 0 "pack A --force"
	expect_err ""
	[ "$(stat -c %i "$FINAL")" != "$ino" ] || fail "pack A --force did not replace pack B's output"
	[ -z "$(staged_left)" ] || fail "staging left behind: $(staged_left)"
}
case_race-tar() { case_race-dir; }
case_sigkill-dir() {
	# a pack killed with SIGKILL (a build farm's timeout) with its output
	# staged: its guardian removes the staging and the directories made for
	# the output, and ends (shared/guard.h)
	fmt=${CASE#sigkill-}
	held_pack "$fmt"
	guardian=$(ps -o pid= --ppid "$HELD" | tr -d ' ')
	[ -n "$guardian" ] || die "the held pack has no guardian"
	kill -KILL "$HELD"
	wait "$HELD" 2>/dev/null
	touch "$S/go" # the report's reader ends
	for _ in $(seq 500); do kill -0 "$guardian" 2>/dev/null || break; sleep 0.01; done
	kill -0 "$guardian" 2>/dev/null && fail "the guardian $guardian runs on"
	expect_clean
}
case_sigkill-tar() { case_sigkill-dir; }
case_stale-dir() {
	# a pack killed with its guardian (a cgroup's kill, or a power loss)
	# with its output staged: the next pack to that output removes the
	# staging, and says so
	fmt=${CASE#stale-}
	held_pack "$fmt"
	for c in $(ps -o pid= --ppid "$HELD"); do kill -KILL "$c"; done
	kill -KILL "$HELD"
	wait "$HELD" 2>/dev/null
	touch "$S/go" # the report's reader ends
	left=$(staged_left)
	[ "$(echo "$left" | wc -w)" = 1 ] || die "the killed pack left '$left'"
	run --src "$S/tree" --manifest-dir "$S/man" --format "$fmt" --out "$OUT"
	expect_rc 0
	expect_err "kbuild-pack: warning: removed $left, left behind by a pack that was killed"
	[ -z "$(staged_left)" ] || fail "staging left behind: $(staged_left)"
	[ -e "$FINAL" ] || fail "$FINAL was not written"
}
case_stale-tar() { case_stale-dir; }
case_archive-write-error() {
	# the archive cannot grow (here: the file size limit): the message names
	# the output and why, not the input being copied
	head -c 1M /dev/urandom >"$S/tree/include/big.h"
	out_of tar
	FSIZE_KB=256 run --src "$S/tree" --manifest-dir "$S/man" --format tar --out "$OUT"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot write @S@/out/headers.tar: File too large"
	expect_clean
}
case_archive-full-disk() { # labels: cli,hostile (root: a tmpfs)
	# as root: a full filesystem under the archive
	[ "$(id -u)" = 0 ] || { echo "needs root (mount)" >&2; exit 77; }
	mkdir "$S/small"
	mount -t tmpfs -o size=1m tmpfs "$S/small" || die "cannot mount a tmpfs"
	trap 'umount "$S/small"; rm -rf "$S"' EXIT
	head -c 2M /dev/urandom >"$S/tree/include/big.h"
	run --src "$S/tree" --manifest-dir "$S/man" --format tar --out "$S/small/headers.tar"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot write @S@/small/headers.tar: No space left on device"
	expect_empty "$S/small"
	expect_clean
}
# --- --report
case_report-non-utf8() {
	# a name that is not UTF-8 is !!binary, its bytes: never a string that
	# another name (caf\xc3\xa9.h) spells
	file $'tree/include/caf\xe9.h' ''
	file $'tree/include/\xff\xfe-\xc3\xa9.h' ''
	pack --report "$S/r.yaml"
	expect_rc 0
	expect_err ""
	grep -E "'path': (.include/|!!binary)" "$S/r.yaml" >"$S/got.txt"
	printf '%s\n' "- 'path': !!binary \"aW5jbHVkZS9jYWbpLmg=\"" \
		"- 'path': 'include/config/auto.conf'" "- 'path': 'include/config/kernel.release'" \
		"- 'path': 'include/generated/autoconf.h'" "- 'path': 'include/generated/utsrelease.h'" \
		"- 'path': 'include/linux/module.h'" \
		"- 'path': !!binary \"aW5jbHVkZS///i3DqS5o\"" >"$S/want.txt"
	diff -u "$S/want.txt" "$S/got.txt" >&2 || fail "report paths differ"
	python3 -c 'import sys, yaml; p = [f["path"] for f in yaml.safe_load(open(sys.argv[1]))["files"]]
assert b"include/caf\xe9.h" in p and b"include/\xff\xfe-\xc3\xa9.h" in p, p' "$S/r.yaml" 2>&1 ||
		fail "the report is not YAML, or does not give the names back as bytes"
	[ "$(ls -A "$S" | grep -c '^r\.yaml')" = 1 ] || fail "a temporary report was left: $(ls -A "$S")"
}
case_report-partial() {
	# a report that cannot be completed (here: the file size limit) leaves
	# the old one as it was, and no temporary file
	for i in $(seq 100); do file "tree/include/many/header-$i.h" ''; done
	printf 'old report\n' >"$S/r.yaml"
	FSIZE_KB=4 pack --report "$S/r.yaml"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot write the report @S@/r.yaml: File too large"
	[ "$(cat "$S/r.yaml")" = "old report" ] || fail "the old report was replaced or truncated: $(head -c 200 "$S/r.yaml")"
	[ "$(ls -A "$S" | grep -c '^r\.yaml')" = 1 ] || fail "a temporary report was left: $(ls -A "$S")"
	expect_clean
}
kbp_run_case "$CASE"
