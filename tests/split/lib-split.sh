# Helpers for the split tests (kbuild-pack split over several fixture trees
# of one source); sourced after ../kernel/lib.sh.
#
# kbp_split_trees: the trees of the split, one "NAME LAYOUT ARCH FLAVOUR"
# line each (FLAVOUR "-": none), from KBP_SPLIT_TREES (NAME:LAYOUT:ARCH:
# FLAVOUR words), which CTest gives from tests/series.cmake's kbp_split and
# kbp_debian_split lines. Their fixtures come from KBP_FIXTURE_SH
# (tests/debian: its debian-fixture.sh; else tests/fixture/fixture.sh).
kbp_split_trees() {
    [ -n "${KBP_SPLIT_TREES:-}" ] || die "KBP_SPLIT_TREES is not set (tests/series.cmake's kbp_split lines give it)"
    local t
    for t in $KBP_SPLIT_TREES; do
        [[ $t =~ ^[a-z0-9_][a-z0-9_-]*:(obj|intree):[a-z0-9_]+:[a-z0-9_-]+$ ]] || die "KBP_SPLIT_TREES: bad tree '$t'"
        echo "${t//:/ }"
    done
}

# kbp_split_open SERIES: every tree's fixture (built or from the cache),
# read-only, with a scratch dir S. Sets SPLIT_NAMES (in order), and for each
# NAME: T_FIX[NAME], T_LAYOUT, T_ARCH (make's ARCH), T_DIR (what --tree
# takes), T_KTREE, T_REL; SPLIT_ARGS (the --tree arguments); HIDE (the
# directory holding every fixture, covered while modules build).
kbp_split_open() {
    [ -n "${KBUILD_PACK:-}" ] && [ -x "$KBUILD_PACK" ] || die "KBUILD_PACK is not set or not executable"
    S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-split.XXXXXX")
    trap kbp_cleanup EXIT
    kbp_split_fixtures "$1"
    log "split trees of $1: ${SPLIT_ARGS[*]}; scratch $S"
}

