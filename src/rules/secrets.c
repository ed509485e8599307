// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/secrets.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/str.h"

#define PEM_BEGIN "-----BEGIN "
#define PEM_KEY "PRIVATE KEY"
#define PEM_PRIVATE PEM_KEY "-----"
#define PEM_LABEL_MAX 48 /* "ENCRYPTED", "RSA", "OPENSSH", "EC", "DSA", ... */
/* "openssh-key-v1\0", what an OpenSSH key starts with, in base64: found
 * anywhere, it is such a key without its armour. */
#define OPENSSH_MAGIC "openssh-key-v1"
#define OPENSSH_MAGIC_B64 "b3BlbnNzaC1rZXktdjE"

/* Bytes read at a time; the window keeps the last OVERLAP bytes of the one
 * before, longer than any marker, so none is missed across reads. A DER key
 * is judged in the first CHUNK: RSA-16384 with its CRT values is ~9.5 KB. */
#define CHUNK (64 * 1024)
#define OVERLAP 128

/* memmem(buf, len, needle); where buf[len] is a NUL (terminated) and no
 * other NUL comes before it, as in the window of a text file, strstr: the
 * same answer, three times as fast (most of a pack's bytes are headers). */
static const char *find(const char *buf, size_t len, const char *needle, bool terminated)
{
	if (terminated && !memchr(buf, '\0', len))
		return strstr(buf, needle);
	return memmem(buf, len, needle, strlen(needle));
}

/* "-----BEGIN <label>PRIVATE KEY-----", the label upper case, digits and
 * blanks: PKCS#8, ENCRYPTED, RSA, DSA, EC, OPENSSH, ... A marker cut at the
 * end of buf is found whole in the next window. */
static bool has_private_pem(const char *buf, size_t len, bool terminated)
{
	const char *p = buf, *end = buf + len;

	while ((p = find(p, (size_t)(end - p), PEM_BEGIN, terminated)) != NULL) {
		const char *l = p + strlen(PEM_BEGIN), *q = l;

		while (q < end && q - l <= PEM_LABEL_MAX && ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == ' '))
			q++;
		/* q is at the dashes that close the label: it must end with "PRIVATE KEY". */
		if ((size_t)(q - l) >= strlen(PEM_KEY) && (size_t)(end - (q - strlen(PEM_KEY))) >= strlen(PEM_PRIVATE) &&
		    !memcmp(q - strlen(PEM_KEY), PEM_PRIVATE, strlen(PEM_PRIVATE)))
			return true;
		p = l;
	}
	return false;
}

/* One DER element: its tag, its contents [val, val + len). */
struct der {
	unsigned char tag;
	const unsigned char *val;
	size_t len;
};

/* Reads the element at *p, before end; moves *p past it. False when it is
 * not one whole, definite-length DER element with a one-byte tag. */
static bool der_next(const unsigned char **p, const unsigned char *end, struct der *d)
{
	const unsigned char *s = *p;
	size_t len = 0, n;

	if (end - s < 2 || (s[0] & 0x1f) == 0x1f)
		return false;
	d->tag = s[0];
	if (s[1] < 0x80) {
		len = s[1];
		s += 2;
	} else {
		n = s[1] & 0x7f;
		if (n == 0 || n > 3 || (size_t)(end - s) < 2 + n)
			return false; /* indefinite, or longer than any key */
		for (size_t i = 0; i < n; i++)
			len = len << 8 | s[2 + i];
		s += 2 + n;
	}
	if (len > (size_t)(end - s))
		return false;
	d->val = s;
	d->len = len;
	*p = s + len;
	return true;
}

#define DER_INTEGER 0x02
#define DER_OCTET_STRING 0x04
#define DER_OID 0x06
#define DER_SEQUENCE 0x30

/* An INTEGER version 0 or 1 (v1 is multi-prime RSA, OneAsymmetricKey, SEC1). */
static bool der_is_version(const struct der *d, unsigned max)
{
	return d->tag == DER_INTEGER && d->len == 1 && d->val[0] <= max;
}

/* A SEQUENCE that starts with an OID: an AlgorithmIdentifier. */
static bool der_is_algorithm(const struct der *d)
{
	return d->tag == DER_SEQUENCE && d->len >= 2 && d->val[0] == DER_OID;
}

/* An AlgorithmIdentifier of password-based encryption: PKCS#5 (PBES2 is
 * 1.2.840.113549.1.5.13) or PKCS#12 (1.2.840.113549.1.12.1.x). A DigestInfo
 * has the same shape with a digest's OID. */
