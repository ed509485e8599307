// SPDX-License-Identifier: GPL-2.0-or-later
/* Archive output through libarchive: the same tree the directory sink
 * writes, under lib/modules/<release>/{build,source}, byte-reproducible:
 * sorted entries, root:root, normalised modes, whole-second mtimes, no
 * atime/ctime/xattrs/ACLs, fixed compression settings. The archive is
 * written to a temporary file beside --out and renamed into place. */
#define _GNU_SOURCE
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/sha256.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fs.h"
#include "sink/sink.h"
#include "sink/staging.h"

struct sink_archive {
	struct sink base;
	char *tmp; /* temporary archive beside cfg.out */
	int fd;    /* tmp, locked while this pack lives (staging.h) */
	int write_err; /* errno of a failed write to the archive */
	struct ptrarray entries; /* const struct pack_entry *, in order */
};

#define SA(s) ((struct sink_archive *)(s))

static int ar_begin(struct sink *s)
{
	struct sink_archive *a = SA(s);
	struct stat st;
	_cleanup_free_ char *templ = xasprintf("%s.kbuild-pack-XXXXXX", s->cfg.out);
	int r;

	if (stat(s->cfg.out, &st) == 0) {
		if (!s->cfg.force)
			return sink_exists_error(s->cfg.out);
		if (!S_ISREG(st.st_mode)) {
			log_err("%s exists and is not a regular file", s->cfg.out);
			return -EEXIST;
		}
	}
	staging_sweep(templ);
	r = staging_create(templ, false, &a->tmp, &a->fd);
	if (r < 0)
		log_err("cannot create %s: %s", templ, strerror(-r));
	return r;
}

static int ar_add(struct sink *s, const struct pack_entry *e)
{
	/* Written in finish: duplicates are only known once all are in. */
	ptrarray_push(&SA(s)->entries, (void *)e);
	return 0;
}

/* A failed write of the archive is about the archive, whichever entry was
 * being written when it failed. */
static int ar_fail(const struct sink_archive *a, struct archive *ar, const char *what)
{
	if (a->write_err) {
		log_err("cannot write %s: %s", a->base.cfg.out, strerror(a->write_err));
		return -a->write_err;
	}
	log_err("%s: %s", what, archive_error_string(ar) ? archive_error_string(ar) : "libarchive error");
	return -EIO;
}

/* libarchive's writer to the staged archive, keeping why a write failed. */
static la_ssize_t write_out(struct archive *ar, void *data, const void *buf, size_t len)
{
	struct sink_archive *a = data;
	ssize_t n;

	do
		n = write(a->fd, buf, len);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		a->write_err = errno;
		archive_set_error(ar, errno, "%s", strerror(errno));
	}
	return n;
}

static int setup_writer(struct sink_archive *a, struct archive *ar)
{
	enum sink_format f = a->base.cfg.format;
	int r = ARCHIVE_OK;

	if (f == FORMAT_CPIO)
		r = archive_write_set_format_cpio_newc(ar);
	else
		r = archive_write_set_format_pax_restricted(ar);
	if (r != ARCHIVE_OK)
		return ar_fail(a, ar, "archive format");
	switch (f) {
	case FORMAT_TAR_GZ:
		/* No timestamp in the gzip header: it would be the time of the pack. */
		if (archive_write_add_filter_gzip(ar) != ARCHIVE_OK ||
		    archive_write_set_filter_option(ar, "gzip", "compression-level", "9") != ARCHIVE_OK ||
		    archive_write_set_filter_option(ar, "gzip", "timestamp", NULL) != ARCHIVE_OK)
			return ar_fail(a, ar, "gzip");
		break;
	case FORMAT_TAR_XZ:
		/* One thread: xz's block layout depends on the thread count. */
		if (archive_write_add_filter_xz(ar) != ARCHIVE_OK ||
		    archive_write_set_filter_option(ar, "xz", "compression-level", "6") != ARCHIVE_OK ||
		    archive_write_set_filter_option(ar, "xz", "threads", "1") != ARCHIVE_OK)
			return ar_fail(a, ar, "xz");
		break;
	case FORMAT_TAR_ZST:
		if (archive_write_add_filter_zstd(ar) != ARCHIVE_OK ||
		    archive_write_set_filter_option(ar, "zstd", "compression-level", "15") != ARCHIVE_OK)
			return ar_fail(a, ar, "zstd");
		break;
	default:
		break;
	}
	/* As archive_write_open_fd() does for a regular file: no padding after the last block. */
	archive_write_set_bytes_in_last_block(ar, 1);
	if (archive_write_open2(ar, a, NULL, write_out, NULL, NULL) != ARCHIVE_OK)
		return ar_fail(a, ar, a->tmp);
	return 0;
}

