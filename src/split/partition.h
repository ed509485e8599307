/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Which part each file of each tree goes to, computed by content. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "pack/pack.h"
#include "shared/sha256.h"
#include "split/stamp.h"

enum part_kind { PART_COMMON, PART_ARCH, PART_FLAVOUR };

/* One entry of one tree's selection and where the split puts it. */
struct split_item {
	struct pack_entry *e;
	uint8_t sha[SHA256_LEN]; /* FILE, once hashed */
	bool hashed;
	/* kbuild reads it through $(srctree) (the common directory; the
	 * sources), else through $(objtree) (the flavour's directory). */
	bool src_side;
	enum part_kind part;
	/* An object-tree file of the arch part: the flavour holds a link. */
	bool linked;
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
/* Same type, mode and content (or link text). */
int split_items_equal(struct split_item *a, struct split_item *b, bool *eq);
