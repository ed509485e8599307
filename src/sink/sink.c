// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "sink/sink.h"

#include <errno.h>
#include <string.h>

#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/str.h"

int sink_write_all(struct sink *s, const struct filelist *fl)
{
	int r;

	/* Begun before begin runs: abort removes what a failed begin left. */
	s->state = SINK_BEGUN;
	r = s->ops->begin(s);
	for (size_t i = 0; r == 0 && i < fl->n; i++)
		r = interrupted() ? -EINTR : s->ops->add(s, fl->v[i]);
	return r;
}

int sink_finish(struct sink *s)
{
	int r = 0;

	if (s->state != SINK_BEGUN)
		return s->state == SINK_FINISHED ? 0 : -EINVAL;
	if (s->ops->finish)
		r = s->ops->finish(s);
	if (r == 0)
		s->state = SINK_FINISHED;
	return r;
}

int sink_commit(struct sink *s)
{
	int r = sink_finish(s);

	if (r == 0)
		r = s->ops->commit(s);
	if (r == 0)
		s->state = SINK_COMMITTED;
	return r;
}

int sink_fill(struct sink *s, const struct filelist *fl)
{
	int r = sink_write_all(s, fl);

	return r == 0 ? sink_finish(s) : r;
}

int sink_end(struct sink *s, int r)
{
	if (r == 0)
		r = sink_commit(s);
	if (r < 0)
		sink_abort(s);
	return r;
}

void sink_abort(struct sink *s)
{
	if (!s || (s->state != SINK_BEGUN && s->state != SINK_FINISHED))
		return;
	s->ops->abort(s);
	s->state = SINK_ABORTED;
}

int sink_exists_error(const char *path)
{
	log_err("%s already exists; pass --force to replace it", path);
	return -EEXIST;
}

void sink_set_path(struct sink *s, const char *path)
{
	free(s->path);
	s->path = xstrdup(path);
}

void sink_free(struct sink *s)
{
	if (!s)
		return;
	free(s->path);
	s->ops->free(s);
}

static const char *const format_names[] = {
	[FORMAT_DIR] = "dir", [FORMAT_TAR] = "tar", [FORMAT_TAR_GZ] = "tar.gz",
	[FORMAT_TAR_XZ] = "tar.xz", [FORMAT_TAR_ZST] = "tar.zst", [FORMAT_CPIO] = "cpio",
};

int sink_format_parse(const char *name, enum sink_format *f)
{
	int r = strv_index(format_names, ARRAY_SIZE(format_names), name);

	if (r < 0)
		return r;
	*f = (enum sink_format)r;
	return 0;
}

const char *sink_format_name(enum sink_format f)
{
	return (size_t)f < ARRAY_SIZE(format_names) ? format_names[f] : "?";
}

struct sink *sink_new(const struct sink_config *cfg)
{
	return cfg->format == FORMAT_DIR ? sink_dir_new(cfg) : sink_archive_new(cfg);
}
