// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "pack/secrets.h"

#include <string.h>

#include "shared/util.h"

bool secrets_has_private_pem(const char *buf, size_t len)
{
	/* "-----BEGIN PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY", "BEGIN ENCRYPTED PRIVATE KEY", ... */
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, (size_t)(end - p), "-----BEGIN ", 11)) != NULL) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t l = eol ? (size_t)(eol - p) : (size_t)(end - p);
		if (memmem(p, l, "PRIVATE KEY", 11))
			return true;
		p += 11;
	}
	return false;
}

static bool same_file(const char *a, const char *b)
{
	_cleanup_free_ char *ra = realpath(a, NULL);
	_cleanup_free_ char *rb = realpath(b, NULL);

	return ra && rb && !strcmp(ra, rb);
}

bool secrets_is_private_key(const struct ktree *t, const char *rel, const char *abs)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;
	const char *key = kconfig_get(&t->config, "CONFIG_MODULE_SIG_KEY");
	_cleanup_free_ char *buf = NULL;
	size_t len;

	if (!strcmp(base, "signing_key.pem") || !strcmp(base, "signing_key.priv"))
		return true;
	/* The key may be given relative to the object tree or the source tree, or absolute. */
	if (key && *key && !str_starts_with(key, "pkcs11:")) {
		if (!strcmp(rel, key))
			return true;
		if (key[0] == '/' ? same_file(abs, key) : false)
			return true;
		if (key[0] != '/') {
			_cleanup_free_ char *o = path_join(t->obj, key);
			_cleanup_free_ char *s = path_join(t->src, key);
			if (same_file(abs, o) || same_file(abs, s))
				return true;
		}
	}
	if (str_ends_with(base, ".priv"))
		return true;
	if (!str_ends_with(base, ".pem") && !str_ends_with(base, ".key"))
		return false;
	/* A file we cannot read to clear it is treated as a key. */
	if (read_file(abs, &buf, &len) < 0)
		return true;
	if (str_ends_with(base, ".key") && !memmem(buf, len, "-----BEGIN ", 11))
		return true; /* DER: assume the worst */
	return secrets_has_private_pem(buf, len);
}