static struct archive_entry *new_entry(const char *path, mode_t type, mode_t perm, time_t mtime, int64_t ino)
{
	struct archive_entry *ae = archive_entry_new();

	archive_entry_set_pathname(ae, path);
	archive_entry_set_filetype(ae, type);
	archive_entry_set_perm(ae, perm);
	archive_entry_set_uid(ae, 0);
	archive_entry_set_gid(ae, 0);
	archive_entry_set_uname(ae, "root");
	archive_entry_set_gname(ae, "root");
	archive_entry_set_mtime(ae, mtime, 0);
	archive_entry_set_size(ae, 0); /* cpio wants it even where there are no bytes */
	archive_entry_set_nlink(ae, type == AE_IFDIR ? 2 : 1);
	/* cpio stores inode numbers: number the entries instead of leaking the host's. */
	archive_entry_set_dev(ae, 0);
	archive_entry_set_ino64(ae, ino);
	return ae;
}

/* One archive being written (to a->tmp). */
struct writer {
	const struct sink_archive *a;
	struct archive *ar;
	const char *top; /* lib/modules/<release>; NULL: a bare sink's entries are at the top */
	time_t newest;
	const struct dup *dups;
};

static int write_header(const struct writer *w, struct archive_entry *ae)
{
	int r = archive_write_header(w->ar, ae);

	if (r < ARCHIVE_WARN)
		return ar_fail(w->a, w->ar, archive_entry_pathname(ae));
	return 0;
}

static int write_data(const struct writer *w, const struct pack_entry *e)
{
	char buf[1 << 16];
	_cleanup_close_ int fd = filelist_entry_open(e, 0);
	off_t total = 0;

	if (fd < 0) {
		log_err("cannot read %s: %s", e->abs, filelist_open_strerror(fd));
		return fd;
	}
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n == 0)
			break;
		if (n < 0) {
			int r = -errno;
			if (errno == EINTR)
				continue;
			log_err("cannot read %s: %s", e->abs, strerror(errno));
			return r;
		}
		if (total + n > e->size)
			n = (ssize_t)(e->size - total);
		if (n > 0 && archive_write_data(w->ar, buf, (size_t)n) != n)
			return ar_fail(w->a, w->ar, e->abs);
		total += n;
		if (total == e->size)
			break;
	}
	if (total != e->size) {
		log_err("%s changed while being packed (size %lld, expected %lld)", e->abs, (long long)total,
			(long long)e->size);
		return -EIO;
	}
	return 0;
}

/* For --hardlink-dups: per entry, the index of the first identical file
 * (same bytes, mode and mtime) and of the last one, or -1. */
struct dup {
	ssize_t first, last;
	size_t nlink;
};

struct hashed {
	uint8_t d[SHA256_LEN];
	mode_t mode;
	time_t mtime; /* links share one inode: only files of one time may join */
	size_t idx;
};

