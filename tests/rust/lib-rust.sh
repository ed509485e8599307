# The Rust tests' setup; sourced after tests/kernel/lib.sh.
#
# Everything Rust runs inside the trixie build root (scripts/build-root.sh,
# entered with scripts/in-root.sh): Debian 12's rustc cannot build 7.2's
# Rust, and crate metadata is only readable by the rustc that wrote it. The
# fixture kernel is tests/rust/fixture.sh's (built in the root); the modules
# are built in the root (KBP_MAKE_PREFIX of kbp_build_modules).
#
# kbuild-pack itself runs on the host: it is the packager's tool, reads
# and copies files and ELF headers, and never runs rustc, so it needs no
# Rust toolchain; packing on the host is what a distribution does when
# its packaging runs outside the kernel's build environment. Only where
# kbuild-pack runs the module builds itself (verify --canary, audit) does
# it run in the root: the binary built on Debian 12 runs there as it is
# (trixie's libc is newer; its libraries are in scripts/root/trixie.txt).
#
# The Rust test modules: tests/modules/kbp_rust (ours) and the kernel's
# samples/rust/rust_minimal.rs, built as an external module.

KBP_REPO=$(cd "$KBP_TESTS_DIR/.." && pwd)
KBP_FIXTURE_SH=$KBP_TESTS_DIR/rust/fixture.sh
KBP_FIXTURE_FLAVOUR=rust
KBP_MODULES=(kbp_rust rust_minimal)
# C modules, for the tree without its Rust part
KBP_C_MODULES=(kbp_user kbp_provider kbp_consumer kbp_multi)

# kbp_rust_setup: the root, the fixture (kbp_setup 7.2 obj), the make prefix.
kbp_rust_setup() {
    KBP_ROOT=$("$KBP_REPO/scripts/build-root.sh" trixie) || die "no trixie build root"
    IN_ROOT=("$KBP_REPO/scripts/in-root.sh" "$KBP_ROOT")
    KBP_MAKE_PREFIX="'$KBP_REPO/scripts/in-root.sh' '$KBP_ROOT'"
    kbp_setup 7.2 obj
    kbp_config_on CONFIG_RUST || die "$FIX is not a Rust kernel"
    mkdir -p "$S/rust_minimal.src"
    cp "$SRC/samples/rust/rust_minimal.rs" "$S/rust_minimal.src/"
    echo 'obj-m := rust_minimal.o' > "$S/rust_minimal.src/Kbuild"
    # DWARF: no --remap-path-prefix is needed for the Rust objects to be
    # byte-identical: the source paths they name (the kernel crate's, for
    # inlined generics) come from the crate metadata, the same bytes in
    # both trees; only the C parts (.mod.o) get KCFLAGS' mapping.
}

# The test modules of KBP_MODULES (Rust, or C for KBP_MODULES=KBP_C_MODULES).
kbp_copy_modules() {
    local m
    rm -rf "$1"; mkdir -p "$1"
    for m in "${KBP_MODULES[@]}"; do
        if [ "$m" = rust_minimal ]; then cp -a "$S/rust_minimal.src" "$1/rust_minimal"
        else cp -a "$KBP_MODULES_SRC/$m" "$1/"; fi
    done
}

# in_root CMD...: CMD in the build root
in_root() { "${IN_ROOT[@]}" "$@"; }
