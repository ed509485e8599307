/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Which part each file of each tree goes to, computed by content. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "pack/pack.h"
#include "shared/sha256.h"
#include "split/stamp.h"

/* PART_KBUILD: Debian's layout's host programs, one part for every tree of
 * the run (they all run on the build machine). */
enum part_kind { PART_COMMON, PART_ARCH, PART_FLAVOUR, PART_KBUILD };

/* One entry of one tree's selection and where the split puts it. */
struct split_item {
	struct pack_entry *e;
	uint8_t sha[SHA256_LEN]; /* FILE, once hashed */
	bool hashed;
	/* kbuild reads it through $(srctree) (the common directory; the
	 * sources), else through $(objtree) (the flavour's directory). */
	bool src_side;
	enum part_kind part;
	/* An object-tree file of the arch or kbuild part: the flavour holds a link. */
	bool linked;
	/* The kbuild part's copy of a host program (of the first tree by name
	 * that has it: one output whatever the order of the trees). */
	bool kbuild_owner;
	char *why; /* other trees have the path but it is not shared: why */
};

struct split_tree {
	const char *name; /* its flavour part */
	struct pack_opts o;
	struct pack_sel sel;
	size_t group; /* index into split_run.groups */
	struct split_item *items; /* parallel to sel.fl.v (directories unused) */
};

struct split_run {
	struct split_tree *trees;
	size_t ntrees;
	char **groups; /* the trees' architectures (SRCARCH), sorted, once each */
	size_t ngroups;
	const struct common_list *published; /* --common, or NULL */
	/* The source pseudo-trees of Debian's common part: a source file any
	 * takes is common. */
	bool union_sources;
	/* Debian's layout: every host program (an executable ELF file or a
	 * shared object of the object side) goes to PART_KBUILD, alike in
	 * every tree; no flavour holds one. */
	bool kbuild_part;
	/* --kbuild: the published host programs (usr/lib/linux-kbuild-SERIES,
	 * absolute), which every tree's must be; no kbuild part is made */
	const char *published_kbuild;
};

/* Only an object-tree file bigger than a link costs (a filesystem block)
 * is worth sharing through one. */
#define SPLIT_LINK_MIN_SIZE 4096

/* Fills every item's part. Prints each source file the trees disagree on
 * (and, with a published common part, each that disagrees with it);
 * -EINVAL then. */
int split_partition(struct split_run *run);
/* The item's sha256 (hashed once); negative errno, printed. */
int split_item_hash(struct split_item *it);
/* Two program files alike: the same bytes but for their GNU build ID (one
 * program built in two directories). Negative errno, printed. */
int split_programs_alike(const char *a, const char *b, bool *eq);
/* Host programs alike: the same mode and size and split_programs_alike(). */
int split_hosts_alike(struct split_item *a, struct split_item *b, bool *eq);
/* Same type, mode and content (or link text). */
int split_items_equal(struct split_item *a, struct split_item *b, bool *eq);
