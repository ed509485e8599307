// SPDX-License-Identifier: GPL-2.0-or-later
/* Directory output: DESTDIR/lib/modules/<release>/{build,source}. The
 * tree is assembled in a hidden sibling of build/ and renamed into place,
 * so a reader never sees half a build directory. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/guard.h"
#include "shared/log.h"
#include "shared/timespec.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/workers.h"
#include "sink/sink.h"
#include "sink/staging.h"

struct dir_time {
	char *rel;
	struct timespec mtime;
};

struct sink_dir {
	struct sink base;
	char *modules_dir; /* DESTDIR/lib/modules/<release> */
	char *final;       /* .../build */
	char *tmp;         /* .../.build.kbuild-pack-XXXXXX */
	int lock;          /* holds tmp while this pack lives (staging.h), or -1 */
	char **created;    /* directories mkdir_p made, to remove on failure */
	size_t ncreated;
	struct dir_time *dirs;
	size_t ndirs;
	struct timespec newest; /* build/ itself takes the newest entry's time */
	int tmpfd;              /* tmp, which every path below is relative to */
	/* The files, copied by finish on every CPU (workers.h) once the
	 * directories they go into exist. */
	const struct pack_entry **files;
	size_t nfiles;
	mode_t umask;           /* a file created with its mode needs no fchmod when this spares it */
	atomic_bool no_copy_range; /* copy_file_range said EXDEV (or the like): sendfile */
	atomic_bool no_sendfile;   /* and sendfile EINVAL: read and write */
	atomic_bool no_noatime;    /* O_NOATIME said EPERM (not our files): open without it */
	atomic_flag reported;      /* the first copy that failed said why; the others keep quiet */
};

#define SD(s) ((struct sink_dir *)(s))

