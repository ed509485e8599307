#!/bin/bash
# tests/rust/fixture.sh: the Rust fixture kernel, built (once, cached) inside
# the trixie build root, as a distribution builds its kernel and its Rust
# modules with one rustc: scripts/build-root.sh, then
# `tests/fixture/fixture.sh 7.2 obj x86_64 rust` through scripts/in-root.sh.
# Checks that the root's rustc is the one that built the kernel
# (CONFIG_RUSTC_VERSION_TEXT): Rust crate metadata is only readable by the
# very same compiler. Prints the fixture dir on stdout.
# Arguments, optional: 7.2 obj x86_64 rust (what tests/kernel/lib.sh's
# kbp_setup passes to a fixture builder); no other fixture is built here.
set -euo pipefail
die() { echo "rust-fixture: ERROR: $*" >&2; exit 1; }
[ $# -eq 0 ] || [ "$*" = "7.2 obj x86_64 rust" ] || die "only the 7.2 obj x86_64 rust fixture is built in the root, not: $*"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
ROOT=$("$REPO/scripts/build-root.sh" trixie) || die "no build root"
FIX=$("$REPO/scripts/in-root.sh" "$ROOT" "$REPO/tests/fixture/fixture.sh" 7.2 obj x86_64 rust) \
    || die "the Rust fixture kernel did not build in $ROOT"
want=$(sed -n 's/^CONFIG_RUSTC_VERSION_TEXT="\(.*\)"$/\1/p' "$FIX/obj/.config")
[ -n "$want" ] || die "$FIX/obj/.config has no CONFIG_RUSTC_VERSION_TEXT (not a Rust kernel?)"
have=$("$REPO/scripts/in-root.sh" "$ROOT" rustc --version)
[ "$have" = "$want" ] || die "the root's rustc is '$have', the kernel was built with '$want': rebuild the fixture (remove $FIX)"
echo "rust-fixture: $FIX built with $want (root $ROOT)" >&2
echo "$FIX"
