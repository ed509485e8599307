#!/bin/bash
# split-test.sh CASE (KBP_SPLIT_SERIES=SERIES KBP_SPLIT_LAYOUT=debian
# KBP_FIXTURE_SH=debian-fixture.sh): Debian's own kernels of one version
# (6.1: amd64, cloud-amd64 and arm64; forky's 7.2: amd64, merged /usr, linux-kbuild
# named after the ABI), packaged in Debian's archive layout by
# dh_kbuild_pack (tests/debian/linux: Debian's package names) in jobs that
# share nothing but the source (lib-debian-split.sh). What follows says
# 6.1's; 7.2 has no arm64 job and no second featureset, and its flavour's
# module directory links are checked relative under usr/lib/modules.
#   debs   the jobs make their packages in $KBP_DEBIAN_DEBS, once for the
#          tests of the series (its boots and dkms test install them too)
#   jobs   one debian/kbuild-pack-split names every flavour at Debian's
#          paths, and each job, which has only its own trees, makes exactly
#          its packages: -A the common part (Architecture: all; the same
#          bytes as the common part a split of all trees on one machine
#          makes), -B on amd64 linux-kbuild-SERIES (Multi-Arch: foreign: the
#          host programs, kbuild-modpost for every target) and the amd64
#          flavours (amd64, cloud-amd64), -B -aarm64 arm64's linux-kbuild
#          and the arm64 flavour; a flavour depends on exactly the common
#          package at its version, the host programs from it on (as Debian's
#          own: another architecture's serve it) and the compiler (generated);
#          linux-kbuild has no Built-Using from an uninstalled kbuild-pack, and
#          its job says why; no job prints a Perl warning; a flavour holds no
#          program (its only ELF file is its vmlinux, the target's BTF base);
#          dpkg refuses a flavour alone; each flavour with the common and the
#          amd64 host programs, installed with dpkg --root into a root of its
#          own (arm64 a foreign architecture there), passes verify and verify
#          --canary and builds the test modules (every fixture hidden; arm64
#          cross-built) byte for byte as against the original tree. The
#          second featureset (kbp, lib-debian-split.sh): its common package
#          from -A, its flavour from -B on amd64, which depends on its own
#          common package and on linux-kbuild-SERIES, whose programs it links
#          to and runs; installed, verify and verify --canary pass
#   lintian  every package of every job: no lintian error or warning
#   cross_kbuild  the cross job's linux-kbuild (below)
set -euo pipefail
. "$(dirname "$0")/../kernel/lib.sh"
. "$(dirname "$0")/../cross/lib-cross.sh"
. "$(dirname "$0")/../split/lib-split.sh"
. "$(dirname "$0")/../packaging/lib.sh"
. "$(dirname "$0")/lib-debian-split.sh"
kbp_enter_ns "$0" "$@"
[ $# -eq 1 ] && [ -n "${KBP_SPLIT_SERIES:-}" ] && [ "${KBP_SPLIT_LAYOUT:-}" = debian ] ||
    die "usage: KBP_SPLIT_SERIES=SERIES KBP_SPLIT_LAYOUT=debian $0 CASE"
SERIES=$KBP_SPLIT_SERIES
kbpp_need dpkg-buildpackage dh fakeroot dpkg-deb dpkg
kbp_split_open "$SERIES"
kbpp_keep_status
kbp_debian_names

# check_debs JOB PKG...: the job made exactly these packages.
check_debs() {
    local job=$1 want
    shift
    want=$(for p in "$@"; do echo "$p"; done | LC_ALL=C sort)
    [ "$(sed 's/_.*//' "$DEBS/job-$job.debs" | LC_ALL=C sort)" = "$want" ] \
        && pass "the $job job makes exactly $(echo $want)" || fail "the $job job made: $(tr '\n' ' ' < "$DEBS/job-$job.debs")"
}

# field PKG FIELD: the control field of PKG's .deb.
field() { dpkg-deb -f "$(kbp_debian_deb "$1")" "$2"; }

# payload PKG DIR: the files PKG installs, without its docs.
payload() {
    dpkg-deb -x "$(kbp_debian_deb "$1")" "$2"
    rm -rf "$2/usr/share/doc/$1"
    (cd "$2" && rmdir --ignore-fail-on-non-empty -p usr/share/doc)
}

case_debs() { # labels: kernel,debian,packaging
    kbp_debian_make_debs
    pass "the jobs made their packages in $DEBS: $(cat "$DEBS"/job-*.debs | wc -l) .debs"
}

case_jobs() { # labels: kernel,debian,packaging
    local n p d f elf a m archs
    kbp_debian_debs
    local -a on_amd64=() on_arm64=()
    for n in "${SPLIT_NAMES[@]}"; do
        case "${DEBARCH[$n]}" in amd64) on_amd64+=("${PKG_FLAVOUR[$n]}") ;; arm64) on_arm64+=("${PKG_FLAVOUR[$n]}") ;; esac
    done
    check_debs indep "$PKG_COMMON" ${FEATURESET:+"$PKG_FS_COMMON"}
    check_debs amd64 "$PKG_KBUILD" "${on_amd64[@]}" ${FEATURESET:+"$PKG_FS_FLAVOUR"}
    [ ${#on_arm64[@]} -eq 0 ] || check_debs arm64 "$PKG_KBUILD" "${on_arm64[@]}"
    archs=("$PKG_COMMON:all:foreign" "$PKG_KBUILD:amd64:foreign")
    [ -z "${PKG_FLAVOUR[arm64]:-}" ] || archs+=("$PKG_KBUILD:arm64:foreign")
    for n in "${SPLIT_NAMES[@]}"; do archs+=("${PKG_FLAVOUR[$n]}:${DEBARCH[$n]}:no"); done
    [ -z "$FEATURESET" ] || archs+=("$PKG_FS_COMMON:all:foreign" "$PKG_FS_FLAVOUR:amd64:no")
    for p in "${archs[@]}"; do
        IFS=: read -r n a m <<<"$p"
        f=$(kbp_debian_deb "$n" "$a")
        [ "$(dpkg-deb -f "$f" Architecture):$(dpkg-deb -f "$f" Multi-Arch)" = "$a:$m" ] \
            && pass "$n is Architecture: $a${m:+, Multi-Arch: $m}" \
            || fail "$n is Architecture: $(dpkg-deb -f "$f" Architecture), Multi-Arch: $(dpkg-deb -f "$f" Multi-Arch)"
    done
    # the compiler, as Debian's own flavours depend on it (generated from
    # the tree's CONFIG_CC_VERSION_TEXT); debhelper sorts the list
    for n in "${SPLIT_NAMES[@]}"; do
        d=$(field "${PKG_FLAVOUR[$n]}" Depends)
        [ "$d" = "$COMPILER, $PKG_COMMON (= $VER), $PKG_KBUILD (>= $VER)" ] \
            && pass "${PKG_FLAVOUR[$n]} depends on exactly: $d" || fail "${PKG_FLAVOUR[$n]} depends on: $d"
    done
    if [ -n "$FEATURESET" ]; then
        d=$(field "$PKG_FS_FLAVOUR" Depends)
        [ "$d" = "gcc, $PKG_FS_COMMON (= $VER), $PKG_KBUILD (>= $VER)" ] \
            && pass "the featureset's $PKG_FS_FLAVOUR depends on exactly: $d" || fail "$PKG_FS_FLAVOUR depends on: $d"
    fi
    # linux-kbuild ships kbuild-pack's kbuild-modpost: Built-Using names
    # kbuild-pack's source where it is a package's; here it is the build
    # tree's, and the job says so instead of writing a wrong one
    for a in amd64 ${PKG_FLAVOUR[arm64]:+arm64}; do
        f=$(kbp_debian_deb "$PKG_KBUILD" "$a")
        [ -z "$(dpkg-deb -f "$f" Built-Using)" ] \
            && grep -q "^dh_kbuild_pack: warning: $PKG_KBUILD: .*/kbuild-modpost is no installed package's file (kbuild-pack used from its build tree?): no Built-Using" "$DEBS/job-$a.log" \
            && pass "$PKG_KBUILD ($a) has no Built-Using from an uninstalled kbuild-pack, and its job says why" \
            || fail "$PKG_KBUILD ($a): Built-Using '$(dpkg-deb -f "$f" Built-Using)', or no warning in $DEBS/job-$a.log"
    done
    # no Perl warning, no dh step given a packed tree to read for nothing
    if grep -n 'at .*dh_kbuild_pack line [0-9]' "$DEBS"/job-*.log >&2; then fail "dh_kbuild_pack warned of its own code"
    else pass "dh_kbuild_pack gave no Perl warning in any job"; fi

    # the common part is the one every buildd makes: a split of both trees
    # on one machine makes it byte for byte
    "$KBUILD_PACK" split --layout debian --common-name "$ABI-common" $(printf -- '--arch %s ' $ARCHES) "${SPLIT_OPTS[@]}" \
        "${SPLIT_ARGS[@]}" --out "$S/parts" 2> "$S/split.err" || { cat "$S/split.err" >&2; die "the one-machine split failed"; }
    payload "$PKG_COMMON" "$S/payload-common"
    # the component parts (PART@COMPONENT) go to PART's package
    mkdir -p "$S/part-common"
    for d in "$S/parts/$PKG_COMMON" "$S/parts/$PKG_COMMON"@*; do cp -a "$d/." "$S/part-common/"; done
    diff <(kbpp_listing "$S/part-common") <(kbpp_listing "$S/payload-common") > "$S/common.diff" \
        && pass "$PKG_COMMON from the source alone is the one-machine split's common part: $(kbpp_listing "$S/payload-common" | wc -l) files and links" \
        || { fail "$PKG_COMMON differs from the one-machine split's common part"; head "$S/common.diff" >&2; }

    # no program in a flavour: another architecture's flavour installs
    for n in "${SPLIT_NAMES[@]}"; do
        payload "${PKG_FLAVOUR[$n]}" "$S/payload-$n"
        elf=$(cd "$S/payload-$n" && find . -type f -exec sh -c 'head -c4 "$1" | grep -q "^.ELF" && echo "$1"' _ {} \; | sed 's|^\./||')
        [ "$elf" = "usr/src/linux-headers-${T_REL[$n]}/vmlinux" ] && [ "$(stat -c %a "$S/payload-$n/$elf")" = 644 ] \
            && pass "${PKG_FLAVOUR[$n]} holds no program: its one ELF file is its vmlinux (the BTF base), mode 644" \
            || fail "${PKG_FLAVOUR[$n]} holds the ELF files: $(echo $elf)"
    done
    # every flavour's host programs (the arm64 job's are not packaged:
    # linux-kbuild is amd64's here) are among the amd64 package's, alike
    # but for their build IDs
    payload "$PKG_KBUILD" "$S/payload-kbuild"
    for n in "${SPLIT_NAMES[@]}"; do
        for f in $(cd "$S/payload-$n" && find . -type l -lname '*linux-kbuild-*' | sed 's|^\./||'); do
            [ -e "$S/payload-kbuild/usr/lib/linux-kbuild-$KSERIES/${f#usr/src/linux-headers-${T_REL[$n]}/}" ] \
                || fail "${PKG_FLAVOUR[$n]}: $f leads to nothing in $PKG_KBUILD"
        done
        pass "every link of ${PKG_FLAVOUR[$n]} into linux-kbuild-$KSERIES leads to a program of the amd64 package"
    done
    # where the release wants them (forky: merged /usr), the module
    # directory's links, relative; else /lib/modules, absolute (bookworm)
    for n in "${SPLIT_NAMES[@]}"; do
        if [ -n "$MERGED_USR" ]; then
            a=usr/lib/modules/${T_REL[$n]} m=../../../src
        else
            a=lib/modules/${T_REL[$n]} m=/usr/src
        fi
        d="$(readlink "$S/payload-$n/$a/build") $(readlink "$S/payload-$n/$a/source")"
        [ "$d" = "$m/linux-headers-${T_REL[$n]} $m/$PKG_COMMON" ] \
            && pass "${PKG_FLAVOUR[$n]}: /$a/build and source lead to $d" \
            || fail "${PKG_FLAVOUR[$n]}: /$a/build and source lead to '$d'"
        [ -z "$MERGED_USR" ] || [ ! -e "$S/payload-$n/lib" ] || fail "${PKG_FLAVOUR[$n]} installs into /lib on a merged-/usr release"
    done

    # installed with dpkg: a flavour alone is refused; with the common and
    # the host programs it builds the test modules
    for n in "${SPLIT_NAMES[@]}"; do
        mkdir -p "$S/alone-$n/var/lib/dpkg/info" "$S/alone-$n/var/lib/dpkg/updates"
        cp "$DPKG_STATUS" "$S/alone-$n/var/lib/dpkg/status"
        dpkg --root="$S/alone-$n" --add-architecture arm64
        if dpkg --root="$S/alone-$n" -i "$(kbp_debian_deb "${PKG_FLAVOUR[$n]}")" > "$S/alone-$n.out" 2>&1; then
            fail "dpkg installs ${PKG_FLAVOUR[$n]} alone"
        else
            grep -q "depends on $PKG_COMMON (= $VER)" "$S/alone-$n.out" && grep -q "depends on $PKG_KBUILD (>= $VER)" "$S/alone-$n.out" \
                && pass "dpkg refuses ${PKG_FLAVOUR[$n]} alone: it depends on $PKG_COMMON (= $VER) and $PKG_KBUILD (>= $VER)" \
                || { fail "dpkg refused ${PKG_FLAVOUR[$n]} alone, but not for its dependencies:"; cat "$S/alone-$n.out" >&2; }
        fi
    done
    for n in "${SPLIT_NAMES[@]}"; do
        kbp_split_use "$n"
        kbp_debian_install "$S/root-$n" "$n"
        pass "dpkg --root installs $PKG_COMMON, $PKG_KBUILD (amd64) and ${PKG_FLAVOUR[$n]} together"
        kbp_split_check_install "$S/root-$n" "$n" "its Debian packages"
    done

    [ -n "$FEATURESET" ] || return 0
    # the featureset: its flavour runs the main split's host programs
    payload "$PKG_FS_FLAVOUR" "$S/payload-fs"
    (cd "$S/payload-fs" && find . -type l -lname '*linux-kbuild-*' | sed 's|^\./||') > "$S/fs-links"
    [ -s "$S/fs-links" ] || fail "$PKG_FS_FLAVOUR has no link into $PKG_KBUILD"
    while read -r f; do
        [ -e "$S/payload-kbuild/usr/lib/linux-kbuild-$KSERIES/${f#usr/src/$PKG_FS_FLAVOUR/}" ] \
            || fail "$PKG_FS_FLAVOUR: $f leads to nothing in $PKG_KBUILD"
    done < "$S/fs-links"
    pass "the $(wc -l < "$S/fs-links") links of $PKG_FS_FLAVOUR into linux-kbuild-$KSERIES lead to programs of the amd64 package"
    unset ARCH CROSS_COMPILE
    mkdir -p "$S/root-fs/var/lib/dpkg/info" "$S/root-fs/var/lib/dpkg/updates"
    cp /var/lib/dpkg/status "$S/root-fs/var/lib/dpkg/status"
    kbpp_run "$S/install-fs.log" dpkg --root="$S/root-fs" -i "$(kbp_debian_deb "$PKG_FS_COMMON")" \
        "$(kbp_debian_deb "$PKG_KBUILD")" "$(kbp_debian_deb "$PKG_FS_FLAVOUR")"
    pass "dpkg --root installs $PKG_FS_COMMON, $PKG_KBUILD and $PKG_FS_FLAVOUR together"
    "$KBUILD_PACK" verify "$S/root-fs" > "$S/verify-fs.out" 2>&1 && pass "verify accepts the featureset's packages" \
        || fail "verify of the featureset's packages: $(cat "$S/verify-fs.out")"
    "$KBUILD_PACK" verify --canary "$S/root-fs/usr/src/$PKG_FS_FLAVOUR" > "$S/canary-fs.out" 2>&1 \
        && pass "verify --canary builds a module against the featureset's packages" \
        || fail "verify --canary of the featureset's packages: $(tail -n 20 "$S/canary-fs.out")"
}

# lintian on every package of every job: no error, no warning (the
# informational tags it prints are listed, with counts)
case_lintian() { # labels: kernel,debian,packaging
    local f rc bad=0
    kbpp_need lintian
    kbp_debian_debs
    for f in "$DEBS"/job-*/*.deb; do
        rc=0
        lintian --tag-display-limit 0 "$f" > "$S/lintian.out" 2>&1 || rc=$?
        [ $rc -ne 1 ] || { cat "$S/lintian.out" >&2; die "lintian failed to run on $f"; }
        { grep -E '^[IPNX]: ' "$S/lintian.out" | awk '{ print "  lintian: " $1 " " $3 }' | sort | uniq -c; } >&2 || true
        if grep -qE '^[EW]: ' "$S/lintian.out"; then
            bad=1
            fail "lintian on $(basename "$f"):"; grep -E '^[EW]: ' "$S/lintian.out" | head -n 10 >&2
        fi
    done
    [ $bad = 1 ] || pass "lintian: no error and no warning on the $(ls "$DEBS"/job-*/*.deb | wc -l) packages of the jobs"
}

