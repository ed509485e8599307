/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reading a packed tree back, for verify and diff: a build directory, a
 * DESTDIR holding lib/modules/<release>/build, or an archive of either
 * (extracted with libarchive into a scratch directory). */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "rules/filelist.h"
#include "shared/interrupt.h"
#include "shared/sha256.h"

struct tree_file {
	char *rel; /* inside build/ */
	enum entry_type type;
	mode_t mode; /* permission bits */
	int64_t size;
	struct timespec mtime;
	char *target; /* LINK */
	uint8_t sha256[SHA256_LEN]; /* FILE */
	/* Where it is, when not in the walked directory: a split build
	 * directory's sources are in its common part (tree_view_overlay). */
	const char *root;
};

struct tree_view {
	struct tree_file *v;
	size_t n;
};

/* An opened PATH: build is the build directory to read; when PATH was an
 * archive, scratch is the directory it was extracted into (removed by
 * tree_close). */
struct packed_tree {
	char *build;
	/* R of lib/modules/R/build when PATH held one (NULL when PATH was
	 * the build directory itself) */
	char *release_dir;
	/* PATH when the build directory was found in it (a DESTDIR or the
	 * extracted archive): the closed world its links resolve in */
	char *root;
	char *scratch;
	bool archive;
};

/* The line of a split flavour's Makefile (kbuild-pack split) that names
 * its common part: "# kbuild-pack-split-common: DIR DIGEST", DIR beside it. */
#define SPLIT_MAKEFILE_MARK "# kbuild-pack-split-common: "
/* The common part's list of its files, at its top (doc/split.md). */
#define SPLIT_COMMON_LIST ".kbuild-pack-common"
/* An arch part's list, beside it: SPLIT_ARCH_LIST_PREFIX ARCH; the flavour's
 * Makefile names it: "# kbuild-pack-split-arch: FILE DIGEST". */
#define SPLIT_ARCH_LIST_PREFIX ".kbuild-pack-arch-"
#define SPLIT_MAKEFILE_ARCH_MARK "# kbuild-pack-split-arch: "

/* Is build a split flavour's directory? 0 and *common NULL when not; else
 * *common is the common part's directory (absolute, beside build's real
 * place; it may not exist) and *digest the digest it must list. With root
 * (the DESTDIR build was found in, a prefix of build), the common part is
 * resolved inside root, never through a link out of it. -EINVAL when the
 * Makefile's line is not a common part's name and digest. */
int packed_split_common(const char *build, const char *root, char **common, char **digest);
/* A split flavour's arch part: *list the name of its list file in the
 * common part, *digest the digest it must list; both NULL when none. */
int packed_split_arch(const char *build, char **list, char **digest);
/* Adds under's entries that over lacks to over (sorted), rooted at under_root. */
void tree_view_overlay(struct tree_view *over, struct tree_view *under, const char *under_root);

/* An archive that extracts to more bytes is refused (--max-extract-size):
 * well above any real headers tree (a few hundred MiB). Each entry counts
 * as PACKED_ENTRY_COST bytes beside its name, link target and data, and
 * so does each directory an entry makes above it: an archive of empty
 * files or links is no way around the limit. */
#define PACKED_MAX_EXTRACT_DEFAULT (4ull << 30)
#define PACKED_ENTRY_COST 512 /* a tar header */
/* An archive of more entries is refused (--max-extract-entries): a real
 * tree holds some 10,000 files; 256 Ki empty files take a minute to make. */
#define PACKED_MAX_ENTRIES_DEFAULT (256u << 10)

struct packed_opts {
	uint64_t max_extract_size;    /* of an archive, in bytes; 0: the default */
	uint64_t max_extract_entries; /* files, links and directories; 0: the default */
};

/* o may be NULL (the defaults). Prints why on failure; negative errno. An
 * archive is extracted into a scratch directory while no SIGINT/SIGTERM
 * arrives (interrupt_install_handlers()): one stops it with -EINTR and
 * nothing left behind. */
int packed_open(const char *path, const struct packed_opts *o, struct packed_tree *pt);
void packed_close(struct packed_tree *ts);
/* Every entry below dir, sorted bytewise; with hash, files get their sha256. */
int tree_walk(const char *dir, bool hash, struct tree_view *tv);
void tree_view_release(struct tree_view *tv);
