# Debian's archive layout, built as Debian's buildds build it (sourced after
# ../kernel/lib.sh, ../split/lib-split.sh and ../packaging/lib.sh, with
# kbp_split_open done on the Debian trees, KBP_SPLIT_LAYOUT=debian): the
# source package tests/debian/linux (Debian's package names for the
# fixtures' ABI and version, one debian/kbuild-pack-split naming every
# flavour at Debian's paths) built by jobs that share nothing but the
# source, each holding only its own trees: dpkg-buildpackage -A (the
# common part, from the source alone), -B on amd64 (linux-kbuild and the
# amd64 flavours: amd64, and for 6.1 cloud-amd64) and, for 6.1, -B -aarm64
# (a cross build: the arm64 flavour and arm64's linux-kbuild). For 6.1, in
# the full matrix (-DKBP_FULL_MATRIX=ON builds its tree), a second
# featureset, kbp (standing in for Debian's rt, whose source the archive's
# binary packages do not hold): the 6.1 test fixture kernel of the same
# source, its own common part and an amd64 flavour that runs
# linux-kbuild-SERIES. Forky's 7.2 is one flavour, with merged /usr and its
# host programs' package named after the ABI, as Debian's own.

# kbp_debian_names: ABI, VER (Debian's version), KSERIES (what linux-kbuild-
# is followed by in Debian's own package: 6.1, 7.2.12+deb14), MERGED_USR (1
# where Debian's image package installs into /usr/lib/modules), ARCHES (the
# release's architectures, SRCARCH), and the package names PKG_COMMON,
# PKG_KBUILD, PKG_FLAVOUR[NAME] of the trees; with the featureset (6.1,
# where CTest gives KBP_DEBIAN_FEATURESET=kbp), FEATURESET=kbp, its fixture
# FS_FIX (read-only), FS_REL, PKG_FS_COMMON, PKG_FS_FLAVOUR.
kbp_debian_names() {
    local n fix=${T_FIX[amd64]} k
    ABI=$(cat "$fix/debian/abi") VER=$(cat "$fix/debian/version")
    k=$(cd "$fix/debian/kbuild/usr/lib" && echo linux-kbuild-*)
    [ -d "$fix/debian/kbuild/usr/lib/$k" ] || die "$fix: Debian's linux-kbuild package holds no usr/lib/linux-kbuild-*"
    KSERIES=${k#linux-kbuild-}
    MERGED_USR=; [ ! -d "$fix/modroot/usr/lib/modules" ] || MERGED_USR=1
    case "$SERIES" in
    6.1) ARCHES="x86 arm64 arm mips powerpc s390" FEATURESET=${KBP_DEBIAN_FEATURESET:-} ;; # Debian 12's
    7.2) ARCHES="x86 arm64 arm loongarch powerpc riscv s390" FEATURESET= ;; # forky's
    *) die "no Debian release architectures known for series $SERIES" ;;
    esac
    # forky's names and paths: split options (the source package's too)
    SPLIT_OPTS=()
    [ "$KSERIES" = "$SERIES" ] || SPLIT_OPTS+=(--kbuild-name "$KSERIES")
    [ -z "$MERGED_USR" ] || SPLIT_OPTS+=(--merged-usr)
    # the machine the packages install on: Debian 12 (this one), or the
    # suite whose toolchain built the kernel (its build root's packages)
    DPKG_STATUS=/var/lib/dpkg/status
    if [ -s "$fix/build-root" ]; then
        DPKG_STATUS=$("$KBP_TESTS_DIR/../scripts/build-root.sh" "$(cat "$fix/build-root")")/var/lib/dpkg/status \
            || die "no build root for $fix"
    fi
    # the compiler Debian's flavour packages depend on, as dh_kbuild_pack
    # makes it from the tree (doc/debian.md: 6.1's amd64 flavour depends on
    # linux-compiler-gcc-12-x86, a package of Debian's linux itself)
    case "$SERIES" in
    6.1) COMPILER=gcc-12 ;;           # arm64's too: aarch64-linux-gnu-gcc-12, gcc 12 has no -for-host
    7.2) COMPILER=gcc-16-for-host ;;  # x86_64-linux-gnu-gcc-16
    esac
    PKG_COMMON=linux-headers-$ABI-common PKG_KBUILD=linux-kbuild-$KSERIES
    # each tree's package, named after its flavour as Debian's, for the
    # architecture Debian's rules build it for (debian/build/build_ARCH_none_FLAVOUR)
    declare -gA PKG_FLAVOUR DEBARCH
    for n in "${SPLIT_NAMES[@]}"; do
        PKG_FLAVOUR[$n]=linux-headers-${T_REL[$n]}
        [ "${T_REL[$n]}" = "$ABI-$n" ] || die "tree $n is release ${T_REL[$n]}, not Debian's $ABI-$n"
        case "${T_ARCH[$n]}" in x86) DEBARCH[$n]=amd64 ;; arm64) DEBARCH[$n]=arm64 ;;
            *) die "no Debian architecture known for ${T_ARCH[$n]}" ;; esac
    done
    [ -n "$FEATURESET" ] || return 0
    FS_FIX=$("$KBP_TESTS_DIR/fixture/fixture.sh" "$SERIES" obj x86_64) || die "the $SERIES x86_64 fixture is unavailable"
    grep -q " $FS_FIX " /proc/self/mounts || kbp_ro_bind "$FS_FIX" || die "cannot make $FS_FIX read-only"
    FS_REL=$(cat "$FS_FIX/release") PKG_FS_COMMON=linux-headers-$ABI-common-kbp PKG_FS_FLAVOUR=linux-headers-$(cat "$FS_FIX/release")
}

