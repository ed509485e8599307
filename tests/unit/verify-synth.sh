#!/bin/bash
# verify on a synthetic packed tree (data/synth-tree.sh): the manifests, not
# C, decide what the tree must hold. Prints verify's stdout, its stderr with
# the tree's path as @TREE@, and exits with its status (see expect.sh).
# Usage: verify-synth.sh KBUILD_PACK verify-NAME
set -u
kbp=$1 case=$2
here=$(dirname "$0")
. "$here/../lib/keys.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t=$tmp/build
# the compiler the trees name (verify's summary line, --canary)
gcc=(CONFIG_CC_IS_GCC=y 'CONFIG_CC_VERSION_TEXT="gcc (Debian 12.2.0-14+deb12u1) 12.2.0"')
clang=(CONFIG_CC_IS_CLANG=y CONFIG_CLANG_VERSION=160006 'CONFIG_CC_VERSION_TEXT="Debian clang version 16.0.6 (15~deb12u1)"')
dwarf() { bash "$here/data/synth-tree.sh" "$t" 6.12 CONFIG_MODVERSIONS=y CONFIG_GENDWARFKSYMS=y "${gcc[@]}"; }
gen() { local cc="${2:-gcc}[@]"; bash "$here/data/synth-tree.sh" "$t" "$1" CONFIG_MODVERSIONS=y "${!cc}"; }
# verify --canary with $tmp/bin the only PATH: fake_cc NAME VERSION-LINE
# answers --version as a compiler; make only shows how it was called.
opts=() path=$PATH
fake_cc() { printf '#!/bin/sh\necho "%s"\necho "Target: x86_64-pc-linux-gnu"\n' "$2" >"$tmp/bin/$1" && chmod +x "$tmp/bin/$1"; }
canary() {
	opts=(--canary) path=$tmp/bin
	mkdir -p "$tmp/bin" && printf '%s\n' '#!/bin/sh' 'printf make; for a; do case $a in M=*) a=M=...;; esac; printf " %s" "$a"; done' \
		'echo; echo "LLVM in the environment: ${LLVM-(unset)}"; exit 2' >"$tmp/bin/make" && chmod +x "$tmp/bin/make"
}
# edit SED-SCRIPT FILE...: sed -i that keeps each file's mtime (manifests' mtime-order)
edit() { local e=$1 f; shift; for f; do touch -r "$f" "$tmp/stamp" && sed -i "$e" "$f" && touch -r "$tmp/stamp" "$f" || return 1; done; }

