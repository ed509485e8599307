// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/release.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/path.h"

#define UTS_DEFINE "#define UTS_RELEASE \""

int krelease_read(const char *dir, char **release, char **errmsg)
{
	_cleanup_free_ char *p = path_join(dir, "include/generated/utsrelease.h");
	_cleanup_free_ char *buf = NULL;
	const char *q = NULL, *end;
	int r = read_control_file(p, READ_NOFOLLOW, &buf, NULL, errmsg);

	if (r < 0)
		return r;
	for (const char *l = buf; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
		if (!strncmp(l, UTS_DEFINE, strlen(UTS_DEFINE))) {
			q = l + strlen(UTS_DEFINE);
			break;
		}
	if (!q) {
		if (errmsg)
			*errmsg = xasprintf("%s: no '#define UTS_RELEASE \"...\"' line", p);
		return -EINVAL;
	}
	end = strchr(q, '"');
	if (!end || !name_ok_n(q, (size_t)(end - q))) {
		size_t n = end ? (size_t)(end - q) : strcspn(q, "\n");
		if (errmsg)
			*errmsg = xasprintf("%s: UTS_RELEASE \"%.*s\" is not a release kbuild-pack takes (it names lib/modules/<release>, packages and Makefile words): "
					    NAME_RULE, p, (int)(n < 200 ? n : 200), q);
		return -EINVAL;
	}
	*release = xstrndup(q, (size_t)(end - q));
	return 0;
}

char *krelease_config(const char *dir)
{
	_cleanup_free_ char *p = path_join(dir, "include/config/kernel.release");
	char *line = NULL;

	return read_line_file(p, 0, &line, NULL) < 0 ? NULL : line;
}
