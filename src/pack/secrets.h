/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Private key material must never leave the source tree. */
#pragma once

#include <stdbool.h>

#include "kernel/tree.h"

/* True for the module signing key (certs/signing_key.pem or whatever
 * CONFIG_MODULE_SIG_KEY names) and any .pem, .priv or .key file that holds
 * a private key. */
bool secrets_is_private_key(const struct ktree *t, const char *rel, const char *abs);
/* True when the bytes hold a PEM private key block. */
bool secrets_has_private_pem(const char *buf, size_t len);
