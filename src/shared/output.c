// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/output.h"

#include <errno.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"

int output_check(const char *opt, const char *given, const char *written, const struct guarded_dir *dirs, size_t n)
{
	_cleanup_free_ char *p = path_resolve_parents(written);

	if (!p) {
		int r = -errno;
		log_err("%s %s: cannot resolve %s: %s", opt, given, written, strerror(-r));
		return r;
	}
	for (size_t i = 0; i < n; i++) {
		const char *how;

		if (!dirs[i].path)
			continue;
		how = path_is_below(p, dirs[i].path) ? "be inside" : path_is_below(dirs[i].path, p) ? "contain" : NULL;
		if (how) {
			log_err("%s %s: the output %s would %s the %s tree %s; write it outside the trees", opt, given, p,
				how, dirs[i].what, dirs[i].path);
			return 1;
		}
	}
	return 0;
}