static bool der_is_pbe(const struct der *d)
{
	static const unsigned char pkcs5[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05 };
	static const unsigned char pkcs12[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01 };
	const unsigned char *p = d->val;
	struct der oid;

	if (!der_is_algorithm(d) || !der_next(&p, d->val + d->len, &oid))
		return false;
	return (oid.len > sizeof(pkcs5) && !memcmp(oid.val, pkcs5, sizeof(pkcs5))) ||
	       (oid.len > sizeof(pkcs12) && !memcmp(oid.val, pkcs12, sizeof(pkcs12)));
}

/* A SEQUENCE that starts with a PKCS#7 content type (1.2.840.113549.1.7.x):
 * a ContentInfo, the authSafe of a PKCS#12 file. */
static bool der_is_pkcs7_content(const struct der *d)
{
	static const unsigned char pkcs7[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07 };
	const unsigned char *p = d->val;
	struct der oid;

	return d->tag == DER_SEQUENCE && der_next(&p, d->val + d->len, &oid) && oid.tag == DER_OID &&
	       oid.len == sizeof(pkcs7) + 1 && !memcmp(oid.val, pkcs7, sizeof(pkcs7));
}

/* A whole DER private key at buf's start: the outer SEQUENCE's members
 * (all of them, each one whole) in one of these shapes:
 *   PKCS#1 RSA, OpenSSL DSA  { INTEGER 0|1, INTEGER n, e, d, p, q, ... }
 *   PKCS#8 PrivateKeyInfo    { INTEGER 0|1, AlgorithmIdentifier, OCTET STRING, [0], [1] }
 *   EncryptedPrivateKeyInfo  { AlgorithmIdentifier of PKCS#5/#12, OCTET STRING }
 *   SEC1 ECPrivateKey        { INTEGER 1, OCTET STRING, [0], [1] }
 *   PKCS#12 PFX              { INTEGER 3, ContentInfo, MacData }
 * A certificate or public key (BIT STRING), a signature (OID first), an ELF
 * or any text have none of these shapes. Bytes after the key are allowed:
 * DER readers stop at the end of the key. */
static bool der_is_private_key(const unsigned char *buf, size_t len)
{
	const unsigned char *p = buf, *end = buf + len;
	struct der outer, m[8];
	size_t n = 0, ints = 0;

	if (!der_next(&p, end, &outer) || outer.tag != DER_SEQUENCE)
		return false;
	p = outer.val;
	end = outer.val + outer.len;
	while (p < end) {
		struct der d;
		if (!der_next(&p, end, &d))
			return false;
		if (n < sizeof(m) / sizeof(m[0]))
			m[n] = d;
		n++;
	}
	for (size_t i = 0; i < n && i < sizeof(m) / sizeof(m[0]) && m[i].tag == DER_INTEGER; i++)
		ints++;
	if (n >= 6 && ints >= 6 && der_is_version(&m[0], 1))
		return true; /* RSA: version n e d p q dp dq qinv; DSA: version p q g y x */
	if (n == 2 && der_is_pbe(&m[0]) && m[1].tag == DER_OCTET_STRING)
		return true;
	if (n >= 3 && n <= 5 && der_is_version(&m[0], 1) && der_is_algorithm(&m[1]) && m[2].tag == DER_OCTET_STRING) {
		for (size_t i = 3; i < n; i++)
			if (m[i].tag != 0xa0 && m[i].tag != 0x81 && m[i].tag != 0xa1)
				return false;
		return true;
	}
	if ((n == 2 || n == 3) && der_is_version(&m[0], 3) && m[0].val[0] == 3 && der_is_pkcs7_content(&m[1]))
		return true;
	if (n >= 2 && n <= 4 && der_is_version(&m[0], 1) && m[0].val[0] == 1 && m[1].tag == DER_OCTET_STRING &&
	    m[1].len >= 16 && m[1].len <= 72) {
		for (size_t i = 2; i < n; i++)
			if (m[i].tag != 0xa0 && m[i].tag != 0xa1)
				return false;
		return true;
	}
	return false;
}

/* Reads up to len bytes; short only at the end of the file, or once it
 * has `enough` (what fstat says is left: no read to find the end). */
