/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack split: several built trees of one source into the parts a
 * distribution ships (doc/split.md): a common part, a part per
 * architecture, a part per tree (flavour). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pack/pack.h"
#include "sink/sink.h"

/* One --tree: a built kernel tree and the name of its flavour part. */
struct split_tree_spec {
	const char *name; /* NULL: the tree's release */
	const char *src;  /* NULL: through OBJ/source, or an in-tree build */
	const char *obj;
};

struct split_opts {
	const struct split_tree_spec *trees;
	size_t ntrees;
	/* What every tree is packed with (manifests, modpost, host tools,
	 * SOURCE_DATE_EPOCH, ...); its src, obj, out, list, report are unused. */
	struct pack_opts pack;
	const char *out;         /* directory of the parts (one root per part) */
	enum sink_format format; /* dir: DESTDIR-like roots; else one archive per part */
	const char *common_name; /* NULL: <kernel version>-<digest> */
	/* A published common part (its root, its directory or its list file
	 * .kbuild-pack-common): this run writes only the other parts, and
	 * checks every tree against it. */
	const char *common;
	/* --common-only: the common part alone, from the source tree (no built
	 * tree), for the architectures named. */
	bool common_only;
	const char *source;
	const char **arches;
	size_t narches;
	bool force;
	bool list;    /* print each file and its part; write nothing */
	bool dry_run; /* print each part's size; write nothing */
	const char *report;
};

/* 0, or a negative errno after printing why (KBP_EUSAGE: a usage error). */
int kbp_split(const struct split_opts *o);
