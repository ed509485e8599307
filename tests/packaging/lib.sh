# Helpers for the packaging tests (label "packaging"); sourced after
# tests/kernel/lib.sh, whose kbp_enter_ns/kbp_setup/kbp_build_modules they use.
#   KBUILD_PACK   the kbuild-pack binary under test (set by CTest)
#   KBP_TOP       top of the source tree (set here)
KBP_TOP=$(cd "$KBP_TESTS_DIR/.." && pwd)
KBP_PKG_TESTS=$KBP_TOP/tests/packaging

# kbpp_setup SERIES LAYOUT: kbp_setup, with an EXIT trap that keeps the
# test's exit status (kbp_cleanup's mount-listing pipeline fails under
# set -e -o pipefail when no mount lies below $S).
kbpp_setup() {
    kbp_setup "$@"
    kbpp_keep_status
}
kbpp_keep_status() {
    trap 'rc=$?; set +e; (exit $rc); kbp_cleanup' EXIT
}

# kbpp_need CMD...: fail (not skip) when a tool is missing: CI installs them.
kbpp_need() {
    local c
    for c in "$@"; do command -v "$c" >/dev/null 2>&1 || die "$c not found (install the '# packaging' packages of scripts/packages.txt)"; done
}

# kbpp_check_modules KDIR: build every test module against KDIR (a packed
# tree extracted from a package) with the original fixture trees hidden,
# then check CRCs, vermagic and depends against the fixture's own
# Module.symvers and in-tree module (crc7.ko, kbp_check_module_abi).
kbpp_check_modules() {
    local kdir=$1
    kbp_copy_modules "$S/mod"
    log "building test modules against $kdir (original trees hidden)"
    kbp_build_modules "$kdir" "$S/mod" hide || die "test modules do not build against $kdir"
    pass "all test modules build against $kdir"
    kbp_check_module_abi "$S/mod" "$KTREE/Module.symvers"
}

# kbpp_hidden CMD...: CMD with the fixture's trees hidden (an empty
# tmpfs over $FIX), for a client such as dkms that runs make itself
kbpp_hidden() {
    unshare -m --propagation private -- sh -c 'mount -t tmpfs -o size=1m,mode=0555 kbp-hidden "$0" && exec "$@"' "$FIX" "$@"
}

# kbpp_run LOG CMD...: run CMD with output to LOG; on failure show its tail and die.
kbpp_run() {
    local logf=$1; shift
    log "$* (log: $logf)"
    "$@" >"$logf" 2>&1 || { echo "---- $logf (tail) ----" >&2; tail -n 60 "$logf" >&2; die "$1 failed"; }
}

# kbpp_build_flags LOG FLAGS: every compile of the tool's sources in a
# package build's LOG carries the distribution's FLAGS (a fixed string) and
# no -Werror: a packager's build never makes warnings errors (KBP_WERROR).
kbpp_build_flags() {
    local lines
    lines=$(grep -E ' -c [^ ]*/src/[^ ]*\.c$' "$1")
    [ -n "$lines" ] || { fail "no compile line in $1 (not a verbose build?)"; return; }
    grep -v -F -- " $2 " <<<"$lines" | grep -q . && fail "a compile lacks the distribution's flags '$2'" \
        || pass "$(grep -c . <<<"$lines") compiles with the distribution's flags '$2'"
    grep -q -E -- ' -Werror( |$)' <<<"$lines" && fail "the package build passes -Werror" || pass "no -Werror in the package build"
}

# kbpp_scratch: scratch dir $S for tests without the fixture (no mounts);
# removed on exit unless KBP_KEEP is set.
kbpp_scratch() {
    S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-test.XXXXXX")
    trap 'rc=$?; if [ -n "${KBP_KEEP:-}" ]; then echo "scratch kept: $S" >&2; else rm -rf "$S"; fi; exit $rc' EXIT
}

# kbpp_listing DIR: every file and link below DIR, one line each, sorted:
# "path f MODE SHA256" or "path l -> TARGET" (directories are implied).
kbpp_listing() {
    # one process, not a sha256sum per file: the Debian packages hold
    # 10,000 files and more (byte order sort, as LC_ALL=C sort)
    perl -MDigest::SHA -MFile::Find -e '
        my ($top, @out) = ($ARGV[0]);
        find({ no_chdir => 1, wanted => sub {
            return if $_ eq $top;
            my $p = substr($_, length($top) + 1);
            my @st = lstat($_) or die "$_: $!\n";
            if (-l _) { push @out, "$p l -> " . readlink($_) . "\n"; return; }
            return if -d _;
            my $t = -f _ ? "f" : -p _ ? "p" : -S _ ? "s" : -c _ ? "c" : -b _ ? "b" : "U";
            my $h = $t eq "f" ? Digest::SHA->new(256)->addfile($_, "b")->hexdigest : "";
            push @out, sprintf("%s %s %o %s\n", $p, $t, $st[2] & 07777, $h);
        } }, $top);
        print sort @out;' "${1%/}"
}

