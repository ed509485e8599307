#!/bin/bash
# Archives and verify --canary on the real 6.1 fixture (issue 4): what needs
# a kernel that builds modules. Usage: ship-test.sh CASE (the case_NAME
# functions, one CTest test ship.NAME each).
# Each case packs the read-only fixture itself and checks real outputs:
# extracted trees that build the test modules, the canary's lines and exit
# statuses. Archive bytes, reports, verify and diff: tests/quick.
set -uo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
kbp_enter_ns "$0" "$@"
CASE=$1
kbp_setup 6.1 obj

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

case_extract-bsdtar() { # labels: archive,kernel
	good_tree "$S/d" && ln -s "$G" "$S/dirpack"
	tool=${CASE#extract-}
	case $tool in bsdtar) fmt=tar.zst ;; gnutar) fmt=tar.gz ;; cpio) fmt=cpio ;; esac
	# Hard links too: the extractors must resolve them.
	pk --format "$fmt" --hardlink-dups --out "$S/k.$fmt"
	expect_rc 0 "pack --format $fmt" || die "pack failed"
	extract_build "$tool" "$S/k.$fmt"
}
case_extract-gnutar() { case_extract-bsdtar; } # labels: archive,kernel
case_extract-cpio() { case_extract-bsdtar; } # labels: archive,kernel
case_canary() { # labels: verify,kernel
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
