/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Quoted #include lines of a packed header that climb out of its directory
 * ("../../scripts/dtc/libfdt/libfdt.h") and find nothing in the tree: the
 * compiler looks for them beside the header first, as in the kernel's tree. */
#pragma once

#include <stddef.h>

/* One such include: the line, the name as written, and where it leads
 * inside the tree (NULL: above the tree's top). */
typedef void (*dangling_include_fn)(void *ctx, const char *rel, unsigned line, const char *name,
				    const char *resolved);

/* Calls fn for each quoted #include of buf (the text of the header at rel
 * inside the tree at build) whose name holds a ".." segment and resolves,
 * from the header's directory, to no file of the tree. Returns how many. */
unsigned includes_dangling(const char *build, const char *rel, const char *buf, size_t len, dangling_include_fn fn,
			   void *ctx);
