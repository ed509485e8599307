#!/bin/bash
# bench-debian.sh: what Debian's headers packages of one version weigh
# against kbuild-pack's (split --layout debian) of the same inputs, on the
# cached Debian fixtures of tests/debian (never builds one: run
# `ctest -R debian-fixture-6.1` first).
#
#   installed  apparent bytes of the files a package installs (docs left
#              out on both sides: ours have none)
#   deb        the .deb: Debian's as its archive has them; ours as
#              dpkg-deb --build -Zxz makes them of each part (what
#              dpkg-buildpackage does, without the docs)
#
# for one amd64 system (common + linux-kbuild + the amd64 flavour) and for
# the archive of the two flavours at hand (common, each architecture's
# linux-kbuild, the amd64 and arm64 flavours: Debian's cloud and rt
# flavours are not among the fixtures). linux-kbuild of arm64 here is the
# amd64 one's size (this machine builds no arm64 program; Debian's two
# differ by 0.6%). Ours twice: as kbuild-pack packs by default (each flavour
# holds vmlinux, the BTF base its modules' BTF needs; Debian's modules get
# no BTF) and with --vmlinux=none (what Debian ships).
# Goal (issue 31): at most 0.75x Debian per system, 0.9x per archive.
#
# Environment: KBUILD_PACK, KBP_FIXTURE_CACHE, KBP_APT_CACHE, KBP_KEEP=1.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
CACHE=${KBP_FIXTURE_CACHE:-/var/cache/kbuild-pack/fixtures}
APT=${KBP_APT_CACHE:-/var/cache/kbuild-pack/apt}/host/debs
fix() {
    local d
    for d in "$CACHE"/6.1-obj-"$1"-debian-"$2"-*/; do
        [ -f "$d/.kbp-fixture-complete" ] && { echo "${d%/}"; return; }
    done
    die "no Debian fixture 6.1 $1 $2 in $CACHE (ctest -R debian-fixture-6.1)"
}
AMD=$(fix x86_64 amd64) ARM=$(fix arm64 arm64)
ABI=$(cat "$AMD/debian/abi") VER=$(cat "$AMD/debian/version") SERIES=6.1
S=$(mktemp -d "${TMPDIR:-/tmp}/kbp-bench-debian.XXXXXX")
trap '[ -n "${KBP_KEEP:-}" ] || rm -rf "$S"' EXIT

