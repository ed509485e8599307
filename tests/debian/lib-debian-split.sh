# Debian's archive layout, built as Debian's buildds build it (sourced after
# ../kernel/lib.sh, ../split/lib-split.sh and ../packaging/lib.sh, with
# kbp_split_open done on the Debian trees, KBP_SPLIT_LAYOUT=debian): the
# source package tests/debian/linux (Debian's package names for the
# fixtures' ABI and version) built by three jobs that share nothing but the
# source: dpkg-buildpackage -A (the common part, from the source alone),
# -B on amd64 (linux-kbuild-SERIES and the amd64 flavour) and -B -aarm64
# (the arm64 flavour, cross-built on this machine). A second featureset,
# kbp (standing in for Debian's rt, whose source the archive's binary
# packages do not hold): the 6.1 test fixture kernel of the same source,
# its own common part and an amd64 flavour that runs linux-kbuild-SERIES.

# kbp_debian_names: ABI, VER (Debian's version), KSERIES (6.1) and the
# package names PKG_COMMON, PKG_KBUILD, PKG_FLAVOUR[NAME] of the trees; the
# featureset's fixture FS_FIX (read-only), FS_REL, PKG_FS_COMMON, PKG_FS_FLAVOUR.
kbp_debian_names() {
    local n
    ABI=$(cat "${T_FIX[amd64]}/debian/abi") VER=$(cat "${T_FIX[amd64]}/debian/version") KSERIES=$SERIES
    PKG_COMMON=linux-headers-$ABI-common PKG_KBUILD=linux-kbuild-$KSERIES
    declare -gA PKG_FLAVOUR
    for n in "${SPLIT_NAMES[@]}"; do PKG_FLAVOUR[$n]=linux-headers-${T_REL[$n]}; done
    FS_FIX=$("$KBP_TESTS_DIR/fixture/fixture.sh" "$SERIES" obj x86_64) || die "the $SERIES x86_64 fixture is unavailable"
    grep -q " $FS_FIX " /proc/self/mounts || kbp_ro_bind "$FS_FIX" || die "cannot make $FS_FIX read-only"
    FS_REL=$(cat "$FS_FIX/release") PKG_FS_COMMON=linux-headers-$ABI-common-kbp PKG_FS_FLAVOUR=linux-headers-$(cat "$FS_FIX/release")
}

# kbp_debian_source DIR: the source package tests/debian/linux in DIR.
kbp_debian_source() {
    local dir=$1 t=$KBP_TESTS_DIR/debian/linux/debian
    mkdir -p "$dir/debian"
    cp -a "$t/rules" "$t/copyright" "$t/source" "$dir/debian/"
    sed "s/@ABI@/$ABI/g; s/@SERIES@/$KSERIES/g; s/@FSREL@/$FS_REL/g" "$t/control.in" > "$dir/debian/control"
    sed "s/@VERSION@/$VER/g" "$t/changelog.in" > "$dir/debian/changelog"
    sed "s/@ABI@/$ABI/g" "$t/kbuild-pack-split.in" > "$dir/debian/kbuild-pack-split"
    sed "s/@ABI@/$ABI/g" "$t/kbuild-pack-split.kbp.in" > "$dir/debian/kbuild-pack-split.kbp"
}

# kbp_debian_job NAME SRC TREE FS_TREE ARGS...: dpkg-buildpackage ARGS in a
# copy of the source package of its own, $S/job-NAME/linux, with (links in
# debian/build) the source SRC, its built tree TREE, the featureset's source
# and its tree FS_TREE (- for none); its .debs in $S/job-NAME.
kbp_debian_job() {
    local name=$1 src=$2 tree=$3 fs_tree=$4 b=$S/job-$1/linux/debian/build
    shift 4
    kbp_debian_source "$S/job-$name/linux"
    mkdir -p "$b"
    ln -s "$src" "$b/source"
    ln -s "$FS_FIX/src" "$b/source-kbp"
    [ "$tree" = - ] || ln -s "$tree" "$b/flavour"
    [ "$fs_tree" = - ] || ln -s "$fs_tree" "$b/flavour-kbp"
    (cd "$S/job-$name/linux" && kbpp_run "$S/job-$name.log" dpkg-buildpackage -us -uc -d "$@")
    (cd "$S/job-$name" && ls *.deb) > "$S/job-$name.debs"
}

# kbp_debian_debs: the three jobs; the addon and the tool are the ones
# under test.
kbp_debian_debs() {
    export PATH=$KBP_TOP/packaging/debian:$PATH PERL5LIB=$KBP_TOP/packaging/debian${PERL5LIB:+:$PERL5LIB}
    export KBUILD_PACK SOURCE_DATE_EPOCH=1700000000
    kbp_debian_job indep "${T_SRC[amd64]}" - - -A
    kbp_debian_job amd64 "${T_SRC[amd64]}" "${T_DIR[amd64]}" "$FS_FIX/obj" -B
    kbp_debian_job arm64 "${T_SRC[arm64]}" "${T_DIR[arm64]}" - -B -aarm64
    unset SOURCE_DATE_EPOCH
}

# kbp_debian_deb PKG: the .deb of PKG the jobs made.
kbp_debian_deb() {
    local f
    f=$(ls "$S"/job-*/"$1"_"$VER"_*.deb 2>/dev/null | head -n1)
    [ -n "$f" ] || die "no job made $1"
    echo "$f"
}

# kbp_debian_install ROOT NAME: dpkg --root installs tree NAME's packages
# (the common, the amd64 host programs, its flavour) into ROOT, whose admin
# dir knows this machine's packages (make, gcc, libc, libelf); arm64 is a
# foreign architecture there. Sets KDIR and COMMON_DIR.
kbp_debian_install() {
    local root=$1 n=$2
    mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
    cp /var/lib/dpkg/status "$root/var/lib/dpkg/status"
    dpkg --root="$root" --add-architecture arm64
    kbpp_run "$S/install-$n.log" dpkg --root="$root" -i "$(kbp_debian_deb "$PKG_COMMON")" \
        "$(kbp_debian_deb "$PKG_KBUILD")" "$(kbp_debian_deb "${PKG_FLAVOUR[$n]}")"
    kbp_split_dirs "$root" "$n"
}
