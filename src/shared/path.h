/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Path arithmetic and tests on one path. */
#pragma once

#include <stdbool.h>

char *path_join(const char *a, const char *b);
/* The directory part of p: "." when it has no slash. */
char *path_dirname(const char *p);
/* The last component of p (a pointer into p): p itself when it has no slash. */
const char *path_basename(const char *p);
bool path_exists(const char *p);
bool path_is_dir(const char *p);
bool path_is_reg(const char *p);
/* path is dir or inside it, both absolute and resolved (compared as text). */
bool path_is_below(const char *path, const char *dir);
/* path made absolute, with the symlinks of its existing parent directories
 * resolved and its last component not followed (what a writer replaces);
 * NULL when the working directory is gone. */
char *path_resolve_parents(const char *path);
/* The path a relative symlink at rel (inside a tree) points to, resolved
 * lexically as any reader of the tree elsewhere would: NULL when target is
 * absolute or climbs out of the tree. */
char *path_resolve_link(const char *rel, const char *target);
/* rel (inside root) with every symlink on its way resolved as a chroot at
 * root would: an absolute target starts again at root, ".." stops at it.
 * The result is relative to root ("" for root itself) and need not exist
 * (what is missing is taken as written); NULL after 40 links (a loop). */
char *path_resolve_in_root(const char *root, const char *rel);
