/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where the parts install (doc/split.md), and the part file lists; in
 * Debian's layout the parts are named after Debian's packages
 * (linux-headers-COMMON, linux-kbuild-SERIES, linux-headers-RELEASE), the
 * host programs go to usr/lib/linux-kbuild-SERIES (usr/src/linux-kbuild-SERIES
 * a link to it) and a flavour's files link there:
 *   usr/src/linux-headers-COMMON/        the sources ($(srctree)): common
 *                                        part, plus each arch part's own
 *   usr/src/linux-kbuild-COMMON-ARCH/    an arch's shared object-tree files
 *   usr/src/linux-headers-RELEASE/       a flavour ($(objtree)): its own
 *                                        files, links into linux-kbuild-*,
 *                                        a Makefile into the common part
 *   lib/modules/RELEASE/{build,source}   links to the two directories */
#pragma once

#include "split/partition.h"
#include "split/layouts.h"
#include "split/stamp.h"

struct split_layout_opts {
	const char *common_name; /* NULL: VERSION-common-DIGEST12 */
	/* the common part is that one and is not made */
	const struct common_list *published;
	bool common_only; /* the common part alone */
	int64_t clamp_mtime;
	const struct split_layout_kind *kind;
	bool merged_usr;
	const char *kbuild_name; /* Debian's: NULL for VERSION.PATCHLEVEL */
};

struct split_part {
	/* common, arch-ARCH, flavour-NAME, or one of them @COMPONENT: its
	 * directory or archive */
	char *name;
	const char *component; /* NULL: main */
	enum part_kind kind;
	size_t index; /* ARCH: group; FLAVOUR: tree */
	struct filelist fl; /* at installed paths, from the root; sorted, with directories */
	uint64_t bytes;
	size_t files, links;
};

struct split_layout {
	char *common_name;
	char *common_dir; /* usr/src/linux-headers-COMMON */
	const struct split_layout_kind *kind;
	bool merged_usr;
	char *kbuild_name; /* Debian's: linux-kbuild-NAME */
	struct common_list common; /* what the common part holds */
	struct split_part *parts;
	size_t nparts;
	char *scratch; /* the files the split makes (list, Makefiles) */
	/* Each arch part's list (.kbuild-pack-arch-ARCH in the common
	 * directory) digest, by group; "" when the arch has no part. */
	char (*arch_digest)[SHA256_HEX_LEN];
};

/* Names the common part and makes every part's list. Negative errno, printed. */
int split_layout_make(struct split_run *run, const struct split_layout_opts *o, struct split_layout *l);
/* Moves every part of from to the front of l (a common part made apart). */
void split_layout_take_parts(struct split_layout *l, struct split_layout *from);
void split_layout_release(struct split_layout *l);
/* The part of that kind and index (PART_COMMON: any) holding component's
 * files (NULL or "main": the part itself); NULL when none was made. */
const struct split_part *split_part_find(const struct split_layout *l, enum part_kind kind, size_t index,
					 const char *component);
/* Where a flavour's links to the shared host programs of its tree lead
 * (usr/src/linux-kbuild-...): an arch part's, or Debian's kbuild part's. */
char *split_kbuild_dir(const struct split_layout *l, const struct split_run *run, size_t ti);
/* Debian's layout: where linux-kbuild's programs are (usr/lib/linux-kbuild-SERIES). */
char *split_kbuild_lib_dir(const struct split_layout *l);
