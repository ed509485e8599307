# Private keys for the key tests, made at test time and thrown away with the
# scratch dir (sourced; not executable on its own): no key is committed,
# none made here is used anywhere. Needs openssl; ssh-keygen for "openssh".

# make_key KIND FILE
#   pem          PKCS#8 PEM (ed25519)         pkcs8-der  PKCS#8 DER (RSA)
#   pkcs1-der    PKCS#1 RSAPrivateKey DER     sec1-der   SEC1 ECPrivateKey DER
#   dsa-der      OpenSSL DSA private key DER  enc-der    EncryptedPrivateKeyInfo DER (PBES2)
#   p12          PKCS#12 with a key and its certificate
#   openssh      OpenSSH (ssh-keygen; the .pub is removed)
#   Not keys, never refused: cert-der (X.509 certificate), pub-der (SubjectPublicKeyInfo).
make_key() {
	local kind=$1 f=$2 t=$2.tmp
	case $kind in
	pem) openssl genpkey -algorithm ed25519 -out "$f" ;;
	pkcs8-der) openssl genpkey -algorithm rsa -pkeyopt rsa_keygen_bits:1024 -outform DER -out "$f" ;;
	pkcs1-der) openssl genpkey -algorithm rsa -pkeyopt rsa_keygen_bits:1024 -out "$t" &&
		openssl pkey -in "$t" -traditional -outform DER -out "$f" ;;
	sec1-der) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$t" &&
		openssl pkey -in "$t" -traditional -outform DER -out "$f" ;;
	dsa-der) openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out "$t.param" &&
		openssl genpkey -paramfile "$t.param" -out "$t" &&
		openssl pkey -in "$t" -traditional -outform DER -out "$f" ;;
	enc-der) openssl genpkey -algorithm ed25519 -out "$t" &&
		openssl pkcs8 -topk8 -v2 aes-256-cbc -passout pass:test -in "$t" -outform DER -out "$f" ;;
	p12) openssl genpkey -algorithm ed25519 -out "$t" &&
		openssl req -x509 -new -key "$t" -subj /CN=test -days 1 -out "$t.param" &&
		openssl pkcs12 -export -inkey "$t" -in "$t.param" -passout pass:test -out "$f" ;;
	openssh) ssh-keygen -q -t ed25519 -N '' -C test -f "$f" && rm -f "$f.pub" ;;
	cert-der) openssl genpkey -algorithm ed25519 -out "$t" &&
		openssl req -x509 -new -key "$t" -subj /CN=test -days 1 -outform DER -out "$f" ;;
	pub-der) openssl genpkey -algorithm ed25519 -out "$t" &&
		openssl pkey -in "$t" -pubout -outform DER -out "$f" ;;
	*) echo "make_key: unknown kind $kind" >&2; return 2 ;;
	esac >/dev/null 2>&1 || { echo "make_key: cannot make a $kind key" >&2; rm -f "$t" "$t.param"; return 1; }
	rm -f "$t" "$t.param"
}
