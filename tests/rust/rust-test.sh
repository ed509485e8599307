#!/bin/bash
# rust-test.sh CASE: Rust out-of-tree modules against the packed 7.2 Rust
# fixture (tests/rust/fixture.sh). kbuild-pack packs on the host; every
# module build and rustc run is in the trixie build root (lib-rust.sh).
#
#   pack    the read-only fixture is packed; its rust/ part is exactly the
#           kernel's crate metadata (byte for byte) and proc-macros (as
#           eu-strip --strip-debug leaves them; two packs identical); kbp_rust
#           and samples/rust/rust_minimal.rs build against the packed tree
#           (original trees hidden, packed tree read-only); their modversions
#           (gendwarfksyms CRCs, basic and extended tables) match
#           Module.symvers; built against the original tree they are
#           byte-identical; `make rustavailable` passes in the root
#   boot    qemu boots the fixture kernel and loads both modules (with a
#           parameter): their pr_info lines appear
#   boot-badcrc  kbp_rust.ko with int_sqrt's CRC changed is refused ("disagrees
#           about version of symbol int_sqrt"); rust_minimal still loads
#   norust  the split: --component rust is exactly the Rust part, and with
#           the rest it makes the whole pack; the tree without it (the
#           headers package alone) still builds the C test modules, a Rust
#           module fails naming what is missing, verify names the files
#   canary  verify --canary (in the root) builds a Rust canary too and checks
#           its extended modversions; another rustc is reported with both
#           version texts; without a working rustc only C is checked
#   audit   kbuild-pack audit of both Rust builds (in the root): nothing
#           missing, no escape, the rust rules wholly read
#   hosttools  --host-tools=target (aarch64) names the proc-macros rust/*.so
#           in its warning; verify --host-arch checks them
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/../kernel/boot-lib.sh"
. "$(dirname "$0")/lib-rust.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] || die "usage: $0 CASE (a case_CASE function below)"

# check_crcs KO [SYMVERS...]: both modversions tables of KO against the
# kernel's Module.symvers (and the given ones: kbp_consumer uses
# kbp_provider's). kmod's
# --dump-modversions reads __versions, which holds the names that fit its
# 56 bytes; the extended table (kbp_ext_modversions) holds every symbol,
# the long Rust (v0-mangled) names included.
check_crcs() {
    local ko=$1 name wrong n t
    shift
    name=$(basename "$ko" .ko)
    kbp_symvers_crcs "$PACKED/Module.symvers" "$@" > "$S/$name.crcs"
    kbp_modversions "$ko" > "$S/$name.basic"
    kbp_ext_modversions "$ko" > "$S/$name.ext"
    for t in basic ext; do
        n=$(wc -l < "$S/$name.$t")
        [ "$n" -gt 0 ] || { fail "$name.ko: no $t modversions"; continue; }
        wrong=$(join -1 2 -2 2 -o 1.2,1.1,2.1 -a 1 -e MISSING "$S/$name.$t" "$S/$name.crcs" | awk '$2 != $3')
        if [ -z "$wrong" ]; then pass "$name: all $n $t modversions CRCs match Module.symvers"
        else fail "$name: $t CRC mismatches (symbol module-crc symvers-crc):"; echo "$wrong" >&2; fi
    done
    # every basic entry is in the extended table with the same CRC
    wrong=$(comm -23 <(LC_ALL=C sort "$S/$name.basic") <(LC_ALL=C sort "$S/$name.ext"))
    [ -z "$wrong" ] && pass "$name: __versions is a subset of the extended table" \
        || fail "$name: __versions entries missing from the extended table: $(echo "$wrong" | head -n 5)"
}

