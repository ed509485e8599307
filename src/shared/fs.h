/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Changes to the file system: directories made, trees removed, renames. */
#pragma once

#include <stddef.h>

int mkdir_p(const char *path, unsigned mode, char ***created, size_t *ncreated);
int rm_rf(const char *path);
/* rename() that never replaces an existing to: -EEXIST then. Atomic where
 * the filesystem has RENAME_NOREPLACE; elsewhere (NFS) checked just before. */
int rename_noreplace(const char *from, const char *to);
