// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/fs.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/path.h"

/* Creates missing components; records each directory it created so a
 * failed run can remove exactly those again. */
int mkdir_p(const char *path, unsigned mode, char ***created, size_t *ncreated)
{
	_cleanup_free_ char *p = xstrdup(path);
	size_t len = strlen(p);

	for (size_t i = 1; i <= len; i++) {
		if (p[i] != '/' && p[i] != '\0')
			continue;
		char c = p[i];
		p[i] = '\0';
		if (mkdir(p, mode) == 0) {
			if (created) {
				*created = xrealloc(*created, (*ncreated + 1) * sizeof(char *));
				(*created)[(*ncreated)++] = xstrdup(p);
			}
		} else if (errno != EEXIST) {
			return -errno;
		} else if (!path_is_dir(p)) {
			return -ENOTDIR;
		}
		p[i] = c;
	}
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		return rmdir(path) < 0 ? -1 : 0;
	return unlink(path) < 0 ? -1 : 0;
}

int rm_rf(const char *path)
{
	if (!path_exists(path))
		return 0;
	if (nftw(path, rm_one, 64, FTW_DEPTH | FTW_PHYS) < 0)
		return -errno;
	return 0;
}

int rename_noreplace(const char *from, const char *to)
{
	struct stat st;

	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -errno;
	if (lstat(to, &st) == 0)
		return -EEXIST;
	return rename(from, to) < 0 ? -errno : 0;
}