# --------------------------------------------------------------------- pack
case_pack() {
    kbp_snapshot "$SRC" "$OBJ" > "$S/before.lst"
    kbp_pack_and_build
    kbp_snapshot "$SRC" "$OBJ" > "$S/after.lst"
    cmp -s "$S/before.lst" "$S/after.lst" && pass "fixture trees unchanged by packing" \
        || fail "fixture trees changed by packing"

    # rust/ holds exactly the kernel's crate metadata and proc-macros
    (cd "$OBJ" && ls rust/*.rmeta rust/*.so) | LC_ALL=C sort > "$S/rust.want"
    (cd "$PACKED" && find rust -type f) | LC_ALL=C sort > "$S/rust.have"
    if cmp -s "$S/rust.want" "$S/rust.have"; then pass "packed rust/ is the $(wc -l < "$S/rust.want") .rmeta and .so files of the kernel"
    else fail "packed rust/ differs from the kernel's rust/*.rmeta rust/*.so:"; diff "$S/rust.want" "$S/rust.have" >&2 || true; fi
    # .rmeta byte for byte; the proc-macros (rule rust: strip: debug) as
    # eu-strip --strip-debug makes them from the kernel's, without DWARF
    command -v eu-strip >/dev/null || die "eu-strip (elfutils) is not installed"
    bad=0
    while read -r f; do
        want=$OBJ/$f
        case $f in *.so)
            want=$S/stripped/$f
            mkdir -p "$(dirname "$want")"
            eu-strip --strip-debug -o "$want" "$OBJ/$f" || die "eu-strip $OBJ/$f failed"
            ! readelf -SW "$PACKED/$f" | grep -q ' \.debug_' || { fail "$f still holds debug sections"; bad=1; }
            log "$f: $(stat -c %s "$OBJ/$f") bytes in the kernel, $(stat -c %s "$PACKED/$f") packed" ;;
        esac
        cmp -s "$want" "$PACKED/$f" || { fail "$f differs from $want"; bad=1; }
    done < "$S/rust.want"
    [ $bad = 1 ] || pass "every packed rust/ file is the kernel's: .rmeta byte for byte, .so as eu-strip --strip-debug leaves it"
    # the same input, the same bytes: two archives of the Rust part
    for n in 1 2; do
        SOURCE_DATE_EPOCH=1700000000 "$KBUILD_PACK" --src "$SRC" --obj "$OBJ" --component rust --format tar \
            --out "$S/rust$n.tar" 2>"$S/rust$n.err" || { cat "$S/rust$n.err" >&2; die "pack --component rust failed"; }
    done
    cmp -s "$S/rust1.tar" "$S/rust2.tar" && pass "two packs of the Rust part, stripped, are identical archives" \
        || fail "two packs of the Rust part differ"
    rm -f "$S/rust1.tar" "$S/rust2.tar"
    for f in rust/libcore.rmeta rust/libkernel.rmeta rust/libmacros.so include/generated/rustc_cfg scripts/target.json; do
        [ -f "$PACKED/$f" ] && pass "packed $f" || fail "packed tree lacks $f"
    done
    cmp -s "$OBJ/scripts/target.json" "$PACKED/scripts/target.json" || fail "scripts/target.json differs"
    [ ! -e "$PACKED/scripts/generate_rust_target" ] && pass "the host program generate_rust_target is not packed" \
        || fail "scripts/generate_rust_target was packed (only the kernel build runs it)"
    rust_bytes=$(du -sb "$PACKED/rust" | cut -f1) all_bytes=$(du -sb "$PACKED" | cut -f1)
    log "packed tree $((all_bytes / 1000000)) MB, rust/ $((rust_bytes / 1000000)) MB ($((100 * rust_bytes / all_bytes))%), rest $(((all_bytes - rust_bytes) / 1000000)) MB"

    # modversions
    for m in "${KBP_MODULES[@]}"; do check_crcs "$S/mod/$m/$m.ko"; done
    # the C functions it calls, and pr_info!'s Rust function of the kernel crate
    for s in ' int_sqrt' ' int_pow' '6kernel5print11call_printk'; do
        grep -q "$s\$" "$S/kbp_rust.ext" && pass "kbp_rust is versioned against *$s" || fail "kbp_rust.ko has no modversion for *$s"
    done
    grep -q ' _R' "$S/rust_minimal.ext" && pass "rust_minimal is versioned against Rust symbols of the kernel crate ($(grep -c ' _R' "$S/rust_minimal.ext"))" \
        || fail "rust_minimal.ko names no Rust (_R) symbol in its extended modversions"

    # byte-identical to builds against the original tree
    mv "$S/mod" "$S/mod.packed"
    kbp_copy_modules "$S/mod"
    log "building the Rust modules against the original (read-only) trees"
    kbp_build_modules "$KTREE" "$S/mod" || die "the Rust modules do not build against the original tree"
    mv "$S/mod" "$S/mod.orig"
    kbp_compare_builds "$S/mod.orig" "$S/mod.packed" "original tree vs packed tree"

    # the toolchain check of the kernel, in the root, on the packed tree
    if in_root make -C "$PACKED" rustavailable > "$S/rustavailable.log" 2>&1; then
        pass "make rustavailable passes in the root (packed tree): $(grep -i 'available' "$S/rustavailable.log" | tail -n 1)"
    else
        fail "make rustavailable fails in the root:"; tail -n 20 "$S/rustavailable.log" >&2
    fi
}

# ------------------------------------------------------------------- norust
case_norust() {
    # The split a packager makes (Ubuntu's linux-lib-rust): component rust
    # apart. The two parts together are the whole pack, file for file;
    # the headers package alone is the tree without the Rust part.
    kbp_pack "$S/out-full" --report "$S/full.yaml"
    kbp_pack "$S/out-rust" --component rust
    kbp_pack "$S/out-norust" --exclude-component rust
    (cd "$S/out-rust/lib/modules/$REL/build" && find . -type f | LC_ALL=C sort) > "$S/rust-part.lst"
    (cd "$OBJ" && ls rust/*.rmeta rust/*.so scripts/target.json; cd "$SRC" && ls scripts/rust_is_available_bindgen*.h) |
        sed 's|^|./|' | LC_ALL=C sort > "$S/rust-part.want"
    diff -u "$S/rust-part.want" "$S/rust-part.lst" >&2 && pass "component rust: the $(wc -l < "$S/rust-part.lst") files of the Rust part" \
        || fail "component rust holds other files than the Rust part"
    mkdir -p "$S/union"
    cp -a "$S/out-norust/." "$S/union/"
    cp -a "$S/out-rust/." "$S/union/"
    listing() { (cd "$1" && find . -type f -print0 | xargs -0 sha256sum | LC_ALL=C sort -k2; find . -type l -printf '%p -> %l\n' | LC_ALL=C sort); }
    if cmp -s <(listing "$S/out-full") <(listing "$S/union"); then pass "main + rust = the whole pack, byte for byte"
    else fail "main + rust differ from the whole pack:"; diff <(listing "$S/out-full") <(listing "$S/union") | head -n 10 >&2; fi
    rust_bytes=$(du -sb "$S/out-rust" | cut -f1) all_bytes=$(du -sb "$S/out-full" | cut -f1)
    log "component rust: $rust_bytes of $all_bytes bytes ($((100 * rust_bytes / all_bytes))%)"
    PACKED=$S/out-norust/lib/modules/$REL/build
    KBP_MODULES=("${KBP_C_MODULES[@]}")
    kbp_copy_modules "$S/modc"
    kbp_build_modules "$PACKED" "$S/modc" hide && pass "the C test modules build against the tree without rust/" \
        || fail "the C test modules do not build against the tree without rust/"
    for m in "${KBP_MODULES[@]}"; do
        if [ $m = kbp_consumer ]; then check_crcs "$S/modc/$m/$m.ko" "$S/modc/kbp_provider/Module.symvers"
        else check_crcs "$S/modc/$m/$m.ko"; fi
    done
    KBP_MODULES=(kbp_rust)
    kbp_copy_modules "$S/modr"
    if kbp_build_modules "$PACKED" "$S/modr" hide 2>/dev/null; then
        fail "kbp_rust built against a tree without rust/"
    else
        grep -E "scripts/target\.json|error\[E0463\]: can't find crate for .core." "$S/modr/kbp_rust.log" >/dev/null \
            && pass "the Rust build fails naming what is missing: $(grep -m1 -E 'target\.json|E0463' "$S/modr/kbp_rust.log")" \
            || { fail "the Rust build failed without naming what is missing:"; tail -n 15 "$S/modr/kbp_rust.log" >&2; }
    fi
    # verify names what is missing, and why it is needed
    run verify "$S/out-norust"
    expect_rc 1 "verify of the tree without rust/" || true
    for f in rust/libcore.rmeta rust/libkernel.rmeta rust/libmacros.so scripts/target.json; do
        grep -qF "$f: required file is missing (CONFIG_RUST=y)" "$S/err.txt" "$S/out.txt" \
            && pass "verify: $f: required file is missing (CONFIG_RUST=y)" \
            || { fail "verify does not name $f as missing:"; cat "$S/out.txt" "$S/err.txt" | head -n 20 >&2; }
    done
}

# -------------------------------------------------------------------- split
# A Rust flavour in a split (doc/split.md) with the full C flavour of the
# same source: its Rust files go to parts of their own (PART@rust, as
# Ubuntu's linux-lib-rust). With them installed, the Rust modules build
# against the flavour's parts byte-identically to the original tree's
# builds; without them, verify names what is missing.
case_split() {
    full=$("$KBP_TESTS_DIR/fixture/fixture.sh" 7.2 obj x86_64 full) || die "no 7.2 full fixture"
    kbp_ro_bind "$full" || die "cannot make $full read-only"
    "$KBUILD_PACK" split --tree rust="$OBJ" --tree full="$full/obj" --out "$S/parts" 2> "$S/split.err" \
        || { cat "$S/split.err" >&2; die "kbuild-pack split failed"; }
    printf '%s\n' arch-x86 arch-x86@rust common flavour-full flavour-rust flavour-rust@rust > "$S/parts.want"
    diff -u "$S/parts.want" <(ls "$S/parts") >&2 && pass "the parts: $(ls "$S/parts" | tr '\n' ' ')" || fail "other parts (above)"
    (cd "$OBJ" && ls rust/*.rmeta rust/*.so scripts/target.json; cd "$SRC" && ls scripts/rust_is_available_bindgen*.h) |
        LC_ALL=C sort > "$S/rust-part.want"
    (cd "$S/parts" && find ./*@rust -type f | sed -E 's|^\./[^/]+/usr/src/[^/]+/||') | LC_ALL=C sort > "$S/rust-part.got"
    diff -u "$S/rust-part.want" "$S/rust-part.got" >&2 && pass "the @rust parts hold exactly the Rust part ($(wc -l < "$S/rust-part.got") files)" \
        || fail "the @rust parts differ from the Rust part (above)"
    install_parts() { # ROOT PART...
        local root=$1 p
        shift
        mkdir -p "$root"
        for p in "$@"; do cp -a "$S/parts/$p/." "$root/"; done
    }
    install_parts "$S/root" common arch-x86 arch-x86@rust flavour-rust flavour-rust@rust
    install_parts "$S/root-norust" common arch-x86 flavour-rust
    PACKED=$S/root/usr/src/linux-headers-$REL
    common=$S/root$(readlink "$S/root/lib/modules/$REL/source")
    run verify "$S/root"
    expect_rc 0 "verify of the Rust flavour's installed parts" && [ ! -s "$S/out.txt" ] \
        && pass "verify accepts the Rust flavour's installed parts" || fail "verify printed: $(head -c 300 "$S/out.txt")"
    kbp_ro_bind "$S/root" || die "cannot make $S/root read-only"
    kbp_copy_modules "$S/mod"
    KCFLAGS="${KCFLAGS:-} -ffile-prefix-map=$PACKED=/kbp-kernel -ffile-prefix-map=$common=/kbp-kernel" \
        kbp_build_modules "$PACKED" "$S/mod" hide || die "the Rust modules do not build against the installed parts"
    pass "kbp_rust and rust_minimal build against the Rust flavour's installed parts (original trees hidden)"
    for m in "${KBP_MODULES[@]}"; do check_crcs "$S/mod/$m/$m.ko"; done
    mv "$S/mod" "$S/mod.split"
    kbp_copy_modules "$S/mod"
    kbp_build_modules "$KTREE" "$S/mod" || die "the Rust modules do not build against the original tree"
    mv "$S/mod" "$S/mod.orig"
    kbp_compare_builds "$S/mod.orig" "$S/mod.split" "original tree vs the split's installed parts"
    run verify "$S/root-norust"
    expect_rc 1 "verify of the Rust flavour without its @rust parts" || true
    for f in rust/libcore.rmeta rust/libkernel.rmeta rust/libmacros.so scripts/target.json; do
        grep -qF "$f: required file is missing (CONFIG_RUST=y)" "$S/out.txt" \
            && pass "verify without the @rust parts: $f: required file is missing (CONFIG_RUST=y)" \
            || { fail "verify without the @rust parts does not name $f:"; head -n 20 "$S/out.txt" >&2; }
    done
}

# ------------------------------------------------------------------- canary
case_canary() {
    kbp_pack "$S/out"
    # run_in_root ARGS...: run (lib.sh) with kbuild-pack in the root
    run_in_root() {
        RC=0
        in_root "$KBUILD_PACK" "$@" >"$S/out.txt" 2>"$S/err.txt" || RC=$?
        sed -i "s|$S|@S@|g" "$S/out.txt" "$S/err.txt"
    }
    run_in_root verify --canary "$S/out"
    expect_rc 0 "verify --canary in the root" && [ ! -s "$S/out.txt" ] \
        && pass "verify --canary: the C and the Rust canary build in the root, their CRCs agree" \
        || fail "verify --canary in the root: $(cat "$S/out.txt")"

    # The Rust canary is built (by the root's rustc, through a wrapper that
    # logs what it compiles) and passes, its extended modversions included.
    mkdir -p "$S/fakebin"
    printf '#!/bin/sh\necho "$*" >> %s/rustc.calls\nexec /usr/bin/rustc "$@"\n' "$S" > "$S/fakebin/rustc"
    chmod 755 "$S/fakebin/rustc"
    PATH=$S/fakebin:$PATH run_in_root verify --canary "$S/out"
    expect_rc 0 "verify --canary with the logging rustc" || true
    grep -q 'kbp_canary_rs\.rs' "$S/rustc.calls" && pass "verify --canary compiled the Rust canary kbp_canary_rs.rs" \
        || fail "verify --canary did not compile a Rust canary: $(cat "$S/rustc.calls" 2>/dev/null)"

    # Another rustc: the mismatch is told as kbuild tells a C compiler's.
    printf '#!/bin/sh\necho "rustc 1.85.0 (kbp-fake 2025-01-01)"\n' > "$S/fakebin/rustc"
    chmod 755 "$S/fakebin/rustc"
    want=$(sed -n 's/^CONFIG_RUSTC_VERSION_TEXT="\(.*\)"$/\1/p' "$OBJ/.config")
    PATH=$S/fakebin:$PATH run_in_root verify --canary "$S/out"
    expect_rc 1 "verify --canary with another rustc" || true
    printf '%s\n' "canary: the Rust compiler differs from the one used to build the kernel, which Rust modules cannot be built with: the kernel was built by: $want; you are using: rustc 1.85.0 (kbp-fake 2025-01-01)" > "$S/want.out"
    expect_out "$S/want.out" "verify --canary names both rustc versions, and only that (the C canary still builds)"

    # No rustc that runs: the C canary alone, and a warning.
    printf '#!/bin/sh\nexit 127\n' > "$S/fakebin/rustc"
    PATH=$S/fakebin:$PATH run_in_root verify --canary "$S/out"
    expect_rc 0 "verify --canary without a working rustc (C modules still build)" || true
    grep -q "CONFIG_RUST=y but rustc cannot be run: only the C canary is built" "$S/err.txt" \
        && pass "verify --canary warns that Rust went unchecked" || fail "no warning without rustc: $(cat "$S/err.txt")"
}

# -------------------------------------------------------------------- audit
case_audit() {
    # The measurement behind the rust rules, kept as a test: both Rust
    # modules built under strace in the root against the packed tree find
    # everything in it and read nothing of the original trees, and every
    # file of the rust and x86-rust-target rules is read.
    kbp_pack "$S/out" --report "$S/pack-report.yaml"
    kbp_copy_modules "$S/mod"
    RC=0
    in_root "$KBUILD_PACK" audit --src "$SRC" --obj "$OBJ" --pack-report "$S/pack-report.yaml" \
        "$PACKED" "$S/mod/kbp_rust" "$S/mod/rust_minimal" >"$S/audit.out" 2>"$S/audit.err" || RC=$?
    [ "$RC" = 0 ] && ! grep -Eq '^(missing|escape|build failed):' "$S/audit.out" \
        && pass "audit in the root: nothing missing, no escape, both Rust modules built" \
        || { fail "audit in the root (exit $RC):"; grep -Ev '^rule ' "$S/audit.out" | head -n 20 >&2; tail -n 5 "$S/audit.err" >&2; }
    for rule in rust x86-rust-target; do
        line=$(grep "^rule $rule: " "$S/audit.out" || true)
        [[ $line =~ ^rule\ $rule:\ ([0-9]+)/([0-9]+)\ files ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] \
            && [ "${BASH_REMATCH[1]}" -gt 0 ] && pass "audit: $line" || fail "audit: rule $rule not wholly used: '$line'"
    done
}

# ---------------------------------------------------------------- hosttools
case_hosttools() {
    # The proc-macros are host programs of the build machine (x86_64): with
    # the other host programs rebuilt for another machine (aarch64), the
    # warning names them, and verify --host-arch checks them like any ELF
    # program. kbuild-pack alone, on the host.
    command -v aarch64-linux-gnu-gcc >/dev/null || die "aarch64-linux-gnu-gcc missing (apt-get install gcc-aarch64-linux-gnu)"
    (cd "$OBJ" && ls rust/*.so) | LC_ALL=C sort > "$S/so.want"
    [ -s "$S/so.want" ] || die "the fixture has no rust/*.so"
    kbp_pack "$S/out-a64" --host-tools=target --cross-compile aarch64-linux-gnu-
    grep -o '^kbuild-pack: warning: rust/[^:]*\.so: a Rust proc-macro' "$S/pack.stderr" |
        sed 's/^kbuild-pack: warning: //; s/: a Rust proc-macro$//' | LC_ALL=C sort > "$S/so.warned"
    cmp -s "$S/so.want" "$S/so.warned" && pass "--host-tools=target names the $(wc -l < "$S/so.want") proc-macros: $(tr '\n' ' ' < "$S/so.want")" \
        || { fail "--host-tools=target warned about '$(cat "$S/so.warned")', want '$(cat "$S/so.want")'"; cat "$S/pack.stderr" >&2; }
    grep -q "only the rustc that built the kernel can build it" "$S/pack.stderr" && pass "the warning says why" || fail "the warning does not say why"
    n=$(grep -c 'not rebuilt for the target' "$S/pack.stderr" || true)
    [ "$n" = "$(wc -l < "$S/so.want")" ] && pass "every other host program was rebuilt for aarch64" \
        || fail "$n programs not rebuilt, want only the proc-macros"
    run verify --host-arch aarch64 "$S/out-a64"
    expect_rc 1 "verify --host-arch aarch64 of the rebuilt tree" || true
    sed 's/:.*//' "$S/out.txt" | LC_ALL=C sort > "$S/so.verify"
    cmp -s "$S/so.want" "$S/so.verify" && pass "verify --host-arch aarch64 names exactly the proc-macros: $(head -n 1 "$S/out.txt")" \
        || fail "verify --host-arch aarch64: $(cat "$S/out.txt")"
    kbp_pack "$S/out"
    run verify --host-arch x86_64 "$S/out"
    expect_rc 0 "verify --host-arch x86_64 of the plain pack" && pass "verify --host-arch x86_64 accepts the proc-macros" || true
    run verify --host-arch aarch64 "$S/out"
    while read -r f; do
        grep -qx "$f: ELF machine x86_64 (62), expected aarch64 (183)" "$S/out.txt" && pass "verify --host-arch aarch64: $f is x86_64" \
            || fail "verify --host-arch aarch64 does not name $f"
    done < "$S/so.want"
}

# -------------------------------------------------------------- load/badcrc
# rust_boot load|badcrc: qemu boots the fixture and loads both modules (or
# a kbp_rust.ko with a tampered CRC, which it must refuse)
rust_boot() {
    kbp_boot_tools
    kbp_pack_and_build
    R=$S/initramfs
    kbp_initramfs_dir "$R"
    for m in "${KBP_MODULES[@]}"; do cp "$S/mod/$m/$m.ko" "$R/mods/"; done
    if [ "$1" = badcrc ]; then
        kbp_patch_crc "$R/mods/kbp_rust.ko" int_sqrt
        LOAD_ORDER="kbp_rust rust_minimal"
    else
        LOAD_ORDER="kbp_rust:factor=5 rust_minimal"
    fi
    kbp_initramfs "$R" "$LOAD_ORDER" "$S/initramfs.cpio"
    kbp_boot "$FIX/bzImage" "$S/initramfs.cpio"
    kbp_check_no_version_errors '^kbp_rust: (disagrees about version of symbol int_sqrt|Unknown symbol int_sqrt \(err -22\))$'
    if [ "$1" = load ]; then
        for m in "${KBP_MODULES[@]}"; do
            expect_line "^KBP-INSMOD-OK: $m\$" "insmod $m succeeded"
            expect_line "^$m [0-9]+ [0-9]+ " "$m in /proc/modules"
        done
        expect_line 'kbp_rust: loaded, int_sqrt\(1764\)=42 int_pow\(2,10\)=1024 factor=5 scaled=210$' \
            "kbp_rust's pr_info: it called the C functions and got its parameter"
        expect_line 'rust_minimal: Rust minimal sample \(init\)$' "rust_minimal's pr_info"
        expect_line 'rust_minimal: Am I built-in\? false$' "rust_minimal is a module"
    else
        expect_line 'kbp_rust: disagrees about version of symbol int_sqrt$' "kernel reports 'kbp_rust: disagrees about version of symbol int_sqrt'"
        expect_line '^KBP-INSMOD-FAIL: kbp_rust$' "insmod of the patched kbp_rust failed"
        reject_line 'kbp_rust: loaded' "patched kbp_rust did not run its init"
        expect_line '^KBP-INSMOD-OK: rust_minimal$' "an unmodified Rust module still loads afterwards"
    fi
    [ $FAILS -eq 0 ] || show_log
}
case_boot() { rust_boot load; }
case_boot-badcrc() { rust_boot badcrc; }

kbp_rust_setup
log "build root $KBP_ROOT: $(in_root rustc --version)"
kbp_run_case "$1"
