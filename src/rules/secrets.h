/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Private key material must never leave the source tree. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kernel/tree.h"

#include <sys/stat.h>
#include <sys/types.h>

/* The file CONFIG_MODULE_SIG_KEY names, looked up once per selection: its
 * name, and the identity of each path it may be named by (absolute, or
 * relative to OBJ or SRC) that exists. */
struct secrets_sig {
	const char *key;
	size_t n;
	struct {
		dev_t dev;
		ino_t ino;
	} id[2];
};
void secrets_sig_init(struct secrets_sig *s, const struct ktree *t);
/* pack's test of a file of the trees, in two halves: the one without I/O
 * (rel in the tree; st: its stat, a symlink followed): the signing key by
 * identity, or key material by name (secrets_is_key_material's names) */
bool secrets_named_key(const struct secrets_sig *s, const char *rel, const struct stat *st);
/* and the bytes (secrets_is_key_material's) of the regular file at path, a
 * link followed, opened without blocking; a fifo or a device put there
 * since is not read. 1: a key, 0: not, negative errno: it cannot be read. */
int secrets_file_has_key(const char *path);
/* The same of name in the directory dfd (a walk's: a shorter lookup),
 * which must still be the file the walk saw as want (its device and
 * inode): -ESTALE when another took its place, so that what is checked is
 * what is copied (filelist_entry_open holds the copy to it). */
int secrets_file_has_key_at(int dfd, const char *name, const struct stat *want);
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
/* The same test on a whole file's bytes, already read, with a NUL after
 * them (read_control_file's). */
int secrets_is_key_material_buf(const char *rel, const char *sig_key, const char *buf, size_t len);
