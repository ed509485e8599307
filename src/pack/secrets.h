/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Private key material must never leave the source tree. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kernel/tree.h"

/* True for the module signing key (certs/signing_key.pem or whatever
 * CONFIG_MODULE_SIG_KEY names) and any .pem, .priv or .key file that holds
 * a private key. */
bool secrets_is_private_key(const struct ktree *t, const char *rel, const char *abs);
/* The file CONFIG_MODULE_SIG_KEY names, or NULL (unset, or a PKCS#11 URI). */
const char *secrets_sig_key(const struct kconfig *kc);
/* The private-key test of pack and verify. rel: the path inside the tree;
 * sig_key: CONFIG_MODULE_SIG_KEY when it names a file, else NULL; buf: the
 * file's bytes, or NULL to judge by name alone. True for signing_key.pem,
 * signing_key.priv, *.priv, sig_key itself, a PEM "PRIVATE KEY" block and a
 * non-empty *.key that is not PEM (DER). */
bool secrets_is_key_material(const char *rel, const char *sig_key, const char *buf, size_t len);