# kbp_split_fixtures SERIES: kbp_split_open without a scratch dir of its own.
kbp_split_fixtures() {
    local name layout arch flavour fix
    declare -gA T_FIX T_LAYOUT T_ARCH T_DIR T_KTREE T_REL T_SRC T_OBJ
    SPLIT_NAMES=() SPLIT_ARGS=()
    while read -r name layout arch flavour; do
        [ "$flavour" = - ] && flavour=
        fix=$("$KBP_FIXTURE_SH" "$SERIES" "$layout" "$arch" $flavour) || die "fixture $SERIES $layout $arch $flavour unavailable"
        [ -f "$fix/.kbp-fixture-complete" ] || die "fixture $fix incomplete"
        T_FIX[$name]=$fix T_LAYOUT[$name]=$layout T_REL[$name]=$(cat "$fix/release")
        case "$arch" in x86_64) T_ARCH[$name]=x86 ;; *) T_ARCH[$name]=$arch ;; esac
        if [ "$layout" = obj ]; then
            T_DIR[$name]=$fix/obj T_KTREE[$name]=$fix/obj T_SRC[$name]=$fix/src T_OBJ[$name]=$fix/obj
        else
            T_DIR[$name]=$fix/tree T_KTREE[$name]=$fix/tree T_SRC[$name]=$fix/tree T_OBJ[$name]=
        fi
        SPLIT_NAMES+=("$name")
        SPLIT_ARGS+=(--tree "$name=${T_DIR[$name]}")
        grep -q " $fix " /proc/self/mounts || kbp_ro_bind "$fix" || die "cannot make the fixture $fix read-only"
    done < <(kbp_split_trees)
    # (kbp_split_trees dies in a subshell: the loop just ends)
    [ ${#SPLIT_NAMES[@]} -eq $(wc -w <<<"$KBP_SPLIT_TREES") ] || die "KBP_SPLIT_TREES: a tree was refused (above)"
    HIDE=$(dirname "${T_FIX[${SPLIT_NAMES[0]}]}")
    for name in "${SPLIT_NAMES[@]}"; do
        [ "$(dirname "${T_FIX[$name]}")" = "$HIDE" ] || die "the fixtures of a split test must share one cache directory"
    done
}

# kbp_split_use NAME: the variables the kernel test helpers read (FIX, REL,
# SRC, OBJ, KTREE; ARCH/CROSS_COMPILE for a cross tree) set for tree NAME.
kbp_split_use() {
    local n=$1
    FIX=${T_FIX[$n]} REL=${T_REL[$n]} SRC=${T_SRC[$n]} OBJ=${T_OBJ[$n]} KTREE=${T_KTREE[$n]} LAYOUT=${T_LAYOUT[$n]}
    CROSS=$(cat "$FIX/cross-compile" 2>/dev/null || true)
    if [ -n "$CROSS" ]; then
        KARCH=${T_ARCH[$n]}
        kbp_cross_target "$KARCH"
        export ARCH=$KARCH CROSS_COMPILE=$CROSS
    else
        KARCH= CROSS=
        unset ARCH CROSS_COMPILE
    fi
    unset KCFLAGS MAKEFLAGS
    kbp_fixture_build_root
    kbp_fixture_libmod
    kbp_reproducible_builds
}

# kbp_split_run OUT [ARGS...]: kbuild-pack split of every tree into OUT.
kbp_split_run() {
    local out=$1 rc=0
    shift
    log "$KBUILD_PACK split ${SPLIT_ARGS[*]} --out $out $*"
    "$KBUILD_PACK" split "${SPLIT_ARGS[@]}" --out "$out" "$@" >"$S/split.stdout" 2>"$S/split.stderr" || rc=$?
    if [ $rc -ne 0 ]; then
        tail -n 40 "$S/split.stderr" >&2
        die "kbuild-pack split failed with exit $rc"
    fi
}

# kbp_split_install "PARTS..." ROOT NAME: tree NAME's parts (common, its
# arch's, its own, with their components' parts PART@COMPONENT; each from
# the first directory of PARTS that has it)
# installed into ROOT, as a package manager would; sets KDIR (its build
# directory there) and COMMON_DIR.
kbp_split_install() {
    local parts=$1 root=$2 n=$3 p d c
    mkdir -p "$root"
    for p in common "arch-${T_ARCH[$n]}" "flavour-$n"; do
        for d in $parts; do
            [ -d "$d/$p" ] || continue
            # the part, and the parts of its components (PART@COMPONENT)
            for c in "$d/$p" "$d/$p"@*; do
                [ -d "$c" ] && cp -a "$c/." "$root/"
            done
            break
        done
    done
    kbp_split_dirs "$root" "$n"
}

# kbp_split_dirs ROOT NAME: KDIR and COMMON_DIR of tree NAME's parts
# installed in ROOT (by kbp_split_install, or by packages).
kbp_split_dirs() {
    local root=$1 n=$2 mod=lib/modules/${T_REL[$n]}
    KDIR=$root/usr/src/linux-headers-${T_REL[$n]}
    # merged /usr (forky): usr/lib/modules/R/source, a relative link
    [ -L "$root/$mod/source" ] || mod=usr/$mod
    COMMON_DIR=$(readlink "$root/$mod/source")
    case "$COMMON_DIR" in
    /*) COMMON_DIR=$root$COMMON_DIR ;;
    *) COMMON_DIR=$(cd "$root/$mod" && cd "$COMMON_DIR" && pwd) || die "$root/$mod/source leads nowhere" ;;
    esac
    [ -d "$KDIR" ] && [ -d "$COMMON_DIR" ] || die "$root: no build directory or common part for $n"
}

# kbp_split_build KDIR MODDIR: the test modules built against a split
# installation with every fixture hidden (DWARF: the installation's paths
# mapped as the trees' are).
kbp_split_build() {
    local kdir=$1 moddir=$2
    kbp_copy_modules "$moddir"
    if kbp_config_on CONFIG_DEBUG_INFO; then
        KCFLAGS="$KCFLAGS -ffile-prefix-map=$kdir=/kbp-kernel -ffile-prefix-map=$COMMON_DIR=/kbp-kernel" \
            FIX=$HIDE kbp_build_modules "$kdir" "$moddir" hide
    else
        FIX=$HIDE kbp_build_modules "$kdir" "$moddir" hide
    fi
}

# kbp_split_pack_and_build: what kbp_pack_and_build does (tests/kernel/lib.sh,
# for the boot tests), with the fixture's parts of a split of the trees of
# $KBP_SPLIT_SERIES instead of a single pack: the split of the read-only
# trees, this fixture's parts installed in $S/root (read-only), PACKED its
# build directory, the test modules built against it into $S/mod with every
# fixture hidden.
kbp_split_pack_and_build() {
    kbp_split_install_fixture "$S/root"
    kbp_ro_bind "$S/root" || die "cannot make $S/root read-only"
    log "building test modules against the installed $SPLIT_WHAT of $SPLIT_ME, every fixture hidden"
    kbp_split_build "$KDIR" "$S/mod" || die "test modules do not build against the installed $SPLIT_WHAT of $SPLIT_ME"
    pass "all test modules build against the installed $SPLIT_WHAT of $SPLIT_ME"
}

# kbp_split_install_fixture ROOT: the split of the trees of $KBP_SPLIT_SERIES
# (into $S/parts), and the parts of the fixture FIX (tree SPLIT_ME) installed
# in ROOT; PACKED is its build directory there. With DWARF, KCFLAGS maps its
# directories as it maps the trees'.
kbp_split_install_fixture() {
    local n
    SPLIT_ME=
    kbp_split_fixtures "$KBP_SPLIT_SERIES"
    for n in "${SPLIT_NAMES[@]}"; do [ "${T_FIX[$n]}" = "$FIX" ] && SPLIT_ME=$n; done
    [ -n "$SPLIT_ME" ] || die "$FIX is not one of the trees of the $KBP_SPLIT_SERIES split"
    if [ "${KBP_SPLIT_LAYOUT:-}" = debian ]; then # Debian's packages, built by its three jobs
        . "$KBP_TESTS_DIR/packaging/lib.sh"
        . "$KBP_TESTS_DIR/debian/lib-debian-split.sh"
        kbp_debian_names
        kbp_debian_debs
        kbp_debian_install "$1" "$SPLIT_ME"
        SPLIT_WHAT="Debian packages ($PKG_COMMON, $PKG_KBUILD, ${PKG_FLAVOUR[$SPLIT_ME]})"
    else
        "$KBUILD_PACK" split "${SPLIT_ARGS[@]}" --out "$S/parts" 2> "$S/split.err" || { cat "$S/split.err" >&2; die "kbuild-pack split failed"; }
        kbp_split_install "$S/parts" "$1" "$SPLIT_ME"
        SPLIT_WHAT="parts (common, arch-${T_ARCH[$SPLIT_ME]}, flavour-$SPLIT_ME)"
    fi
    PACKED=$KDIR
    if kbp_config_on CONFIG_DEBUG_INFO; then
        export KCFLAGS="$KCFLAGS -ffile-prefix-map=$KDIR=/kbp-kernel -ffile-prefix-map=$COMMON_DIR=/kbp-kernel"
    fi
    pass "the $SPLIT_WHAT of $SPLIT_ME installed in $1"
}

# kbp_split_check_install ROOT NAME WHAT: tree NAME's parts installed in
# ROOT (kbp_split_use NAME and kbp_split_dirs done; WHAT says how they got
# there): verify accepts ROOT (a native tree: verify --canary builds against
# it); ROOT, made read-only, builds the test modules with every fixture
# hidden, with the tree's ABI, byte for byte as the original tree does.
kbp_split_check_install() {
    local root=$1 n=$2 what=$3
    "$KBUILD_PACK" verify "$root" > "$S/verify.out" 2> "$S/verify.err" && [ ! -s "$S/verify.out" ] \
        && pass "$n: verify accepts $what" \
        || fail "$n: verify of $what: $(cat "$S/verify.out" "$S/verify.err")"
    # (a cross tree's canary cross-builds: ARCH and CROSS_COMPILE are set)
    kbp_in_build_root "$KBUILD_PACK" verify --canary "$KDIR" > "$S/canary.out" 2>&1 && pass "$n: verify --canary builds a module against $what" \
        || fail "$n: verify --canary: $(tail -n 20 "$S/canary.out")"
    kbp_ro_bind "$root" || die "cannot make $root read-only"
    log "$n: building the test modules against $what (every fixture hidden)"
    kbp_split_build "$KDIR" "$S/mod" || die "$n: the test modules do not build against $what"
    pass "$n: all test modules build against $what"
    if [ -n "$KARCH" ]; then kbp_check_modules "$S/mod" "$KDIR"; else kbp_check_module_abi "$S/mod" "$KDIR/Module.symvers"; fi
    mv "$S/mod" "$S/mod.split"
    kbp_copy_modules "$S/mod"
    kbp_build_modules "$KTREE" "$S/mod" || die "$n: the test modules do not build against $KTREE"
    mv "$S/mod" "$S/mod.orig"
    kbp_compare_builds "$S/mod.orig" "$S/mod.split" "$n: original tree vs $what"
    rm -rf "$S/mod.orig" "$S/mod.split"
}