# kbp_debian_source DIR: the source package tests/debian/linux in DIR: its
# control the source, common and linux-kbuild stanzas, one per flavour
# (control.flavour.in) and the featureset's (control.kbp.in).
kbp_debian_source() {
    local dir=$1 t=$KBP_TESTS_DIR/debian/linux/debian n opts=${SPLIT_OPTS[*]}
    mkdir -p "$dir/debian"
    cp -a "$t/rules" "$t/copyright" "$t/source" "$dir/debian/"
    subst() { sed "s/@ABI@/$ABI/g; s/@SERIES@/$KSERIES/g; s/@FSREL@/${FS_REL:-}/g; s/@ARCHES@/$ARCHES/g; s/@OPTIONS@/$opts/g" "$@"; }
    { subst "$t/control.in"
      for n in "${SPLIT_NAMES[@]}"; do
          echo; subst "$t/control.flavour.in" | sed "s/@FLAVOUR@/$n/g; s/@DEBARCH@/${DEBARCH[$n]}/g"
      done
      [ -z "$FEATURESET" ] || { echo; subst "$t/control.kbp.in"; }
    } > "$dir/debian/control"
    sed "s/@VERSION@/$VER/g" "$t/changelog.in" > "$dir/debian/changelog"
    # every flavour of every architecture, at Debian's paths
    subst "$t/kbuild-pack-split.in" | { if [ -n "$opts" ]; then cat; else grep -v '^option '; fi; } |
        while IFS= read -r line; do
            if [ "$line" = @TREES@ ]; then
                for n in "${SPLIT_NAMES[@]}"; do echo "tree $n=$(kbp_debian_tree_dir "$n")"; done
            else
                printf '%s\n' "$line"
            fi
        done > "$dir/debian/kbuild-pack-split"
    [ -z "$FEATURESET" ] || subst "$t/kbuild-pack-split.kbp.in" > "$dir/debian/kbuild-pack-split.kbp"
}

# kbp_debian_tree_dir NAME: where Debian's rules build flavour NAME's tree,
# relative to the source package.
kbp_debian_tree_dir() { echo "debian/build/build_${DEBARCH[$1]}_none_$1"; }

# kbp_debian_job NAME SRC TREES FS_TREE ARGS...: dpkg-buildpackage ARGS in a
# copy of the source package of its own, $DEBS/job-NAME/linux, which has
# the source SRC (debian/build/source), the built trees of the flavours
# TREES (names, space-separated: each at Debian's path, a link to its
# fixture; the other flavours' paths do not exist, as on another
# architecture's buildd), and the featureset's source and tree FS_TREE (-
# for none); its .debs in $DEBS/job-NAME.
kbp_debian_job() {
    local name=$1 src=$2 trees=$3 fs_tree=$4 top=$DEBS/job-$1/linux n
    shift 4
    kbp_debian_source "$top"
    mkdir -p "$top/debian/build"
    ln -s "$src" "$top/debian/build/source"
    [ -z "$FEATURESET" ] || ln -s "$FS_FIX/src" "$top/debian/build/source-kbp"
    for n in $trees; do ln -s "${T_DIR[$n]}" "$top/$(kbp_debian_tree_dir "$n")"; done
    [ "$fs_tree" = - ] || ln -s "$fs_tree" "$top/debian/build/build_amd64_kbp_kbp"
    (cd "$top" && kbpp_run "$DEBS/job-$name.log" dpkg-buildpackage -us -uc -d "$@")
    (cd "$DEBS/job-$name" && ls *.deb) > "$DEBS/job-$name.debs"
    rm -rf "$top"
}

