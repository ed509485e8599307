/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The selected tree: every entry of the build directory, sorted bytewise. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

#include "rules/manifest.h"

enum entry_type { ENTRY_FILE, ENTRY_DIR, ENTRY_LINK };

/* The file a FILE entry's bytes come from, as it was when it was checked
 * (by the walk, beneath its tree, or when kbuild-pack made it): what is
 * read is what was checked, or nothing (filelist_entry_open). */
struct file_id {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	bool set;
};

struct pack_entry {
	char *rel;            /* path inside build/, no leading slash */
	enum entry_type type;
	char *abs;            /* FILE: where the bytes are read from */
	struct file_id src;   /* FILE (or LINK made a copy): what abs was when checked */
	char *target;         /* LINK: link text (relative, inside the tree) */
	enum origin origin;
	const char *rule;     /* name of the selecting rule; "(directory)" for implied dirs */
	const char *component; /* the selecting rule's ("main" for dirs and what kbuild-pack adds) */
	mode_t mode;          /* normalised: 0644/0755 files, 0755 dirs, 0777 links */
	off_t size;
	struct timespec mtime; /* clamped to SOURCE_DATE_EPOCH when set */
	size_t seq;           /* selection order: later wins for the same path */
	bool keep_link;       /* LINK out of the trees (--allow-outside-links): never made a copy */
	/* A source-tree rule selected the path too, before a later rule took it
	 * (in an in-tree build, the object-tree rule "scripts" takes the kbuild
	 * scripts' sources along with the host programs). */
	bool src_rule_too;
	bool strip_debug;     /* the selecting rule's strip: debug */
	off_t unstripped_size; /* FILE stripped of its debug sections: the size it had; 0 when not stripped */
};

struct filelist {
	struct pack_entry **v;
	size_t n, cap;
};

struct pack_entry *filelist_add(struct filelist *fl, const char *rel, enum entry_type type);
/* filelist_add in two: an entry of no list yet, and its addition to one
 * (as the last added); an entry never added is freed with
 * filelist_entry_free (NULL: nothing). */
struct pack_entry *filelist_new_entry(const char *rel, enum entry_type type);
void filelist_append(struct filelist *fl, struct pack_entry *e);
void filelist_entry_free(struct pack_entry *e);
void filelist_sort_dedup(struct filelist *fl);
struct pack_entry *filelist_find(const struct filelist *fl, const char *rel);
/* Puts a file that kbuild-pack made or brings (not from the trees) at rel,
 * replacing what the manifests selected there (whose component it keeps;
 * a new path is in "main"); keeps the list sorted and adds missing parent
 * directories. */
int filelist_put_tool_file(struct filelist *fl, const char *rel, const char *abs, const char *rule, int64_t clamp_mtime);
/* Removes (and frees) the entries gone[0..n) of fl, keeping its order. */
void filelist_remove(struct filelist *fl, struct pack_entry *const *gone, size_t n);
void filelist_release(struct filelist *fl);
/* Keeps the files and links whose component is (keep) or is not (!keep)
 * one of names, and the directories that still hold one of them. */
void filelist_filter_components(struct filelist *fl, const char *const *names, size_t n, bool keep);
/* The normalised mode of a file copied from one with this st_mode. */
mode_t filelist_file_mode(mode_t st_mode);

/* The identity of st, for pack_entry.src. */
struct file_id file_id_of(const struct stat *st);
/* A FILE entry's source opened for reading (O_RDONLY | O_CLOEXEC | flags):
 * the fd, -ESTALE when abs is no longer the regular file that was checked
 * (another file or a link took its place, its size or mtime changed), or
 * another negative errno. */
int filelist_entry_open(const struct pack_entry *e, int flags);
/* strerror(-r), saying what -ESTALE from filelist_entry_open means. */
const char *filelist_open_strerror(int r);