# The cross job's host programs: dpkg-buildpackage -B -aarm64 made
# linux-kbuild for arm64, every program rebuilt with aarch64-linux-gnu-gcc
# (kbuild-modpost from its own sources, 6.1's resolve_btfids too): the
# same files as the amd64 job's, every ELF program AArch64; installed with
# the arm64 flavour and the common part, run through qemu-aarch64 as on an
# arm64 machine, they build the test modules byte for byte as the original
# tree does.
case_cross_kbuild() { # labels: kernel,debian,packaging,cross
    local n=arm64 f bad=0 k
    [ -n "${PKG_FLAVOUR[arm64]:-}" ] || { pass "no arm64 tree in the $SERIES split: no cross job"; return 0; }
    command -v qemu-aarch64 >/dev/null || die "qemu-aarch64 missing (apt-get install qemu-user)"
    kbp_debian_debs
    dpkg-deb -x "$(kbp_debian_deb "$PKG_KBUILD" amd64)" "$S/kb-amd64"
    dpkg-deb -x "$(kbp_debian_deb "$PKG_KBUILD" arm64)" "$S/kb-arm64"
    k=usr/lib/linux-kbuild-$KSERIES
    # the programs of the job's trees: objtool only x86 kernels run
    [ -f "$S/kb-amd64/$k/tools/objtool/objtool" ] || fail "$PKG_KBUILD of amd64 has no objtool"
    diff <(cd "$S/kb-amd64/$k" && find . ! -path './tools/objtool*' | LC_ALL=C sort) <(cd "$S/kb-arm64/$k" && find . | LC_ALL=C sort) >&2 \
        && pass "$PKG_KBUILD of arm64 holds the files of amd64's but objtool: $(cd "$S/kb-arm64/$k" && find . -type f | wc -l) files" \
        || fail "$PKG_KBUILD of arm64 and of amd64 hold other files (above)"
    while read -r f; do
        case "$(readelf -h "$S/kb-arm64/$k/$f" | sed -n 's/^ *Machine: *//p')" in
        AArch64) ;;
        *) bad=1; fail "$PKG_KBUILD (arm64): $f is not an AArch64 program" ;;
        esac
    done < <(cd "$S/kb-arm64/$k" && find . -type f -print0 | xargs -0 file -N -F '|' | grep -E '\| *ELF .*(executable|shared object)' | cut -d'|' -f1 | sed 's|^\./||')
    [ $bad = 0 ] && pass "every program of $PKG_KBUILD (arm64) is AArch64: $(cd "$S/kb-arm64/$k" && find . -type f -print0 | xargs -0 file -N -F '|' | grep -cE '\| *ELF .*(executable|shared object)')"
    kbp_split_use "$n"
    mkdir -p "$S/root/var/lib/dpkg/info" "$S/root/var/lib/dpkg/updates"
    cp "$DPKG_STATUS" "$S/root/var/lib/dpkg/status"
    dpkg --root="$S/root" --add-architecture arm64
    kbpp_run "$S/install.log" dpkg --root="$S/root" $(kbp_debian_cross_compiler "$n") -i "$(kbp_debian_deb "$PKG_COMMON")" \
        "$(kbp_debian_deb "$PKG_KBUILD" arm64)" "$(kbp_debian_deb "${PKG_FLAVOUR[$n]}" arm64)"
    pass "dpkg --root installs $PKG_COMMON, $PKG_KBUILD:arm64 and ${PKG_FLAVOUR[$n]}"
    kbp_split_dirs "$S/root" "$n"
    "$KBUILD_PACK" verify --host-arch aarch64 "$S/root" > "$S/verify.out" 2>&1 \
        && pass "verify --host-arch aarch64 accepts them" || fail "verify --host-arch aarch64: $(cat "$S/verify.out")"
    : > "$S/shim.log"
    kbp_qemu_shims "$S/root/$k" "$S/shim.log"
    kbp_ro_bind "$S/root" || die "cannot make $S/root read-only"
    kbp_split_build "$KDIR" "$S/mod" || die "the test modules do not build with $PKG_KBUILD:arm64 under qemu-aarch64"
    pass "all test modules build with the arm64 host programs under qemu-aarch64"
    while read -r f; do
        grep -qE "(^|/)$f\$" "$S/shim.log" && pass "the arm64 $f ran" || fail "the arm64 $f never ran"
    done < <(kbp_module_build_programs "$KDIR/.config")
    kbp_check_modules "$S/mod" "$KDIR"
    mv "$S/mod" "$S/mod.split"
    kbp_copy_modules "$S/mod"
    kbp_build_modules "$KTREE" "$S/mod" || die "the test modules do not build against $KTREE"
    mv "$S/mod" "$S/mod.orig"
    kbp_compare_builds "$S/mod.orig" "$S/mod.split" "original tree vs $PKG_KBUILD:arm64 under qemu-aarch64"
}

"case_$1"
kbp_finish
