/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel trees a pack reads: the source tree and the object tree
 * (the same directory for an in-tree build). */
#pragma once

#include <stdbool.h>

#include "kernel/kconfig.h"

struct ktree {
	char *src;     /* absolute, resolved */
	char *obj;     /* == src (same string) for an in-tree build */
	bool split;
	char *release; /* what the kernel reports: UTS_RELEASE (kernel/release.h) */
	char *srcarch; /* arch/<srcarch> */
	int version, patchlevel, sublevel;
	struct kconfig config; /* include/config/auto.conf */
};

/* A kernel architecture name (SRCARCH: x86, arm64): lower-case letters,
 * digits and '_'. It names arch/NAME and manifests/arch/NAME.yaml. */
bool ktree_arch_name_ok(const char *arch);
/* What tells an O= object tree from an in-tree build: the DIR/source link
 * kbuild writes in every O= tree, resolved (malloc'd); NULL when DIR has
 * none that leads to a directory (an in-tree build, or no tree). */
char *ktree_source_link(const char *dir);

/* src or obj may be NULL (not both): a missing src is found through
 * OBJ/source. arch, when given, overrides the one read from the config.
 * Prints one message naming the path and the cause; returns negative errno. */
int ktree_open(struct ktree *t, const char *src, const char *obj, const char *arch);
/* A source tree alone, not configured (what a distribution's
 * architecture-independent job has): release is VERSION.PATCHLEVEL.SUBLEVEL,
 * the config empty, srcarch as given. */
int ktree_open_source(struct ktree *t, const char *src, const char *srcarch);
void ktree_release(struct ktree *t);

/* Is dir the top directory of a kernel tree (a source tree, an in-tree
 * build, a packed build directory)? The one test for it: the first of its
 * marks that dir lacks, NULL when it has them all. The marks: a top
 * "Makefile" (all kbuild needs of a kernel for an external module) and an
 * "include/linux" directory (which tells a kernel from any other project;
 * an O= object tree has neither). The Makefile need only exist: its reader
 * says what is wrong with it. With KTREE_NOFOLLOW (a tree extracted from
 * an archive, whose links are never followed) include and include/linux
 * must be real directories, not links to one. */
enum { KTREE_NOFOLLOW = 1 << 0 };
const char *ktree_missing_mark(const char *dir, unsigned flags);