bytes() { find "$@" -type f ! -path '*/usr/share/doc/*' -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# Debian's side: its packages as the fixtures extracted them, its .debs
declare -A DI DD
DI[common]=$(bytes "$AMD/debian/headers-common") DD[common]=$(stat -c %s "$APT/linux-headers-${ABI}-common_${VER}_all.deb")
DI[kbuild-amd64]=$(bytes "$AMD/debian/kbuild") DD[kbuild-amd64]=$(stat -c %s "$APT/linux-kbuild-${SERIES}_${VER}_amd64.deb")
DI[kbuild-arm64]=$(bytes "$ARM/debian/kbuild") DD[kbuild-arm64]=$(stat -c %s "$APT/linux-kbuild-${SERIES}_${VER}_arm64.deb")
DI[amd64]=$(bytes "$AMD/debian/headers-amd64") DD[amd64]=$(stat -c %s "$APT/linux-headers-${ABI}-amd64_${VER}_amd64.deb")
DI[arm64]=$(bytes "$ARM/debian/headers-arm64") DD[arm64]=$(stat -c %s "$APT/linux-headers-${ABI}-arm64_${VER}_arm64.deb")

# ours: one split of both trees, its parts made into .debs
ours() { # NAME [SPLIT ARGS...]
    local name=$1 p
    shift
    "$KBUILD_PACK" split --layout debian --common-name "$ABI-common" $(printf -- '--arch %s ' x86 arm64 arm mips powerpc s390) \
        --tree amd64="$AMD/obj" --tree arm64="$ARM/obj" --out "$S/$name" "$@" 2> "$S/$name.err" ||
        { cat "$S/$name.err" >&2; die "kbuild-pack split failed"; }
    for p in "$S/$name"/*; do
        [[ $p == *@* ]] && continue
        mkdir -p "$p.deb-root"
        cp -a "$p/." "$p.deb-root/"
        for c in "$p"@*; do [ -d "$c" ] && cp -a "$c/." "$p.deb-root/"; done
        mkdir -p "$p.deb-root/DEBIAN"
        printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: bench <bench@invalid>\nDescription: bench\n' \
            "$(basename "$p")" "$VER" > "$p.deb-root/DEBIAN/control"
        dpkg-deb --root-owner-group -Zxz --build "$p.deb-root" "$p.deb" > /dev/null
    done
}
declare -A OI OD
measure() { # NAME: OI/OD[NAME:part] for common, kbuild-amd64, kbuild-arm64, amd64, arm64
    local n=$1 d=$S/$1
    OI[$n:common]=$(bytes "$d/linux-headers-$ABI-common" "$d/linux-headers-$ABI-common"@*) OD[$n:common]=$(stat -c %s "$d/linux-headers-$ABI-common.deb")
    OI[$n:kbuild-amd64]=$(bytes "$d/linux-kbuild-$SERIES") OD[$n:kbuild-amd64]=$(stat -c %s "$d/linux-kbuild-$SERIES.deb")
    OI[$n:kbuild-arm64]=${OI[$n:kbuild-amd64]} OD[$n:kbuild-arm64]=${OD[$n:kbuild-amd64]}
    OI[$n:amd64]=$(bytes "$d/linux-headers-$ABI-amd64") OD[$n:amd64]=$(stat -c %s "$d/linux-headers-$ABI-amd64.deb")
    OI[$n:arm64]=$(bytes "$d/linux-headers-$ABI-arm64") OD[$n:arm64]=$(stat -c %s "$d/linux-headers-$ABI-arm64.deb")
}
ours default
ours novmlinux --vmlinux=none
measure default
measure novmlinux

sum() { local -n a=$1; local pre=$2 s=0 k; shift 2; for k in "$@"; do s=$((s + a[$pre$k])); done; echo $s; }
SYSTEM=(common kbuild-amd64 amd64) ARCHIVE=(common kbuild-amd64 kbuild-arm64 amd64 arm64)
printf 'Linux %s (%s), Debian %s: bytes installed and of .debs\n' "$ABI" "$SERIES" "$VER"
printf '%-14s %14s %12s | %14s %12s | %14s %12s\n' part "Debian inst" "Debian deb" "ours inst" "ours deb" "no-BTF inst" "no-BTF deb"
for k in common kbuild-amd64 kbuild-arm64 amd64 arm64; do
    printf '%-14s %14s %12s | %14s %12s | %14s %12s\n' "$k" "${DI[$k]}" "${DD[$k]}" "${OI[default:$k]}" "${OD[default:$k]}" \
        "${OI[novmlinux:$k]}" "${OD[novmlinux:$k]}"
done
for what in SYSTEM ARCHIVE; do
    local_parts=()
    eval "local_parts=(\"\${$what[@]}\")"
    di=$(sum DI "" "${local_parts[@]}") dd=$(sum DD "" "${local_parts[@]}")
    oi=$(sum OI default: "${local_parts[@]}") od=$(sum OD default: "${local_parts[@]}")
    ni=$(sum OI novmlinux: "${local_parts[@]}") nd=$(sum OD novmlinux: "${local_parts[@]}")
    printf '%-14s %14s %12s | %14s %12s | %14s %12s\n' "${what,,}" "$di" "$dd" "$oi" "$od" "$ni" "$nd"
    printf '%-14s %14s %12s | %14s %12s | %14s %12s\n' "  ratio" 1 1 "$(ratio "$oi" "$di")" "$(ratio "$od" "$dd")" \
        "$(ratio "$ni" "$di")" "$(ratio "$nd" "$dd")"
done