static ssize_t read_full(int fd, char *buf, size_t len, size_t enough)
{
	size_t got = 0;

	while (got < len && (!enough || got < enough)) {
		ssize_t n = read(fd, buf + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/* Key material in a window of a file's bytes, whose first head bytes are
 * the file's start (0: a window further on): a DER or raw OpenSSH key is a
 * whole file, judged by its start; PEM armour and a base64 OpenSSH key may
 * be anywhere. terminated: buf[len] is a NUL. */
static bool window_has_key(const char *buf, size_t len, size_t head, bool terminated)
{
	return (head && (der_is_private_key((const unsigned char *)buf, head) ||
			 (head >= sizeof(OPENSSH_MAGIC) && !memcmp(buf, OPENSSH_MAGIC, sizeof(OPENSSH_MAGIC))))) ||
	       has_private_pem(buf, len, terminated) || find(buf, len, OPENSSH_MAGIC_B64, terminated);
}

/* The bytes of the file at fd, window by window, in this thread's window
 * (a pack reads every file it takes: no allocation per file). */
static int fd_has_key(int fd, off_t size)
{
	static _Thread_local char buf[OVERLAP + CHUNK + 1];
	/* left: what fstat says is still to read (0: unknown, read to the end) */
	size_t keep = 0, left = size > 0 ? (size_t)size : 0;
	bool first = true;

	for (;;) {
		ssize_t n = read_full(fd, buf + keep, CHUNK, left);
		size_t len;

		if (n < 0)
			return (int)n;
		left = left > (size_t)n ? left - (size_t)n : 0;
		len = keep + (size_t)n;
		buf[len] = '\0';
		if (window_has_key(buf, len, first ? (size_t)n : 0, true))
			return 1;
		if ((size_t)n < CHUNK)
			return 0;
		keep = len < OVERLAP ? len : OVERLAP;
		memmove(buf, buf + len - keep, keep);
		first = false;
	}
}

const char *secrets_sig_key(const struct kconfig *kc)
{
	const char *key = kconfig_get(kc, "CONFIG_MODULE_SIG_KEY");

	return key && *key && !str_starts_with(key, "pkcs11:") ? key : NULL;
}

/* Key material by its name alone. */
static bool key_by_name(const char *rel, const char *sig_key)
{
	static const char priv[] = ".priv";
	const size_t plen = sizeof(priv) - 1;
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	size_t blen = strlen(base);

	return !strcasecmp(base, "signing_key.pem") || (blen >= plen && !strcasecmp(base + blen - plen, priv)) ||
	       (sig_key && !strcmp(rel, sig_key));
}

/* The bytes of fd, opened without blocking; a file replaced since its
 * stat by a fifo or a device is not read (it is never copied either). */
static int fd_is_key(int fd, const struct stat *want)
{
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (want && (st.st_dev != want->st_dev || st.st_ino != want->st_ino))
		return -ESTALE;
	return S_ISREG(st.st_mode) ? fd_has_key(fd, st.st_size) : 0;
}

#define KEY_OPEN_FLAGS (O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)

/* The one test of pack and verify: by name, then by the bytes. */
int secrets_is_key_material(const char *rel, const char *sig_key, const char *path)
{
	_cleanup_close_ int fd = -1;
	struct stat st;

	if (key_by_name(rel, sig_key))
		return 1;
	/* A symlink is followed: what it points to is what gets copied. A fifo
	 * or a device is not even opened (it is never copied either). */
	if (stat(path, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return 0;
	fd = open(path, KEY_OPEN_FLAGS);
	return fd_is_key(fd, NULL);
}

int secrets_is_key_material_buf(const char *rel, const char *sig_key, const char *buf, size_t len)
{
	return key_by_name(rel, sig_key) || window_has_key(buf, len, len < CHUNK ? len : CHUNK, true);
}

/* The key named absolute, or relative to the object or the source tree:
 * each path that exists, by its identity (a hard link to it is it too). */
void secrets_sig_init(struct secrets_sig *s, const struct ktree *t)
{
	const char *key = secrets_sig_key(&t->config);
	char *paths[2] = { NULL, NULL };
	struct stat st;

	*s = (struct secrets_sig){ .key = key };
	if (!key)
		return;
	if (key[0] == '/') {
		paths[0] = xstrdup(key);
	} else {
		paths[0] = path_join(t->obj, key);
		paths[1] = path_join(t->src, key);
	}
	for (size_t i = 0; i < 2; i++) {
		if (paths[i] && stat(paths[i], &st) == 0 && S_ISREG(st.st_mode)) {
			s->id[s->n].dev = st.st_dev;
			s->id[s->n++].ino = st.st_ino;
		}
		free(paths[i]);
	}
}

bool secrets_named_key(const struct secrets_sig *s, const char *rel, const struct stat *st)
{
	for (size_t i = 0; i < s->n; i++)
		if (st->st_dev == s->id[i].dev && st->st_ino == s->id[i].ino)
			return true;
	return key_by_name(rel, s->key);
}

int secrets_file_has_key(const char *path)
{
	return secrets_file_has_key_at(AT_FDCWD, path, NULL);
}

int secrets_file_has_key_at(int dfd, const char *name, const struct stat *want)
{
	_cleanup_close_ int fd = openat(dfd, name, KEY_OPEN_FLAGS);

	return fd_is_key(fd, want);
}
