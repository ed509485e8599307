// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"

#define ANCESTORS_MAX 4096 /* deeper than PATH_MAX allows */

static bool same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Is the directory open as fd dir, or below it? Walked up by "..", so a
 * mount point's parent is where it is mounted: 1, 0, or negative errno. */
static int fd_at_or_below(int fd, const struct stat *dir)
{
	_cleanup_close_ int cur = openat(fd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);

	for (int i = 0; cur >= 0 && i < ANCESTORS_MAX; i++) {
		struct stat st, pst;
		int parent;

		if (fstat(cur, &st) < 0)
			return -errno;
		if (same_inode(&st, dir))
			return 1;
		parent = openat(cur, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (parent < 0)
			return -errno;
		if (fstat(parent, &pst) < 0 || same_inode(&pst, &st)) { /* "/" */
			int r = errno;
			close(parent);
			return same_inode(&pst, &st) ? 0 : -r;
		}
		close(cur);
		cur = parent;
	}
	return cur < 0 ? -errno : -ELOOP;
}

/* The nearest existing directory of p (its parents resolved, absolute) and
 * up; p's last component is never followed (a writer replaces a link). */
static int open_nearest_dir(const char *p)
{
	_cleanup_free_ char *d = xstrdup(p);

	for (;;) {
		int fd = open(d, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		char *slash;

		if (fd >= 0 || (errno != ENOENT && errno != ENOTDIR && errno != ELOOP))
			return fd < 0 ? -errno : fd;
		slash = strrchr(d, '/');
		if (!slash)
			return -ENOENT;
		slash[slash == d] = '\0'; /* "/x" -> "/" */
	}
}

static int refuse(const char *opt, const char *given, const char *shown, const char *how,
		  const struct guarded_dir *d)
{
	log_err("%s %s: the output %s would %s the %s tree %s; write it outside the trees", opt, given, shown, how,
		d->what, d->path);
	return 1;
}

/* at (a directory fd: where the output is written, or its nearest
 * existing parent) inside a tree; or p, when it exists, containing one. */
static int check_at(const char *opt, const char *given, const char *shown, int at, const char *p,
		    const struct guarded_dir *dirs, size_t n)
{
	struct stat out;
	bool out_exists = p && lstat(p, &out) == 0 && S_ISDIR(out.st_mode);

	for (size_t i = 0; i < n; i++) {
		_cleanup_close_ int tfd = -1;
		struct stat tst;
		int r;

		if (!dirs[i].path || stat(dirs[i].path, &tst) < 0)
			continue;
		r = fd_at_or_below(at, &tst);
		if (r != 0)
			return r > 0 ? refuse(opt, given, shown, "be inside", &dirs[i]) : r;
		if (!out_exists)
			continue;
		tfd = open(dirs[i].path, O_PATH | O_DIRECTORY | O_CLOEXEC);
		r = tfd < 0 ? -errno : fd_at_or_below(tfd, &out);
		if (r != 0)
			return r > 0 ? refuse(opt, given, shown, "contain", &dirs[i]) : r;
	}
	return 0;
}

int output_check(const char *opt, const char *given, const char *written, const struct guarded_dir *dirs, size_t n)
{
	_cleanup_free_ char *p = path_resolve_parents(written);
	_cleanup_close_ int at = -1;

	if (!p) {
		int r = -errno;
		log_err("%s %s: cannot resolve %s: %s", opt, given, written, strerror(-r));
		return r;
	}
	at = open_nearest_dir(p);
	if (at < 0) {
		log_err("%s %s: cannot resolve %s: %s", opt, given, written, strerror(-at));
		return at;
	}
	return check_at(opt, given, p, at, p, dirs, n);
}

int outfile_open(struct outfile *of, const char *opt, const char *path, const struct guarded_dir *dirs, size_t n)
{
	_cleanup_free_ char *p = NULL, *dir = NULL;
	int r;

	*of = (struct outfile){ .path = xstrdup(path), .dirfd = -1 };
	if (!strcmp(path, "-"))
		return 0;
	p = path_resolve_parents(path);
	if (!p) {
		r = -errno;
		log_err("%s %s: cannot resolve it: %s", opt, path, strerror(-r));
		return r;
	}
	dir = path_dirname(p);
	of->name = xstrdup(path_basename(p));
	of->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (of->dirfd < 0) {
		r = -errno;
		log_err("%s %s: %s: %s", opt, path, dir, strerror(-r));
		return r;
	}
	return check_at(opt, path, p, of->dirfd, p, dirs, n);
}

FILE *outfile_stream(struct outfile *of)
{
	if (of->dirfd < 0)
		return of->f = stdout;
	for (unsigned i = 0; i < 100 && !of->f; i++) {
		int fd;

		free(of->tmp);
		of->tmp = xasprintf(".%s.%ld.%u", of->name, (long)getpid(), i);
		fd = openat(of->dirfd, of->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd < 0 || !(of->f = fdopen(fd, "w"))) {
			int e = errno;
			if (fd >= 0) {
				close(fd);
				unlinkat(of->dirfd, of->tmp, 0);
			}
			log_err("cannot write %s: %s", of->path, strerror(e));
			free(of->tmp);
			of->tmp = NULL;
			return NULL;
		}
	}
	if (!of->f)
		log_err("cannot write %s: %s", of->path, strerror(EEXIST));
	return of->f;
}

int outfile_close(struct outfile *of, int r)
{
	FILE *f = of->f;
	int given = r;

	of->f = NULL;
	if (!f)
		return r ? r : -EIO;
	if (f == stdout) {
		if (fflush(f) != 0 && r == 0)
			log_err("cannot write %s: %s", of->path, strerror(errno));
		return r == 0 && ferror(f) ? -EIO : r;
	}
	if (fclose(f) != 0 && r == 0)
		r = -errno;
	if (r == 0 && renameat(of->dirfd, of->tmp, of->dirfd, of->name) < 0)
		r = -errno;
	if (r < 0)
		unlinkat(of->dirfd, of->tmp, 0);
	free(of->tmp);
	of->tmp = NULL;
	if (r != given) /* the caller's own failure is said already */
		log_err("cannot write %s: %s", of->path, strerror(-r));
	return r;
}

void outfile_release(struct outfile *of)
{
	if (of->f)
		outfile_close(of, -ECANCELED);
	if (of->dirfd >= 0)
		close(of->dirfd);
	free(of->path);
	free(of->name);
	free(of->tmp);
	*of = (struct outfile){ .dirfd = -1 };
}