static int hashed_cmp(const void *a, const void *b)
{
	const struct hashed *x = a, *y = b;
	int c = memcmp(x->d, y->d, SHA256_LEN);

	if (c)
		return c;
	if (x->mode != y->mode)
		return x->mode < y->mode ? -1 : 1;
	if (x->mtime != y->mtime)
		return x->mtime < y->mtime ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int find_dups(const struct sink_archive *a, struct dup *dups)
{
	size_t n = a->entries.n, nh = 0;
	_cleanup_free_ struct hashed *h = xcalloc(n, sizeof(*h));

	for (size_t i = 0; i < n; i++) {
		const struct pack_entry *e = a->entries.v[i];
		if (e->type != ENTRY_FILE || e->size == 0)
			continue;
		int r = sha256_file(e->abs, h[nh].d);
		if (r < 0) {
			log_err("cannot read %s: %s", e->abs, strerror(-r));
			return r;
		}
		h[nh].mode = e->mode;
		h[nh].mtime = e->mtime.tv_sec;
		h[nh++].idx = i;
	}
	qsort(h, nh, sizeof(*h), hashed_cmp);
	for (size_t i = 0; i < nh;) {
		size_t j = i + 1;
		while (j < nh && h[j].mode == h[i].mode && h[j].mtime == h[i].mtime && !memcmp(h[i].d, h[j].d, SHA256_LEN))
			j++;
		for (size_t k = i; j - i > 1 && k < j; k++)
			dups[h[k].idx] = (struct dup){ (ssize_t)h[i].idx, (ssize_t)h[j - 1].idx, j - i };
		i = j;
	}
	return 0;
}

/* Per entry, its group of identical files (--hardlink-dups), or none. */
static int group_dups(const struct sink_archive *a, struct dup **dups)
{
	size_t n = a->entries.n;

	*dups = xcalloc(n ? n : 1, sizeof(**dups));
	for (size_t i = 0; i < n; i++)
		(*dups)[i] = (struct dup){ -1, -1, 1 };
	return a->base.cfg.hardlink_dups ? find_dups(a, *dups) : 0;
}

/* The top directories and the source link take the build tree's newest
 * time: content-derived, so two packs of one tree agree. */
static time_t newest_time(const struct sink_archive *a)
{
	time_t newest = 0;

	for (size_t i = 0; i < a->entries.n; i++) {
		const struct pack_entry *e = a->entries.v[i];
		if (e->mtime.tv_sec > newest)
			newest = e->mtime.tv_sec;
	}
	if (a->base.cfg.clamp_mtime >= 0 && newest > a->base.cfg.clamp_mtime)
		newest = (time_t)a->base.cfg.clamp_mtime;
	return newest;
}

static inline void archive_write_freep(struct archive **ar) { if (*ar) archive_write_free(*ar); }
static inline void archive_entry_freep(struct archive_entry **ae) { if (*ae) archive_entry_free(*ae); }

/* Inode numbers: 1-4 the top directories, then one per entry, then the source link. */
#define TOP_INO 1
#define ENTRY_INO(i) (5 + (int64_t)(i))

static int write_dir_or_link(const struct writer *w, const char *path, mode_t type, int64_t ino, const char *target)
{
	_cleanup_(archive_entry_freep) struct archive_entry *ae =
		new_entry(path, type, type == AE_IFDIR ? 0755 : 0777, w->newest, ino);

	if (target)
		archive_entry_set_symlink(ae, target);
	return write_header(w, ae);
}

/* The archive path of rel: under lib/modules/<release>/build, or rel itself (bare). */
static char *entry_path(const struct writer *w, const char *rel)
{
	return w->top ? xasprintf("%s/build/%s", w->top, rel) : xstrdup(rel);
}

/* lib, lib/modules, lib/modules/<release> and its build. */
static int write_top_dirs(const struct writer *w)
{
	_cleanup_free_ char *build = xasprintf("%s/build", w->top);
	const char *dirs[] = { "lib", "lib/modules", w->top, build };
	int r = 0;

	if (!w->top)
		return 0;
	for (size_t i = 0; r == 0 && i < ARRAY_SIZE(dirs); i++)
		r = write_dir_or_link(w, dirs[i], AE_IFDIR, TOP_INO + (int64_t)i, NULL);
	return r;
}

/* A file of a --hardlink-dups group; returns whether its bytes follow.
 * tar: later copies are hard links to the first. newc: every link names
 * the inode; only the last carries the bytes. */
static bool link_dup(const struct writer *w, struct archive_entry *ae, size_t i)
{
	const struct dup *d = &w->dups[i];

	if (w->a->base.cfg.format == FORMAT_CPIO) {
		archive_entry_set_nlink(ae, (unsigned)d->nlink);
		if ((size_t)d->last == i)
			return true;
	} else if ((size_t)d->first != i) {
		const struct pack_entry *first = w->a->entries.v[d->first];
		_cleanup_free_ char *t = entry_path(w, first->rel);
		archive_entry_set_hardlink(ae, t);
	} else {
		return true;
	}
	archive_entry_set_size(ae, 0);
	return false;
}

/* The archive entry of entries[i]; *data: whether its bytes follow. */
static struct archive_entry *entry_of(const struct writer *w, size_t i, bool *data)
{
	const struct pack_entry *e = w->a->entries.v[i];
	const struct dup *d = &w->dups[i];
	_cleanup_free_ char *p = entry_path(w, e->rel);
	struct archive_entry *ae;

	*data = false;
	if (e->type == ENTRY_DIR)
		return new_entry(p, AE_IFDIR, e->mode, e->mtime.tv_sec, ENTRY_INO(i));
	if (e->type == ENTRY_LINK) {
		ae = new_entry(p, AE_IFLNK, 0777, e->mtime.tv_sec, ENTRY_INO(i));
		archive_entry_set_symlink(ae, e->target);
		return ae;
	}
	/* All links of a group share the first one's inode number. */
	ae = new_entry(p, AE_IFREG, e->mode, e->mtime.tv_sec, ENTRY_INO(d->first >= 0 ? (size_t)d->first : i));
	archive_entry_set_size(ae, e->size);
	*data = d->first < 0 || link_dup(w, ae, i);
	return ae;
}

static int write_entries(const struct writer *w)
{
	for (size_t i = 0; i < w->a->entries.n; i++) {
		_cleanup_(archive_entry_freep) struct archive_entry *ae = NULL;
		bool data;
		int r;

		if (interrupted())
			return -EINTR;
		ae = entry_of(w, i, &data);
		r = write_header(w, ae);
		if (r == 0 && data)
			r = write_data(w, w->a->entries.v[i]);
		if (r < 0)
			return r;
	}
	return 0;
}

/* The whole archive, in order: top directories, entries, the source link. */
static int write_archive(struct sink_archive *a)
{
	const struct sink_config *cfg = &a->base.cfg;
	_cleanup_free_ char *top = xasprintf("lib/modules/%s", cfg->release);
	_cleanup_free_ char *source = xasprintf("%s/source", top);
	_cleanup_free_ struct dup *dups = NULL;
	_cleanup_(archive_write_freep) struct archive *ar = NULL;
	struct writer w = { .a = a, .top = cfg->bare ? NULL : top, .newest = newest_time(a) };
	int r;

	r = group_dups(a, &dups);
	if (r < 0)
		return r;
	w.dups = dups;
	w.ar = ar = archive_write_new();
	r = setup_writer(a, ar);
	if (r == 0)
		r = write_top_dirs(&w);
	if (r == 0)
		r = write_entries(&w);
	if (r == 0 && !cfg->no_source_link && !cfg->bare)
		r = write_dir_or_link(&w, source, AE_IFLNK, ENTRY_INO(a->entries.n), "build");
	if (r == 0 && archive_write_close(ar) != ARCHIVE_OK)
		r = ar_fail(a, ar, a->tmp);
	return r;
}

/* The archive complete on disk in its temporary place. */
static int ar_finish(struct sink *s)
{
	struct sink_archive *a = SA(s);
	int r = write_archive(a);

	if (r < 0)
		return r;
	/* Still open: its lock tells a sweep that it is not a dead pack's. */
	if (fchmod(a->fd, 0644) < 0 || fsync(a->fd) < 0) {
		r = -errno;
		log_err("cannot write %s: %s", s->cfg.out, strerror(-r));
		return r;
	}
	sink_set_path(s, a->tmp);
	return 0;
}

static int ar_commit(struct sink *s)
{
	struct sink_archive *a = SA(s);
	int r;

	/* Never over an archive that appeared since begin (another pack's) unless --force. */
	if (s->cfg.force)
		r = rename(a->tmp, s->cfg.out) < 0 ? -errno : 0;
	else
		r = rename_noreplace(a->tmp, s->cfg.out);
	if (r == -EEXIST && !s->cfg.force)
		return sink_exists_error(s->cfg.out);
	if (r < 0) {
		log_err("cannot rename %s to %s: %s", a->tmp, s->cfg.out, strerror(-r));
		return r;
	}
	staging_release(a->tmp);
	free(a->tmp);
	a->tmp = NULL;
	close(a->fd);
	a->fd = -1;
	sink_set_path(s, s->cfg.out);
	return 0;
}

static void ar_abort(struct sink *s)
{
	struct sink_archive *a = SA(s);

	if (a->tmp) {
		if (unlink(a->tmp) < 0 && errno != ENOENT)
			log_warn("cannot remove %s: %s", a->tmp, strerror(errno));
		staging_release(a->tmp);
		free(a->tmp);
		a->tmp = NULL;
	}
	if (a->fd >= 0) { /* after the removal: no sweep meddles with it */
		close(a->fd);
		a->fd = -1;
	}
}

static void ar_free(struct sink *s)
{
	struct sink_archive *a = SA(s);

	if (a->fd >= 0)
		close(a->fd);
	free(a->tmp);
	ptrarray_free(&a->entries, NULL);
	free(a);
}

static const struct sink_ops archive_ops = {
	.name = "archive",
	.begin = ar_begin,
	.add = ar_add,
	.finish = ar_finish,
	.commit = ar_commit,
	.abort = ar_abort,
	.free = ar_free,
};

struct sink *sink_archive_new(const struct sink_config *cfg)
{
	struct sink_archive *a = xcalloc(1, sizeof(*a));

	a->base.ops = &archive_ops;
	a->base.cfg = *cfg;
	a->fd = -1;
	return &a->base;
}
