/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a pack goes: a directory tree (atomic rename into place) or an
 * archive. Entries arrive sorted; paths are relative to build/. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "pack/filelist.h"

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
	/* Removes everything begin/add made; safe to call after a failed begin. */
	void (*abort)(struct sink *s);
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
};

struct sink {
	const struct sink_ops *ops;
	struct sink_config cfg;
	/* The published build directory, for a post-check before commit (dir sink). */
	char *staged_build_dir;
	/* The finished archive in its temporary place, for the same check. */
	char *staged_archive;
};

struct sink *sink_dir_new(const struct sink_config *cfg);
/* tar (POSIX pax, restricted), tar.gz, tar.xz, tar.zst or cpio (newc).
 * Entries passed to add must stay valid until commit or abort. */
struct sink *sink_archive_new(const struct sink_config *cfg);
/* The sink for cfg->format. */
struct sink *sink_new(const struct sink_config *cfg);

/* Runs a whole filelist through a sink; aborts on error or interruption. */
int sink_write_all(struct sink *s, const struct filelist *fl);
void sink_free(struct sink *s);

/* SIGINT/SIGTERM/SIGHUP set a flag that the writers check; the caller
 * cleans up and then re-raises the signal. */
void sink_install_signal_handlers(void);
int sink_interrupted(void); /* the signal number, or 0 */
void sink_reraise(void);
