// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "sink/staging.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/log.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/guard.h"

#define SUFFIX "XXXXXX"

static void remove_place(const char *path, bool dir)
{
	if (dir)
		rm_rf(path);
	else
		unlink(path);
}

int staging_create(const char *templ, bool dir, char **path, int *fd)
{
	guard_start(); /* before the place: it must be there to remove it */
	/* A sweep may take the place between its creation and the lock (it
	 * is not held yet): the lock then finds it removed, and we make another. */
	for (int tries = 0; tries < 8; tries++) {
		char *p = xstrdup(templ);
		struct stat st;
		bool made;
		int f, r;

		if (dir) {
			made = mkdtemp(p) != NULL;
			f = made ? open(p, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
		} else {
			f = mkostemp(p, O_CLOEXEC);
			made = f >= 0;
		}
		r = f < 0 ? -errno : 0;
		/* Blocks only while a sweep that got there first removes it. */
		if (r == 0 && (flock(f, LOCK_EX) < 0 || fstat(f, &st) < 0))
			r = -errno;
		if (r == 0 && st.st_nlink > 0) {
			guard_path(p);
			*path = p;
			*fd = f;
			return 0;
		}
		if (f >= 0)
			close(f);
		if (r < 0 && made)
			remove_place(p, dir);
		free(p);
		if (r < 0)
			return r;
	}
	return -EAGAIN;
}

void staging_release(const char *path)
{
	guard_forget_path(path);
}

/* Whether dirfd/name is a staging place that no pack holds; it is then
 * locked by fd until the caller closes it. -errno if it cannot tell. */
static int is_dead(int dirfd, const char *name, int *fd, bool *dir)
{
	struct stat st, now;

	*fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (*fd < 0)
		return errno == ENOENT ? 0 : -errno; /* a symlink (ELOOP) is not ours to judge */
	if (fstat(*fd, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode))
		return -EINVAL;
	*dir = S_ISDIR(st.st_mode);
	if (flock(*fd, LOCK_EX | LOCK_NB) < 0)
		return errno == EWOULDBLOCK ? 0 : -errno;
	/* Still the place that was opened, not removed (and made again) meanwhile. */
	if (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	return now.st_dev == st.st_dev && now.st_ino == st.st_ino && st.st_nlink > 0;
}

void staging_sweep(const char *templ)
{
	_cleanup_free_ char *dir = xstrdup(templ);
	char *slash = strrchr(dir, '/');
	const char *base = slash ? slash + 1 : dir;
	size_t n = strlen(base) - strlen(SUFFIX);
	_cleanup_free_ char *prefix = xstrndup(base, n);
	DIR *d;
	struct dirent *de;

	if (slash == dir)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	d = opendir(slash ? dir : ".");
	if (!d)
		return; /* nothing there yet, or nothing we may look at */
	while ((de = readdir(d))) {
		_cleanup_free_ char *path = NULL;
		_cleanup_close_ int fd = -1;
		bool is_dir = false;
		int r;

		if (strncmp(de->d_name, prefix, n) || strlen(de->d_name + n) != strlen(SUFFIX))
			continue;
		path = slash ? path_join(dir, de->d_name) : xstrdup(de->d_name);
		r = is_dead(dirfd(d), de->d_name, &fd, &is_dir);
		if (r == 0)
			continue;
		if (r < 0) {
			log_warn("%s looks like a pack's staging place, but cannot be checked: %s; not removed", path,
				 strerror(-r));
			continue;
		}
		r = is_dir ? rm_rf(path) : (unlink(path) < 0 ? -errno : 0);
		if (r < 0)
			log_warn("cannot remove %s, left behind by a pack that was killed: %s", path, strerror(-r));
		else
			log_warn("removed %s, left behind by a pack that was killed", path);
	}
	closedir(d);
}

/* --force: swaps the staged tree with the one in place, then removes that
 * one, locked so that another run's sweep does not take it for a dead run's. */
static int replace_final(const char *tmp, const char *final)
{
	_cleanup_close_ int old = open(final, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int r;

	if (old >= 0)
		flock(old, LOCK_EX);
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, final, RENAME_EXCHANGE) < 0) {
		r = -errno;
		log_err("cannot replace %s: %s", final, strerror(-r));
		return r;
	}
	r = rm_rf(tmp);
	if (r < 0 && r != -ENOENT)
		log_warn("cannot remove the replaced tree %s: %s", tmp, strerror(-r));
	return 0;
}

int staging_publish(const char *tmp, const char *final, bool force)
{
	int r = rename_noreplace(tmp, final);

	if (r == -EEXIST || r == -ENOTEMPTY)
		return force ? replace_final(tmp, final) : r;
	if (r < 0)
		log_err("cannot rename %s to %s: %s", tmp, final, strerror(-r));
	return r;
}
