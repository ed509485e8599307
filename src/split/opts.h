/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a split is asked (kbuild-pack split's options): read by the pieces
 * of src/split, which the command (split.h) calls. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pack/pack.h"
#include "sink/sink.h"
#include "split/layouts.h"

/* One --tree: a built kernel tree and the name of its flavour part. */
struct split_tree_spec {
	const char *name; /* NULL: the tree's release */
	const char *src;  /* NULL: through OBJ/source, or an in-tree build */
	const char *obj;
};

struct split_opts {
	const struct split_tree_spec *trees;
	size_t ntrees;
	struct pack_rules rules; /* what every tree is packed with */
	int64_t clamp_mtime;     /* SOURCE_DATE_EPOCH or -1 */
	const char *out;         /* directory of the parts (one root per part) */
	enum sink_format format; /* dir: DESTDIR-like roots; else one archive per part */
	const char *common_name; /* NULL: <kernel version>-<digest> */
	const struct split_layout_kind *layout; /* split/layouts.h: never NULL */
	/* Debian: usr/lib/modules/RELEASE/{build,source}, relative links (else
	 * lib/modules, absolute links, as bookworm's packages have them) */
	bool merged_usr;
	const char *kbuild_name; /* Debian: linux-kbuild-NAME; NULL: VERSION.PATCHLEVEL */
	/* Debian: a published linux-kbuild part (its root, or its
	 * usr/lib/linux-kbuild-SERIES): the run writes none, and each tree's
	 * host programs must be in it (a featureset's split, rt) */
	const char *kbuild;
	/* A published common part (its root, its directory or its list file
	 * .kbuild-pack-common): this run writes only the other parts, and
	 * checks every tree against it. */
	const char *common;
	/* --common-only: the common part alone, from the source tree (no built
	 * tree), for the architectures named (Debian's layout: the release's
	 * architectures, its common part always made so). */
	bool common_only;
	const char *source;
	const char **arches;
	size_t narches;
	bool force;
	bool list;    /* print each file and its part; write nothing */
	bool dry_run; /* print each part's size; write nothing */
	const char *report;
};
