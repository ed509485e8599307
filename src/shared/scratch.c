// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/scratch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
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

int scratch_make(const char *what, char **dir)
{
	_cleanup_free_ char *base = scratch_base();
	char *p = xasprintf("%s/kbuild-pack-%s.XXXXXX", base, what);
	int r;

	if (!mkdtemp(p)) {
		r = -errno;
		log_err("cannot create a scratch directory in %s: %s", base, strerror(-r));
		free(p);
		return r;
	}
	*dir = p;
	return 0;
}