# kbp_debian_debs: the three jobs' packages, in DEBS. With KBP_DEBIAN_DEBS
# (tests/debian/CMakeLists.txt) the ones test debian-split-SERIES.debs made
# there once for every test of the series (kbp_debian_make_debs); else made
# here, in $S.
kbp_debian_debs() {
    if [ -n "${KBP_DEBIAN_DEBS:-}" ]; then
        DEBS=$KBP_DEBIAN_DEBS
        [ -e "$DEBS/done" ] || die "no packages in $DEBS: test debian-split-$SERIES.debs makes them"
        return 0
    fi
    DEBS=$S
    kbp_debian_build_debs
}

# kbp_debian_make_debs: the jobs' packages made anew in $KBP_DEBIAN_DEBS,
# for the tests that read them (marked complete by DEBS/done).
kbp_debian_make_debs() {
    DEBS=${KBP_DEBIAN_DEBS:?}
    rm -rf "$DEBS"
    mkdir -p "$DEBS"
    kbp_debian_build_debs
    touch "$DEBS/done"
}

# kbp_debian_build_debs: the three jobs in DEBS; the addon and the tool are
# the ones under test.
kbp_debian_build_debs() {
    export PATH=$KBP_TOP/packaging/debian:$PATH PERL5LIB=$KBP_TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}
    export KBUILD_PACK SOURCE_DATE_EPOCH=1700000000
    local fs=- n amd64=() arm64=()
    for n in "${SPLIT_NAMES[@]}"; do
        case "${DEBARCH[$n]}" in amd64) amd64+=("$n") ;; arm64) arm64+=("$n") ;; esac
    done
    kbp_debian_job indep "${T_SRC[amd64]}" "" - -A
    [ -z "$FEATURESET" ] || fs=$FS_FIX/obj
    kbp_debian_job amd64 "${T_SRC[amd64]}" "${amd64[*]}" "$fs" -B
    [ ${#arm64[@]} -eq 0 ] || kbp_debian_job arm64 "${T_SRC[arm64]}" "${arm64[*]}" - -B -aarm64
    unset SOURCE_DATE_EPOCH
}

# kbp_debian_deb PKG [ARCH]: the .deb of PKG the jobs made (of ARCH, all
# amd64 (this machine's) or arm64, in that order, by default).
kbp_debian_deb() {
    local f a
    for a in ${2:-all amd64 arm64}; do
        f=$(ls "$DEBS"/job-*/"$1"_"$VER"_"$a".deb 2>/dev/null | head -n1)
        [ -z "$f" ] || { echo "$f"; return 0; }
    done
    die "no job made $1${2:+ for $2}"
}

# kbp_debian_install ROOT NAME: dpkg --root installs tree NAME's packages
# (the common, the amd64 host programs, its flavour) into ROOT, whose admin
# dir knows this machine's packages (make, gcc, libc, libelf); arm64 is a
# foreign architecture there (or the build root's, DPKG_STATUS). Sets KDIR
# and COMMON_DIR.
kbp_debian_install() {
    local root=$1 n=$2
    mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
    cp "$DPKG_STATUS" "$root/var/lib/dpkg/status"
    dpkg --root="$root" --add-architecture arm64
    kbpp_run "$S/install-$n.log" dpkg --root="$root" $(kbp_debian_cross_compiler "$n") -i "$(kbp_debian_deb "$PKG_COMMON")" \
        "$(kbp_debian_deb "$PKG_KBUILD")" "$(kbp_debian_deb "${PKG_FLAVOUR[$n]}")"
    kbp_split_dirs "$root" "$n"
}

# kbp_debian_cross_compiler NAME: dpkg's option for installing flavour NAME
# on this amd64 machine: an arm64 flavour depends on gcc-12 as Debian's
# (gcc-12:arm64, the compiler of an arm64 machine); here its modules are
# cross-built with aarch64-linux-gnu-gcc-12, so that one dependency is
# ignored. (From gcc 13 on, gcc-N-for-host:arm64 is the cross compiler.)
kbp_debian_cross_compiler() {
    [ "${DEBARCH[$1]}" = amd64 ] || [ "$COMPILER" != gcc-12 ] || echo "--ignore-depends=gcc-12:${DEBARCH[$1]}"
}
