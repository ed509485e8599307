#!/bin/bash
# Quick cases of the pack under stress (issue 22 items 6, 7, 10): a signal
# during --host-tools=target's make, files the pack reads for itself that
# are FIFOs, devices or links out of the trees, and an empty or relative
# TMPDIR. The real kbuild-pack on a copy of the synthetic tree; make and
# the target compiler are fakes early in PATH. No root, no kernel.
# Usage: stress-test.sh CASE      (cases: see CMakeLists.txt next to this)
set -uo pipefail
. "$(dirname "$0")/../lib/lib.sh"
CASE=$1
HERE=$KBP_TESTS_DIR/quick
[ -x "${KBUILD_PACK:-}" ] || die "KBUILD_PACK is not set to the kbuild-pack binary"
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-stress.XXXXXX")
trap 'rc=$?; [ -n "${PID:-}" ] && kill -KILL "$PID" 2>/dev/null; rm -rf "$S"; exit $rc' EXIT
if [ -n "${KBP_QUICK_TREES:-}" ]; then
	cp -a "$KBP_QUICK_TREES/split" "$S/t"
else
	"$HERE/mktree.sh" "$S/t" split
fi || die "cannot make the synthetic tree"
SRC=$S/t/src OBJ=$S/t/obj REL=$(cat "$OBJ/include/config/kernel.release")
OUT=$S/out SCRATCH=$S/tmp BIN=$S/bin
mkdir -p "$OUT" "$SCRATCH" "$BIN"
# The pack's own scratch goes to $SCRATCH, which must be empty afterwards.
export TMPDIR=$SCRATCH

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
	timeout -k 5 20 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
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

case "$CASE" in
hosttools-sigterm)
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
	PATH=$BIN:$PATH "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --out "$OUT" "${HT[@]}" >"$S/out.txt" 2>"$S/err.txt" &
	PID=$!
	for _ in $(seq 100); do [ -s "$S/make.pids" ] && break; sleep 0.1; done
	[ -s "$S/make.pids" ] || die "the fake make never started"
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
	nothing_left ;;
vmlinux-fifo)
	btf_on
	mkfifo "$OBJ/vmlinux"
	pack_fails "$OBJ/vmlinux: a FIFO, not a regular file" ;;
vmlinux-outside-link)
	btf_on
	mkdir "$S/elsewhere"
	cp "$OBJ/scripts/mod/modpost" "$S/elsewhere/vmlinux"
	ln -s "$S/elsewhere/vmlinux" "$OBJ/vmlinux"
	pack_fails "$OBJ/vmlinux: a symbolic link where kbuild writes a regular file" ;;
scripts-fifo)
	# scripts/*.c is not packed: only --host-tools=target's copy reads it
	mkfifo "$SRC/scripts/kbp-fifo.c"
	pack_fails "--host-tools=target: $SRC/scripts/kbp-fifo.c: a FIFO, not a regular file; a kernel's scripts/ holds none" "${HT[@]}" ;;
elfconfig-devzero)
	mkdir -p "$OBJ/scripts/mod"
	ln -sf /dev/zero "$OBJ/scripts/mod/elfconfig.h"
	pack_fails "--host-tools=target: $OBJ/scripts/mod/elfconfig.h: a symbolic link where kbuild writes a regular file" "${HT[@]}" ;;
tmpdir-empty | tmpdir-relative)
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
	[ "$CASE" = tmpdir-relative ] && expect_empty "$S/cwd/rel" ;;
*)
	die "unknown case $CASE" ;;
esac
kbp_finish
