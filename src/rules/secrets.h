/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Private key material must never leave the source tree. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kernel/tree.h"

/* pack's test of a file of the trees: secrets_is_key_material(), and the
 * file CONFIG_MODULE_SIG_KEY names by any path (absolute, or relative to
 * OBJ or SRC). 1: a key, 0: not, negative errno: abs cannot be read. */
int secrets_is_private_key(const struct ktree *t, const char *rel, const char *abs);
/* The file CONFIG_MODULE_SIG_KEY names, or NULL (unset, or a PKCS#11 URI). */
const char *secrets_sig_key(const struct kconfig *kc);
/* The private-key test of pack and verify, by content whatever the name.
 * rel: the path inside the tree; sig_key: CONFIG_MODULE_SIG_KEY when it
 * names a file, else NULL; path: the file to read, a symlink followed (its
 * target is what a copy holds). Key material: signing_key.pem, *.priv and
 * sig_key by name; PEM armour "-----BEGIN ...PRIVATE KEY-----" and an
 * armourless base64 OpenSSH key anywhere in the file, whatever its size; a
 * file that starts with a raw OpenSSH key, a DER PKCS#1, PKCS#8 (also
 * encrypted), SEC1 or DSA private key, or a PKCS#12 file. A fifo or a device
 * is not opened (0). Returns 1 for key material, 0 if not, negative errno
 * when path cannot be read. */
int secrets_is_key_material(const char *rel, const char *sig_key, const char *path);
