// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/toolchain.h"

#include <errno.h>
#include <string.h>

#include "kernel/target.h"
#include "shared/fileio.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/spawn.h"

int toolchain_tools_arch(const char *cc, const char *log, const char **arch)
{
	char *argv[] = { (char *)cc, "-dumpmachine", NULL };
	_cleanup_free_ char *out = NULL, *err = NULL;
	int r = spawn_run(argv, &(struct spawn_opts){ .log = log });

	if (r == -EINTR)
		return r;
	if (r != 0) {
		log_err("%s -dumpmachine: %s (log: %s)", cc, r < 0 ? strerror(-r) : "failed", log);
		return r < 0 ? r : -EIO;
	}
	r = read_line_file(log, READ_NOFOLLOW, &out, &err);
	if (r < 0) {
		log_err("%s", err);
		return r;
	}
	*arch = target_srcarch_of_triple(out);
	if (!*arch) {
		log_err("%s -dumpmachine: '%s' is no machine the kernel's tools/ build knows", cc, out);
		return -EINVAL;
	}
	return 0;
}
