#!/bin/bash
# verify on a synthetic packed tree (data/synth-tree.sh): the manifests, not
# C, decide what the tree must hold. Prints verify's stdout, its stderr with
# the tree's path as @TREE@, and exits with its status (see expect.sh).
# Usage: verify-synth.sh KBUILD_PACK CASE
set -u
kbp=$1 case=$2
here=$(dirname "$0")
. "$here/../lib/keys.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t=$tmp/build
dwarf() { bash "$here/data/synth-tree.sh" "$t" 6.14 CONFIG_MODVERSIONS=y CONFIG_GENDWARFKSYMS=y; }
gen() { bash "$here/data/synth-tree.sh" "$t" "$1" CONFIG_MODVERSIONS=y; }

case $case in
gendwarfksyms-good) dwarf ;;
gendwarfksyms-missing) dwarf && rm "$t/scripts/gendwarfksyms/gendwarfksyms" ;;
gendwarfksyms-not-executable) dwarf && chmod -x "$t/scripts/gendwarfksyms/gendwarfksyms" ;;
genksyms-good) gen 6.1 ;;
genksyms-missing) gen 6.1 && rm "$t/scripts/genksyms/genksyms" ;;
module-common-missing) gen 6.14 && rm "$t/scripts/module-common.c" ;;
autoconf-missing) dwarf && rm "$t/include/generated/autoconf.h" ;;
mtime-order) dwarf && touch -d @999999999 "$t/include/config/auto.conf" ;;
sig-key)
	# The file CONFIG_MODULE_SIG_KEY names is a key whatever its name or bytes (DER here).
	bash "$here/data/synth-tree.sh" "$t" 6.1 CONFIG_MODVERSIONS=y 'CONFIG_MODULE_SIG_KEY="certs/custom.der"' &&
		mkdir -p "$t/certs" && printf '\x30\x82\x04\xbd' > "$t/certs/custom.der" ;;
# Keys found by their bytes, whatever the name or size, and behind a link.
key-pem-upper) gen 6.1 && mkdir -p "$t/certs" && make_key pem "$t/certs/KEY.PEM" ;;
key-link-h) gen 6.1 && mkdir -p "$t/certs" && make_key pem "$t/certs/other.pem" &&
	ln -s ../../certs/other.pem "$t/include/linux/key.h" ;;
key-pem-in-h) gen 6.1 && make_key pem "$tmp/k.pem" &&
	{ echo '/* test vector'; cat "$tmp/k.pem"; echo '*/'; } >"$t/include/linux/secret.h" ;;
key-openssh) gen 6.1 && mkdir -p "$t/certs" && make_key openssh "$t/certs/id_ed25519" &&
	grep -v -- ----- "$t/certs/id_ed25519" >"$t/certs/bare.txt" && base64 -d "$t/certs/bare.txt" >"$t/certs/raw.bin" ;;
key-der) gen 6.1 && mkdir -p "$t/certs" && make_key pkcs8-der "$t/certs/module.der" &&
	make_key pkcs1-der "$t/certs/rsa" && make_key sec1-der "$t/certs/ec.bin" &&
	make_key dsa-der "$t/certs/dsa.h" && make_key enc-der "$t/certs/encrypted.der" && make_key p12 "$t/certs/bundle.p12" &&
	make_key cert-der "$t/certs/cert.der" && make_key pub-der "$t/certs/public.der" ;;
# Over 1 MB, the armour across two of the 64 KiB reads of the scan.
key-big) gen 6.1 && head -c $((2 * 1024 * 1024 - 5)) /dev/zero | tr '\0' ' ' >"$t/include/linux/big.h" &&
	make_key pem "$tmp/k.pem" && cat "$tmp/k.pem" >>"$t/include/linux/big.h" ;;
*) echo "unknown case $case" >&2; exit 2 ;;
esac || { echo "cannot make the tree" >&2; exit 2; }
"$kbp" verify "$t" 2>"$tmp/err"
rc=$?
sed "s|$t|@TREE@|g" "$tmp/err" >&2
exit $rc
