// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/scratch.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fs.h"
#include "shared/guard.h"
#include "shared/log.h"
#include "shared/path.h"

char *scratch_base(void)
{
	const char *tmp = getenv("TMPDIR");
	_cleanup_free_ char *cwd = NULL;

	if (!tmp || !*tmp)
		return xstrdup("/tmp");
	if (tmp[0] == '/')
		return xstrdup(tmp);
	cwd = getcwd(NULL, 0);
	return cwd ? path_join(cwd, tmp) : xstrdup("/tmp");
}

static int make_dir(const char *what, char **dir, bool quiet)
{
	_cleanup_free_ char *base = scratch_base();
	char *p = xasprintf("%s/kbuild-pack-%s.XXXXXX", base, what);

	char *real;
	int r;

	guard_start(); /* before the directory: it must be there to remove it */
	if (!mkdtemp(p)) {
		r = -errno;
		if (!quiet)
			log_err("cannot create a scratch directory in %s: %s", base, strerror(-r));
		free(p);
		return r;
	}
	/* resolved: audit compares it with the paths a build reports */
	real = realpath(p, NULL);
	if (real) {
		free(p);
		p = real;
	}
	guard_path(p);
	*dir = p;
	return 0;
}

int scratch_make(const char *what, char **dir)
{
	return make_dir(what, dir, false);
}

int scratch_try(const char *what, char **dir)
{
	return make_dir(what, dir, true);
}

int scratch_remove(const char *dir)
{
	int r = rm_rf(dir);

	guard_forget_path(dir);
	return r;
}

void scratch_keep(const char *dir)
{
	guard_forget_path(dir);
}
