/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a pack goes: a directory tree (atomic rename into place) or an
 * archive. Entries arrive sorted; paths are relative to build/. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "rules/filelist.h"

struct sink;

struct sink_ops {
	const char *name;
	/* Checks the destination and prepares a temporary place. */
	int (*begin)(struct sink *s);
	int (*add)(struct sink *s, const struct pack_entry *e);
	/* Optional: completes the output in its temporary place (an archive
	 * is closed), so it can be checked before commit. */
	int (*finish)(struct sink *s);
	/* Publishes the result (rename into place). */
	int (*commit)(struct sink *s);
	/* Removes everything begin/add/finish made, even after a failed begin.
	 * Called at most once (sink_abort). */
	void (*abort)(struct sink *s);
	/* Frees the sink's own fields and the sink; sink_free frees the base's. */
	void (*free)(struct sink *s);
};

enum sink_format { FORMAT_DIR, FORMAT_TAR, FORMAT_TAR_GZ, FORMAT_TAR_XZ, FORMAT_TAR_ZST, FORMAT_CPIO };

/* "dir", "tar", "tar.gz", "tar.xz", "tar.zst", "cpio"; -EINVAL otherwise. */
int sink_format_parse(const char *name, enum sink_format *f);
const char *sink_format_name(enum sink_format f);

struct sink_config {
	const char *out;     /* DESTDIR (dir) or archive file */
	const char *release; /* lib/modules/<release>/build */
	bool force;
	int64_t clamp_mtime; /* SOURCE_DATE_EPOCH or -1: time of the 'source' link and top dirs */
	enum sink_format format;
	bool hardlink_dups; /* archives: store identical files as hard links */
	/* A part of a split pack without the "main" component: the 'source'
	 * link belongs to the part that has main, so split packages never
	 * both ship it. */
	bool no_source_link;
	/* The entries are the whole output, at the paths they name (a split's
	 * part: usr/src/..., lib/modules/...): a directory output is out itself,
	 * an archive holds them at its top; no lib/modules/<release>/build
	 * around them, no 'source' link. */
	bool bare;
};

/* Where a sink is in its life; sink.c moves it along. */
enum sink_state { SINK_NEW, SINK_BEGUN, SINK_FINISHED, SINK_COMMITTED, SINK_ABORTED };

struct sink {
	const struct sink_ops *ops;
	struct sink_config cfg;
	enum sink_state state;
	/* The result: in its temporary place until commit (so it can be
	 * checked before it is published), then where it was published.
	 * NULL until there is one to look at (after begin for a directory,
	 * after finish for an archive). */
	char *path;
};

struct sink *sink_dir_new(const struct sink_config *cfg);
/* tar (POSIX pax, restricted), tar.gz, tar.xz, tar.zst or cpio (newc).
 * Entries passed to add must stay valid until commit or abort. */
struct sink *sink_archive_new(const struct sink_config *cfg);
/* The sink for cfg->format. */
struct sink *sink_new(const struct sink_config *cfg);

/* The life of a sink: write_all (begin, add each entry), finish, commit;
 * on any failure the owner calls sink_abort, which removes what was made.
 * Every step returns 0 or a negative errno after printing why; -EINTR
 * (silently) when a signal arrived. */
int sink_write_all(struct sink *s, const struct filelist *fl);
int sink_finish(struct sink *s);
int sink_commit(struct sink *s);
/* Idempotent; does nothing for NULL, a sink never begun or one committed. */
void sink_abort(struct sink *s);
/* The sequence every owner runs: sink_fill writes fl and finishes; then,
 * after whatever checks the owner makes on the finished output (r: their
 * result), sink_end commits when r is 0 and aborts otherwise. */
int sink_fill(struct sink *s, const struct filelist *fl);
int sink_end(struct sink *s, int r);
void sink_free(struct sink *s);
static inline void sink_freep(struct sink **s) { sink_free(*s); }
/* For a sink: "path already exists; pass --force", -EEXIST. */
int sink_exists_error(const char *path);
/* Sets s->path to a copy of path. */
void sink_set_path(struct sink *s, const char *path);
