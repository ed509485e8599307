/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a pack goes: a directory tree (atomic rename into place) or an
 * archive. Entries arrive sorted; paths are relative to build/. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "filelist.h"

struct sink;

struct sink_ops {
	const char *name;
	/* Checks the destination and prepares a temporary place. */
	int (*begin)(struct sink *s);
	int (*add)(struct sink *s, const struct pack_entry *e);
	/* Publishes the result (rename into place). */
	int (*commit)(struct sink *s);
	/* Removes everything begin/add made; safe to call after a failed begin. */
	void (*abort)(struct sink *s);
	void (*free)(struct sink *s);
};

struct sink_config {
	const char *out;     /* DESTDIR (dir) or archive file */
	const char *release; /* lib/modules/<release>/build */
	bool force;
	int64_t clamp_mtime; /* SOURCE_DATE_EPOCH or -1: time of the 'source' link and top dirs */
};

struct sink {
	const struct sink_ops *ops;
	struct sink_config cfg;
	/* The published build directory, for a post-check before commit (dir sink). */
	char *staged_build_dir;
};

struct sink *sink_dir_new(const struct sink_config *cfg);

/* Runs a whole filelist through a sink; aborts on error or interruption. */
int sink_write_all(struct sink *s, const struct filelist *fl);
void sink_free(struct sink *s);

/* SIGINT/SIGTERM/SIGHUP set a flag that the writers check; the caller
 * cleans up and then re-raises the signal. */
void sink_install_signal_handlers(void);
int sink_interrupted(void); /* the signal number, or 0 */
void sink_reraise(void);