# One case_verify-NAME function per test unit.verify-NAME (kbp_shell_cases),
# each making the tree it verifies.
case_verify-gendwarfksyms-good() { dwarf; }
case_verify-gendwarfksyms-missing() { dwarf && rm "$t/scripts/gendwarfksyms/gendwarfksyms"; }
case_verify-gendwarfksyms-not-executable() { dwarf && chmod -x "$t/scripts/gendwarfksyms/gendwarfksyms"; }
case_verify-genksyms-good() { gen 6.1; }
# A series the manifests are not proven on (proven-series): plain verify cannot vouch for it.
case_verify-unproven-series() { gen 7.3 && : > "$t/scripts/Makefile.warn"; }
case_verify-genksyms-missing() { gen 6.1 && rm "$t/scripts/genksyms/genksyms"; }
case_verify-module-common-missing() { gen 6.12 && rm "$t/scripts/module-common.c"; }
case_verify-autoconf-missing() { dwarf && rm "$t/include/generated/autoconf.h"; }
case_verify-mtime-order() { dwarf && touch -d @999999999 "$t/include/config/auto.conf"; }
case_verify-sig-key() {
	# The file CONFIG_MODULE_SIG_KEY names is a key whatever its name or bytes (DER here).
	bash "$here/data/synth-tree.sh" "$t" 6.1 CONFIG_MODVERSIONS=y 'CONFIG_MODULE_SIG_KEY="certs/custom.der"' &&
		mkdir -p "$t/certs" && printf '\x30\x82\x04\xbd' > "$t/certs/custom.der"
}
# Keys found by their bytes, whatever the name or size, and behind a link.
case_verify-key-pem-upper() { gen 6.1 && mkdir -p "$t/certs" && make_key pem "$t/certs/KEY.PEM"; }
case_verify-key-link-h() {
	gen 6.1 && mkdir -p "$t/certs" && make_key pem "$t/certs/other.pem" &&
	ln -s ../../certs/other.pem "$t/include/linux/key.h"
}
case_verify-key-pem-in-h() {
	gen 6.1 && make_key pem "$tmp/k.pem" &&
	{ echo '/* test vector'; cat "$tmp/k.pem"; echo '*/'; } >"$t/include/linux/secret.h"
}
case_verify-key-openssh() {
	gen 6.1 && mkdir -p "$t/certs" && make_key openssh "$t/certs/id_ed25519" &&
	grep -v -- ----- "$t/certs/id_ed25519" >"$t/certs/bare.txt" && base64 -d "$t/certs/bare.txt" >"$t/certs/raw.bin"
}
case_verify-key-der() {
	gen 6.1 && mkdir -p "$t/certs" && make_key pkcs8-der "$t/certs/module.der" &&
	make_key pkcs1-der "$t/certs/rsa" && make_key sec1-der "$t/certs/ec.bin" &&
	make_key dsa-der "$t/certs/dsa.h" && make_key enc-der "$t/certs/encrypted.der" && make_key p12 "$t/certs/bundle.p12" &&
	make_key cert-der "$t/certs/cert.der" && make_key pub-der "$t/certs/public.der"
}
# Over 1 MB, the armour across two of the 64 KiB reads of the scan.
case_verify-key-big() {
	gen 6.1 && head -c $((2 * 1024 * 1024 - 5)) /dev/zero | tr '\0' ' ' >"$t/include/linux/big.h" &&
	make_key pem "$tmp/k.pem" && cat "$tmp/k.pem" >>"$t/include/linux/big.h"
}
# The arch comes from the config's arch symbol, never from the .config
# header's text: a header naming a path loads no file of it.
case_verify-arch-header-path() {
	gen 6.1 && printf 'version: 1\nrules:\n  - name: evil\n    from: obj\n    include: EVIL\n    required: true\n' >"$tmp/evil.yaml" &&
	edit "s|^# Linux/.*|# Linux/../../../../../../../../../../../../../..$tmp/evil 6.1.0 Kernel Configuration|" "$t/.config"
}
case_verify-arch-header-other() { gen 6.1 && edit 's|^# Linux/.*|# Linux/arm64 6.1.0 Kernel Configuration|' "$t/.config"; }
case_verify-arch-no-symbol() { gen 6.1 && edit '/^CONFIG_X86=y$/d' "$t/.config" "$t/include/config/auto.conf"; }
case_verify-arch-two-symbols() { gen 6.1 && edit '$a CONFIG_ARM64=y' "$t/.config" "$t/include/config/auto.conf"; }
case_verify-arch-no-manifest() { gen 6.1 && edit 's/^CONFIG_X86=y$/CONFIG_MIPS=y/' "$t/.config" "$t/include/config/auto.conf"; }
# A quoted include that climbs out of the header's directory must lead to a
# file of the tree: a warning each where it does not (verify still passes).
case_verify-dangling-include() {
	gen 6.1 && mkdir -p "$t/include/trace/events" && printf '%s\n' \
	'#include "../../scripts/dtc/libfdt/libfdt.h"' ' #  include "../generated/autoconf.h"' \
	'#include "../../../../etc/passwd"' '#include <../x/angle.h>' '#include "beside.h"' \
	'#include_next "../y.h"' >"$t/include/linux/fdtish.h" &&
	printf '#include "../../../block/blk-wbt.h"\n' >"$t/include/trace/events/wbt.h"
}
# wbt.h's private include is in the manifests' dangling-includes: no warning.
case_verify-dangling-include-listed() {
	gen 6.1 && mkdir -p "$t/include/trace/events" &&
	printf '#include "../../../block/blk-wbt.h"\n' >"$t/include/trace/events/wbt.h"
}
# verify --canary builds as a user must: make LLVM=1 when clang is the
# tree's compiler, LLVM=-16 when clang-16 is, nothing more when LLVM in the
# environment calls it; else one line naming the compiler and no make. A
# gcc tree's ${CROSS_COMPILE}gcc must run; its name says CROSS_COMPILE/CC.
case_verify-canary-clang() { gen 6.1 clang && canary && fake_cc clang "Debian clang version 16.0.6 (15~deb12u1)"; }
case_verify-canary-clang-suffix() {
	gen 6.1 clang && canary && fake_cc clang "Debian clang version 14.0.6" &&
	fake_cc clang-16 "Debian clang version 16.0.6 (15~deb12u1)"
}
case_verify-canary-clang-env() {
	gen 6.1 clang && canary && fake_cc clang "Debian clang version 14.0.6" &&
	fake_cc clang-16 "Debian clang version 16.0.6 (15~deb12u1)" && export LLVM=-16
}
case_verify-canary-clang-missing() { gen 6.1 clang && canary && fake_cc clang "Debian clang version 14.0.6"; }
case_verify-canary-gcc() { gen 6.1 && canary && fake_cc gcc "gcc (Debian 12.2.0-14+deb12u1) 12.2.0"; }
case_verify-canary-gcc-missing() { gen 6.1 && canary; }
case_verify-canary-gcc-cross-missing() {
	gcc=(CONFIG_CC_IS_GCC=y 'CONFIG_CC_VERSION_TEXT="x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0"') &&
	gen 6.1 && canary && fake_cc gcc "gcc (Debian 12.2.0-14+deb12u1) 12.2.0" && export CROSS_COMPILE=x86_64-linux-gnu-
}

declare -F "case_$case" >/dev/null || { echo "unknown case $case" >&2; exit 2; }
"case_$case" || { echo "cannot make the tree" >&2; exit 2; }
PATH=$path "$kbp" verify "${opts[@]}" "$t" >"$tmp/out" 2>"$tmp/err"
rc=$?
sed -e "s|$t|@TREE@|g" "$tmp/out"
sed -e "s|$t|@TREE@|g" -e "s|[^ ]*/manifests/arch/|@MANIFESTS@/arch/|g" "$tmp/err" >&2
exit $rc
