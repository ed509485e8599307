// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "pack/secrets.h"

#include <string.h>

#include "shared/util.h"

#define PEM_BEGIN "-----BEGIN "

/* "-----BEGIN ... PRIVATE KEY" on one line. */
static bool has_private_pem(const char *buf, size_t len)
{
	/* "-----BEGIN PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY", "BEGIN ENCRYPTED PRIVATE KEY", ... */
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, (size_t)(end - p), PEM_BEGIN, strlen(PEM_BEGIN))) != NULL) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t l = eol ? (size_t)(eol - p) : (size_t)(end - p);
		if (memmem(p, l, "PRIVATE KEY", strlen("PRIVATE KEY")))
			return true;
		p += strlen(PEM_BEGIN);
	}
	return false;
}

static bool same_file(const char *a, const char *b)
{
	_cleanup_free_ char *ra = realpath(a, NULL);
	_cleanup_free_ char *rb = realpath(b, NULL);

	return ra && rb && !strcmp(ra, rb);
}

const char *secrets_sig_key(const struct kconfig *kc)
{
	const char *key = kconfig_get(kc, "CONFIG_MODULE_SIG_KEY");

	return key && *key && !str_starts_with(key, "pkcs11:") ? key : NULL;
}

/* The one test of pack and verify: by name, then by the bytes when the caller has them. */
bool secrets_is_key_material(const char *rel, const char *sig_key, const char *buf, size_t len)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;

	if (!strcmp(base, "signing_key.pem") || !strcmp(base, "signing_key.priv") || str_ends_with(base, ".priv"))
		return true;
	if (sig_key && !strcmp(rel, sig_key))
		return true;
	if (!buf)
		return false;
	if (str_ends_with(base, ".key") && len > 0 && !memmem(buf, len, PEM_BEGIN, strlen(PEM_BEGIN)))
		return true; /* DER: assume the worst */
	return has_private_pem(buf, len);
}

bool secrets_is_private_key(const struct ktree *t, const char *rel, const char *abs)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	const char *key = secrets_sig_key(&t->config);
	_cleanup_free_ char *buf = NULL;
	size_t len;

	/* The key may also be named absolute or relative to the source tree. */
	if (key && key[0] == '/' && same_file(abs, key))
		return true;
	if (key && key[0] != '/') {
		_cleanup_free_ char *o = path_join(t->obj, key);
		_cleanup_free_ char *s = path_join(t->src, key);
		if (same_file(abs, o) || same_file(abs, s))
			return true;
	}
	/* Only these are read: every other file of the trees would be read twice. */
	if (!str_ends_with(base, ".pem") && !str_ends_with(base, ".key"))
		return secrets_is_key_material(rel, key, NULL, 0);
	/* A file we cannot read to clear it is treated as a key. */
	if (read_file(abs, &buf, &len) < 0)
		return true;
	return secrets_is_key_material(rel, key, buf, len);
}