# kbpp_check_split WHOLE A B OBJTOOL_PART: the listings of two parts of a
# split (build directories extracted from two packages) are disjoint and
# together are the listing of WHOLE, byte for byte; OBJTOOL_PART holds
# exactly tools/objtool/objtool.
kbpp_check_split() {
    local whole=$1 a=$2 b=$3 ot=$4 dups
    kbpp_listing "$whole" > "$S/whole.lst"
    kbpp_listing "$a" > "$S/part-a.lst"
    kbpp_listing "$b" > "$S/part-b.lst"
    dups=$(cat "$S/part-a.lst" "$S/part-b.lst" | cut -d' ' -f1 | LC_ALL=C sort | uniq -d)
    [ -z "$dups" ] && pass "the two packages are disjoint" || fail "in both packages: $(echo "$dups" | head -n 5)"
    if LC_ALL=C sort "$S/part-a.lst" "$S/part-b.lst" | diff -u "$S/whole.lst" - > "$S/union.diff"; then
        pass "the two packages together are the whole pack: $(wc -l < "$S/whole.lst") files and links, same bytes, modes and link targets"
    else
        fail "the union of the two packages differs from the whole pack:"; head -n 20 "$S/union.diff" >&2
    fi
    kbpp_listing "$ot" | cut -d' ' -f1,2 > "$S/objtool.lst"
    [ "$(cat "$S/objtool.lst")" = "tools/objtool/objtool f" ] && pass "the objtool package holds exactly tools/objtool/objtool" \
        || fail "the objtool package holds: $(tr '\n' ';' < "$S/objtool.lst")"
}

# The split parts tests: kbuild-pack split of the trees of the split with
# PACKAGES in tests/series.cmake (KBP_SPLIT_SERIES, KBP_SPLIT_TREES: an
# x86_64 tree x86 and an arm64 tree arm64 of one release), packaged part
# by part.
# kbpp_split_setup: the helpers of ../split/lib-split.sh and
# ../cross/lib-cross.sh; kbp_split_open (T_DIR, T_REL, ..., HIDE, S);
# REL, the release of both trees.
kbpp_split_setup() {
    . "$KBP_TESTS_DIR/cross/lib-cross.sh"
    . "$KBP_TESTS_DIR/split/lib-split.sh"
    SERIES=${KBP_SPLIT_SERIES:?KBP_SPLIT_SERIES is not set (tests/series.cmake: a kbp_split line with PACKAGES)}
    kbp_split_open "$SERIES"
    kbpp_keep_status
    [ "${SPLIT_NAMES[*]}" = "x86 arm64" ] || die "the split's trees are ${SPLIT_NAMES[*]}: the packages want x86 and arm64"
    REL=${T_REL[x86]}
    [ "${T_REL[arm64]}" = "$REL" ] || die "the trees x86 and arm64 are of releases $REL and ${T_REL[arm64]}, not one"
}

# kbpp_split_parts OUT: the parts as kbuild-pack split writes them, one
# package's each.
kbpp_split_parts() {
    kbp_split_run "$1"
    [ "$(cd "$1" && echo *)" = "arch-arm64 arch-x86 common flavour-arm64 flavour-x86" ] ||
        die "kbuild-pack split wrote the parts $(cd "$1" && echo *)"
}

# kbpp_check_part PART ROOT NAMES: ROOT (a package's payload, extracted)
# holds exactly part PART of $S/parts (names, bytes, modes, link targets),
# and NAMES (the package's own list of its files and links, absolute, one
# a line) names exactly them.
kbpp_check_part() {
    local part=$1 root=$2 names=$3
    kbpp_listing "$S/parts/$part" > "$S/part-$part.lst"
    kbpp_listing "$root" > "$S/pkg-$part.lst"
    if diff -u "$S/part-$part.lst" "$S/pkg-$part.lst" > "$S/part-$part.diff"; then
        pass "the package of part $part holds its $(wc -l < "$S/part-$part.lst") files and links: same bytes, modes and link targets"
    else
        fail "the package of part $part differs from the part:"; head -n 20 "$S/part-$part.diff" >&2
    fi
    if cut -d' ' -f1 "$S/part-$part.lst" | sed 's|^|/|' | diff -u - <(LC_ALL=C sort "$names") > "$S/names-$part.diff"; then
        pass "the package of part $part lists exactly the part's files and links"
    else
        fail "the list of the package of part $part differs from the part:"; head -n 20 "$S/names-$part.diff" >&2
    fi
}

# kbpp_check_disjoint WHAT NAMES...: no file or link is in two of the
# packages whose lists NAMES are.
kbpp_check_disjoint() {
    local what=$1 dups
    shift
    dups=$(cat "$@" | LC_ALL=C sort | uniq -d)
    [ -z "$dups" ] && pass "the packages $what are disjoint ($(cat "$@" | wc -l) files and links)" \
        || fail "in two packages of $what: $(echo "$dups" | head -n 5 | tr '\n' ' ')"
}

# kbpp_split_modules: each tree's packages, installed in $S/root-NAME,
# checked as its parts are (kbp_split_check_install: verify, the test
# modules with every fixture hidden, arm64 cross-built, byte for byte as
# against the original tree).
kbpp_split_modules() {
    local n
    for n in x86 arm64; do
        kbp_split_use "$n"
        kbp_split_dirs "$S/root-$n" "$n"
        kbp_split_check_install "$S/root-$n" "$n" "its installed packages"
    done
}
