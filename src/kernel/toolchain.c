// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/toolchain.h"

#include <errno.h>
#include <fnmatch.h>
#include <string.h>

#include "shared/fileio.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/spawn.h"

const char *toolchain_tools_arch_of(const char *triple)
{
	/* tools/scripts/Makefile.arch's sed on uname -m, on the triple's
	 * first field; first match wins (aarch64 before arm*) */
	static const char *const map[][2] = {
		{ "i[3-6]86", "x86" },	     { "x86_64", "x86" },	{ "aarch64*", "arm64" },
		{ "arm64", "arm64" },	     { "arm*", "arm" },		{ "riscv*", "riscv" },
		{ "powerpc*", "powerpc" },   { "ppc*", "powerpc" },	{ "s390*", "s390" },
		{ "loongarch*", "loongarch" }, { "mips*", "mips" },	{ "sparc*", "sparc" },
		{ "hppa*", "parisc" },	     { "parisc*", "parisc" },	{ "sh[234]*", "sh" },
		{ "m68k", "m68k" },
	};
	char machine[64];
	size_t n = strcspn(triple, "-\n");

	if (n == 0 || n >= sizeof(machine))
		return NULL;
	memcpy(machine, triple, n);
	machine[n] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (!fnmatch(map[i][0], machine, 0))
			return map[i][1];
	return NULL;
}

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
	*arch = toolchain_tools_arch_of(out);
	if (!*arch) {
		log_err("%s -dumpmachine: '%s' is no machine the kernel's tools/ build knows", cc, out);
		return -EINVAL;
	}
	return 0;
}