static int dir_begin(struct sink *s)
{
	struct sink_dir *d = SD(s);
	struct stat st;
	_cleanup_free_ char *src_link = NULL, *templ = NULL;
	int r;

	if (s->cfg.bare) {
		d->final = xstrdup(s->cfg.out);
		d->modules_dir = path_dirname(s->cfg.out);
	} else {
		d->modules_dir = xasprintf("%s/lib/modules/%s", s->cfg.out, s->cfg.release);
		d->final = path_join(d->modules_dir, "build");
		src_link = path_join(d->modules_dir, "source");
	}
	if (lstat(d->final, &st) == 0 && !s->cfg.force)
		return sink_exists_error(d->final);
	if (src_link && lstat(src_link, &st) == 0 && !S_ISLNK(st.st_mode) && !s->cfg.force) {
		log_err("%s already exists and is not a symlink; pass --force to replace it", src_link);
		return -EEXIST;
	}
	guard_start(); /* before the directories: it must be there to remove them */
	r = mkdir_p(d->modules_dir, 0755, &d->created, &d->ncreated);
	for (size_t i = 0; i < d->ncreated; i++)
		guard_empty_dir(d->created[i]);
	if (r < 0) {
		log_err("cannot create %s: %s", d->modules_dir, strerror(-r));
		return r;
	}
	templ = xasprintf("%s/.%s.kbuild-pack-XXXXXX", d->modules_dir, path_basename(d->final));
	staging_sweep(templ);
	r = staging_create(templ, true, &d->tmp, &d->lock);
	if (r < 0) {
		log_err("cannot create a temporary directory in %s: %s", d->modules_dir, strerror(-r));
		return r;
	}
	d->tmpfd = open(d->tmp, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (d->tmpfd < 0) {
		r = -errno;
		log_err("cannot open %s: %s", d->tmp, strerror(-r));
		return r;
	}
	sink_set_path(s, d->tmp);
	return 0;
}

/* The first failure of a copy says why; the others (ENOSPC hits every
 * thread at once) keep quiet. Returns r. */
static int copy_error(struct sink_dir *d, int r, const char *fmt, ...)
{
	va_list ap;
	char msg[PATH_MAX * 2 + 128];

	if (atomic_flag_test_and_set(&d->reported))
		return r;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_err("%s: %s", msg, filelist_open_strerror(r));
	return r;
}

static ssize_t by_copy_range(int in, int out)
{
	return copy_file_range(in, NULL, out, NULL, 1 << 30, 0);
}

static ssize_t by_sendfile(int in, int out)
{
	return sendfile(out, in, NULL, 1 << 30);
}

/* Copies in the kernel with op to the end of in (1), or finds that op
 * cannot here (0: *cannot is set, for every file of this pack), or fails. */
static int copy_in_kernel(ssize_t (*op)(int in, int out), atomic_bool *cannot, int in, int out)
{
	while (!atomic_load_explicit(cannot, memory_order_relaxed)) {
		ssize_t n = op(in, out);
		if (n == 0)
			return 1;
		if (n > 0)
			continue;
		if (errno == EINTR)
			continue;
		if (errno != EXDEV && errno != ENOSYS && errno != EOPNOTSUPP && errno != EINVAL)
			return -errno;
		atomic_store(cannot, true);
	}
	return 0;
}

/* copy_file_range where the file systems allow it (in the kernel, a reflink
 * where they have them), else sendfile (across file systems: page to page,
 * without the bytes passing through here), else read and write. */
static int copy_fd(struct sink_dir *d, int in, int out)
{
	char buf[1 << 16];
	int r = copy_in_kernel(by_copy_range, &d->no_copy_range, in, out);

	if (r == 0)
		r = copy_in_kernel(by_sendfile, &d->no_sendfile, in, out);
	if (r != 0)
		return r < 0 ? r : 0;
	for (;;) {
		ssize_t n = read(in, buf, sizeof(buf)), w = 0;
		if (n == 0)
			return 0;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		while (w < n) {
			ssize_t k = write(out, buf + w, (size_t)(n - w));
			if (k < 0) {
				if (errno == EINTR)
					continue;
				return -errno;
			}
			w += k;
		}
	}
}

static int open_source(struct sink_dir *d, const struct pack_entry *e)
{
	int fd = -1;

	if (!atomic_load_explicit(&d->no_noatime, memory_order_relaxed)) {
		fd = filelist_entry_open(e, O_NOATIME);
		if (fd != -EPERM)
			return fd;
		atomic_store(&d->no_noatime, true);
	}
	return filelist_entry_open(e, 0);
}

static int copy_file(struct sink_dir *d, const struct pack_entry *e)
{
	_cleanup_close_ int in = open_source(d, e);
	_cleanup_close_ int out = -1;
	struct timespec ts[2] = { e->mtime, e->mtime };
	/* created with its mode where the umask spares it: no fchmod */
	bool exact = (e->mode & ~d->umask) == e->mode;
	int r;

	if (in < 0)
		return copy_error(d, in, "cannot read %s", e->abs);
	out = openat(d->tmpfd, e->rel, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exact ? e->mode : 0600);
	if (out < 0)
		return copy_error(d, -errno, "cannot create %s/%s", d->tmp, e->rel);
	r = copy_fd(d, in, out);
	if (r < 0)
		return copy_error(d, r, "cannot copy %s to %s/%s", e->abs, d->tmp, e->rel);
	if ((!exact && fchmod(out, e->mode) < 0) || futimens(out, ts) < 0)
		return copy_error(d, -errno, "cannot set mode/time of %s/%s", d->tmp, e->rel);
	r = close(out);
	out = -1;
	if (r < 0)
		return copy_error(d, -errno, "cannot write %s/%s", d->tmp, e->rel);
	return 0;
}

static int copy_one(void *arg, size_t i)
{
	struct sink_dir *d = arg;

	return copy_file(d, d->files[i]);
}

/* Directories and links now, in order; the files in finish, all at once. */
static int dir_add(struct sink *s, const struct pack_entry *e)
{
	struct sink_dir *d = SD(s);
	struct timespec ts[2] = { e->mtime, e->mtime };

	if (timespec_cmp(&e->mtime, &d->newest) > 0)
		d->newest = e->mtime;
	switch (e->type) {
	case ENTRY_DIR:
		if (mkdirat(d->tmpfd, e->rel, 0755) < 0 && errno != EEXIST) {
			int r = -errno;
			log_err("cannot create %s/%s: %s", d->tmp, e->rel, strerror(errno));
			return r;
		}
		d->dirs = xrealloc(d->dirs, (d->ndirs + 1) * sizeof(*d->dirs));
		d->dirs[d->ndirs].rel = xstrdup(e->rel);
		d->dirs[d->ndirs++].mtime = e->mtime;
		return 0;
	case ENTRY_LINK:
		if (symlinkat(e->target, d->tmpfd, e->rel) < 0 ||
		    utimensat(d->tmpfd, e->rel, ts, AT_SYMLINK_NOFOLLOW) < 0) {
			int r = -errno;
			log_err("cannot create symlink %s/%s: %s", d->tmp, e->rel, strerror(errno));
			return r;
		}
		return 0;
	case ENTRY_FILE:
		if (d->nfiles % 1024 == 0)
			d->files = xrealloc(d->files, (d->nfiles + 1024) * sizeof(*d->files));
		d->files[d->nfiles++] = e;
		return 0;
	}
	return -EINVAL;
}

static int set_dir_times(struct sink_dir *d)
{
	struct timespec top[2] = { d->newest, d->newest };

	/* Deepest first, so setting a child's time does not disturb its parent's. */
	for (size_t i = d->ndirs; i-- > 0;) {
		struct timespec ts[2] = { d->dirs[i].mtime, d->dirs[i].mtime };

		if (utimensat(d->tmpfd, d->dirs[i].rel, ts, 0) < 0) {
			int r = -errno;
			log_err("cannot set the time of %s/%s: %s", d->tmp, d->dirs[i].rel, strerror(errno));
			return r;
		}
	}
	/* Content-derived (and so clamped by SOURCE_DATE_EPOCH), not the time of the pack. */
	if (utimensat(AT_FDCWD, d->tmp, top, 0) < 0) {
		int r = -errno;
		log_err("cannot set the time of %s: %s", d->tmp, strerror(errno));
		return r;
	}
	return 0;
}

static int place_source_link(struct sink_dir *d, const struct sink_config *cfg)
{
	_cleanup_free_ char *link = path_join(d->modules_dir, "source");
	_cleanup_free_ char *tmp = xasprintf("%s/.source.kbuild-pack-%d", d->modules_dir, (int)getpid());
	struct stat st;
	int r;

	unlink(tmp);
	if (symlink("build", tmp) < 0)
		goto fail;
	if (cfg->clamp_mtime >= 0) {
		struct timespec ts[2] = { { .tv_sec = (time_t)cfg->clamp_mtime }, { .tv_sec = (time_t)cfg->clamp_mtime } };
		utimensat(AT_FDCWD, tmp, ts, AT_SYMLINK_NOFOLLOW);
	}
	if (cfg->force && lstat(link, &st) == 0 && S_ISDIR(st.st_mode))
		rm_rf(link); /* without --force, begin refused it */
	if (rename(tmp, link) < 0)
		goto fail;
	return 0;
fail:
	r = -errno; /* before the message and the cleanup change it */
	log_err("cannot create %s: %s", link, strerror(-r));
	unlink(tmp);
	return r;
}

/* Renames the staged tree into place; never over one that appeared since
 * begin (another pack's) unless --force. */
static int publish(struct sink_dir *d, bool force)
{
	int r = staging_publish(d->tmp, d->final, force);

	return r == -EEXIST || r == -ENOTEMPTY ? sink_exists_error(d->final) : r;
}

/* The files, on every CPU; then the directories' times, which the copies
 * disturbed. */
static int dir_finish(struct sink *s)
{
	struct sink_dir *d = SD(s);
	int r = workers_run(d->nfiles, copy_one, d);

	return r < 0 ? r : set_dir_times(d);
}

static int dir_commit(struct sink *s)
{
	struct sink_dir *d = SD(s);
	int r;

	if (chmod(d->tmp, 0755) < 0) {
		r = -errno;
		log_err("cannot set the mode of %s: %s", d->tmp, strerror(errno));
		return r;
	}
	r = publish(d, s->cfg.force);
	if (r < 0)
		return r;
	staging_release(d->tmp);
	free(d->tmp);
	d->tmp = NULL;
	close(d->lock);
	d->lock = -1;
	close(d->tmpfd);
	d->tmpfd = -1;
	sink_set_path(s, d->final);
	r = s->cfg.no_source_link || s->cfg.bare ? 0 : place_source_link(d, &s->cfg);
	if (r < 0)
		return r;
	/* Published: nothing of it is removed again. */
	for (size_t i = 0; i < d->ncreated; i++) {
		guard_forget_empty_dir(d->created[i]);
		free(d->created[i]);
	}
	d->ncreated = 0;
	return 0;
}

static void dir_abort(struct sink *s)
{
	struct sink_dir *d = SD(s);

	if (d->tmpfd >= 0)
		close(d->tmpfd);
	d->tmpfd = -1;
	if (d->tmp) {
		int r = rm_rf(d->tmp);
		if (r < 0)
			log_warn("cannot remove %s: %s", d->tmp, strerror(-r));
		staging_release(d->tmp);
		free(d->tmp);
		d->tmp = NULL;
	}
	if (d->lock >= 0) /* after the removal: no sweep meddles with it */
		close(d->lock);
	d->lock = -1;
	for (size_t i = d->ncreated; i-- > 0;) {
		rmdir(d->created[i]);
		guard_forget_empty_dir(d->created[i]);
		free(d->created[i]);
	}
	d->ncreated = 0;
}

static void dir_free(struct sink *s)
{
	struct sink_dir *d = SD(s);

	free(d->modules_dir);
	free(d->final);
	free(d->tmp);
	if (d->lock >= 0)
		close(d->lock);
	if (d->tmpfd >= 0)
		close(d->tmpfd);
	free(d->files);
	for (size_t i = 0; i < d->ncreated; i++)
		free(d->created[i]);
	free(d->created);
	for (size_t i = 0; i < d->ndirs; i++)
		free(d->dirs[i].rel);
	free(d->dirs);
	free(d);
}

static const struct sink_ops dir_ops = {
	.name = "dir",
	.begin = dir_begin,
	.add = dir_add,
	.finish = dir_finish,
	.commit = dir_commit,
	.abort = dir_abort,
	.free = dir_free,
};

struct sink *sink_dir_new(const struct sink_config *cfg)
{
	struct sink_dir *d = xcalloc(1, sizeof(*d));

	d->base.ops = &dir_ops;
	d->base.cfg = *cfg;
	d->lock = -1;
	d->tmpfd = -1;
	d->umask = umask(022);
	umask(d->umask);
	atomic_init(&d->no_copy_range, false);
	atomic_init(&d->no_sendfile, false);
	atomic_init(&d->no_noatime, false);
	atomic_flag_clear(&d->reported);
	return &d->base;
}
