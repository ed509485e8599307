/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The common part's list of what it holds, .kbuild-pack-common at its top:
 * its name, its digest and one line per file or link. Flavour parts name
 * the digest; an architecture's job built elsewhere checks its trees
 * against the list alone. Format: doc/split.md. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "inspect/packed-tree.h"
#include "rules/filelist.h"
#include "shared/sha256.h"

#define COMMON_LIST_NAME SPLIT_COMMON_LIST

struct common_file {
	char *rel; /* inside the common directory */
	enum entry_type type; /* FILE or LINK */
	mode_t mode;
	uint8_t sha[SHA256_LEN]; /* FILE */
	char *target;            /* LINK */
};

struct common_list {
	char *name;
	char *kernel;
	char digest[SHA256_HEX_LEN];
	struct common_file *v; /* sorted by rel */
	size_t n;
};

/* 0 when a list can hold the path rel and its link target (or NULL) as
 * they are, else -EINVAL after a message naming it: a list has no escapes
 * (the rule of every list: shared/name.h). */
int common_list_name_ok(const char *rel, const char *target);
/* The SHA-256 of the entries alone (v sorted): what a common part's default
 * name is made of (VERSION-common-ID). */
void common_list_content_id(const struct common_list *cl, char hex[SHA256_HEX_LEN]);
/* cl->digest: the SHA-256 of its name, kernel and entries (v sorted), which
 * flavours name, so a list whose name or kernel was changed is refused. */
void common_list_digest(struct common_list *cl);
/* The list as text (the file's bytes). */
char *common_list_format(const struct common_list *cl);
/* Reads PATH: a part's root (usr/src/linux-headers-* below it), the common
 * directory, or the list file itself. Prints why; negative errno. */
int common_list_read(const char *path, struct common_list *cl);
const struct common_file *common_list_find(const struct common_list *cl, const char *rel);
void common_list_release(struct common_list *cl);
