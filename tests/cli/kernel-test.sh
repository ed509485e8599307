#!/bin/bash
# The command line on the real base fixture, for what the synthetic tree
# (synthetic-test.sh) cannot show: unwritable and full outputs (mounts),
# interruptions (a tree big enough to stop mid-way, a make to kill), and
# the archives and verify --canary, which need a kernel that builds
# modules (extracted trees that build the test modules, the canary's
# lines). Each case checks the exact message and exit status, and that
# nothing was written, nothing left behind and nothing runs on.
# Usage: kernel-test.sh CASE   (the case_NAME functions, one CTest test cli.NAME each)
set -uo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
CASE=$1
kbp_setup 6.1 obj

OUT=$S/out
mkdir -p "$OUT"

# The fixture and scratch paths in messages read @FIX@ and @S@.
EXPECT_SED=(-e "s|$FIX|@FIX@|g" -e "s|$S|@S@|g")

B=$OUT/lib/modules/$REL/build

case_unwritable-out() {
	mkdir "$S/ro"
	kbp_ro_bind "$S/ro" || die "cannot make $S/ro read-only"
	run --src "$SRC" --obj "$OBJ" --out "$S/ro"
	expect_rc 1
	expect_err "kbuild-pack: error: cannot create @S@/ro/lib/modules/$REL: Read-only file system"
	expect_empty "$S/ro"
}
case_full-out() {
	mkdir "$S/small"
	mount -t tmpfs -o size=4m tmpfs "$S/small"
	run --src "$SRC" --obj "$OBJ" --out "$S/small"
	expect_rc 1
	grep -q 'No space left on device' "$S/err.txt" || fail "no ENOSPC message: $(cat "$S/err.txt")"
	[ "$(wc -l <"$S/err.txt")" = 1 ] || fail "more than one message: $(cat "$S/err.txt")"
	expect_empty "$S/small"
}
case_sigterm() {
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
		expect_err "kbuild-pack: error: interrupted by signal $((want - 128))"
		expect_empty "$OUT"
	fi
}
case_sigint() { case_sigterm; }

# --- SIGKILL (a build farm's timeout): the guardian (src/shared/guard.h)
# kills what the command ran and removes what it made
# killed_while_running COMMAND-ARGS...: runs kbuild-pack with TMPDIR=$S/tmp
# and SIGKILLs it while the make it runs is at work; then nothing of make's
# process group may run on, and $S/tmp must be left empty.
killed_while_running() {
	mkdir -p "$S/tmp"
	TMPDIR=$S/tmp "$KBUILD_PACK" "$@" >/dev/null 2>"$S/err.txt" &
	local pid=$! mk=
	for _ in $(seq 6000); do
		mk=$(ps -o pid=,comm= --ppid "$pid" | awk '$2 == "make" { print $1; exit }')
		[ -n "$mk" ] || ! kill -0 "$pid" 2>/dev/null || { sleep 0.01; continue; }
		break
	done
	[ -n "$mk" ] || { fail "kbuild-pack $1 ended before it ran make: $(cat "$S/err.txt")"; return; }
	# until make has children of its own (the compilers)
	for _ in $(seq 500); do [ "$(pgrep -c -g "$mk")" -gt 1 ] && break; sleep 0.01; done
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	for _ in $(seq 500); do pgrep -g "$mk" >/dev/null || break; sleep 0.02; done
	if pgrep -g "$mk" >/dev/null; then
		fail "make's process group runs on: $(pgrep -a -g "$mk")"
		pkill -KILL -g "$mk"
	else
		pass "nothing of make's process group runs on"
	fi
	kbp_wait_empty "$S/tmp"
	expect_empty "$S/tmp"
}
case_pack-sigkill() {
	# the host programs rebuilt by make
	killed_while_running --src "$SRC" --obj "$OBJ" --out "$OUT" --host-tools=target \
		--cross-compile x86_64-linux-gnu-
	kbp_wait_empty "$OUT"
	expect_empty "$OUT"
}
case_canary-sigkill() {
	# the canary module built by make
	run --src "$SRC" --obj "$OBJ" --out "$S/packed"
	expect_rc 0
	killed_while_running verify --canary "$S/packed"
}
case_split-sigkill() {
	# killed with its parts staged
	mkdir -p "$S/tmp" "$S/parts"
	TMPDIR=$S/tmp "$KBUILD_PACK" split --tree "$OBJ" --out "$S/parts/out" >/dev/null 2>"$S/err.txt" &
	local pid=$!
	for _ in $(seq 6000); do
		compgen -G "$S/parts/out.kbuild-pack-*/*" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.005
	done
	compgen -G "$S/parts/out.kbuild-pack-*/*" >/dev/null || { fail "split ended before it staged: $(cat "$S/err.txt")"; return; }
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	kbp_wait_empty "$S/parts" "$S/tmp"
	expect_empty "$S/parts"
	expect_empty "$S/tmp"
}
# --- archives and verify --canary
# run, pk, good_tree, bad_copy, expect_rc: tests/lib/lib.sh.

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
	run diff "$x" "$S/dirpack"
	expect_rc 0 "$tool extraction equals the directory output" && pass "$tool: extracted tree equals the directory output"
	run verify "$x"
	expect_rc 0 "verify of the $tool extraction" && pass "$tool: extracted tree passes verify"
	kbp_ro_bind "$x" || die "cannot make $x read-only"
	kbp_copy_modules "$S/mod"
	kbp_build_modules "$x/lib/modules/$REL/build" "$S/mod" hide \
		&& pass "$tool: all test modules build against the extracted tree" \
		|| fail "$tool: test modules do not build against the extracted tree"
}

case_extract-bsdtar() { # labels: cli,archive,kernel
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	tool=${CASE#extract-}
	case $tool in bsdtar) fmt=tar.zst ;; gnutar) fmt=tar.gz ;; cpio) fmt=cpio ;; esac
	# Hard links too: the extractors must resolve them.
	pk --format "$fmt" --hardlink-dups --out "$S/k.$fmt"
	expect_rc 0 "pack --format $fmt" || die "pack failed"
	extract_build "$tool" "$S/k.$fmt"
}
case_extract-gnutar() { case_extract-bsdtar; } # labels: cli,archive,kernel
case_extract-cpio() { case_extract-bsdtar; } # labels: cli,archive,kernel
case_canary() { # labels: cli,verify,kernel
	good_tree "$S/d"
	kbp_ro_bind "$S/d" || die "cannot make $S/d read-only"
	run verify --canary "$G"
	expect_rc 0 "verify --canary of a good read-only tree" && pass "canary module builds, __versions agree with Module.symvers"
	bad_copy canary
	printf '#!/bin/sh\nexit 1\n' > "$BAD/scripts/basic/fixdep"
	run verify --canary "$BAD"
	expect_rc 1 "verify --canary with a broken fixdep"
	grep -q "^canary: make -C .* M=... modules failed (exit 2)$" "$S/out.txt" \
		&& pass "canary build failure reported" || { fail "no canary line:"; cat "$S/out.txt" >&2; }
}
kbp_run_case "$CASE"
