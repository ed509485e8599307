// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack release: the release a prepared kernel tree's kernel reports
 * (kernel/release.h), the name of the lib/modules/<release> that pack
 * writes, for specs and rules that need it before packing. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild-pack.h"
#include "kernel/compiler.h"
#include "kernel/kconfig.h"
#include "kernel/release.h"
#include "options.h"
#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"

struct release_cmdline {
	bool compiler;
};

static const struct option_spec release_options[] = {
	OPT_BOOL(0, "compiler", offsetof(struct release_cmdline, compiler),
		 "print the compiler command the kernel was built by\n"
		 "instead (gcc-12, x86_64-linux-gnu-gcc-16, clang-16)"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage release_usage = {
	.try_help = "kbuild-pack release --help",
	.head = "Usage: kbuild-pack release OBJ\n"
		"Print the release the kernel of the prepared tree OBJ (the object tree of an O=\n"
		"build, or the tree) reports: UTS_RELEASE of include/generated/utsrelease.h,\n"
		"what 'uname -r' prints and vermagic carries, and the <release> of the\n"
		"lib/modules/<release>/build that pack writes. It may differ from\n"
		"include/config/kernel.release when the Makefiles override KERNELRELEASE\n"
		"(Debian's .kernelvariables).\n"
		"With --compiler, print the compiler the kernel was built by, from its\n"
		"include/config/auto.conf (a gcc's CONFIG_CC_VERSION_TEXT, a clang's\n"
		"CONFIG_CLANG_VERSION), for the dependency of a headers package.\n"
		"\n",
	.options = release_options,
	.help_column = 25,
	.tail = "\nExit status: 0 printed, 1 no release (an unprepared tree) or no compiler\n"
		"named, 2 usage error.\n",
};

/* The compiler of the tree's auto.conf, what its modules are built by. */
static char *tree_compiler(const char *dir)
{
	_cleanup_free_ char *path = path_join(dir, "include/config/auto.conf");
	struct kconfig kc = { 0 };
	char *err = NULL, *cc = NULL;
	int r = kconfig_read(path, &kc, &err);

	if (r < 0) {
		if (err)
			log_err("%s", err);
		else
			log_err("%s: %s (run 'make modules_prepare' in the tree first)", path, strerror(-r));
		free(err);
		return NULL;
	}
	cc = compiler_command_of(&kc);
	if (!cc)
		log_err("%s: names no compiler (CONFIG_CC_VERSION_TEXT of a gcc, CONFIG_CLANG_VERSION of a clang)", path);
	kconfig_release(&kc);
	return cc;
}

static int run_release(int argc, char *argv[])
{
	struct release_cmdline c = { 0 };
	char *rel = NULL, *err = NULL;
	int n = parse_options(&release_usage, argc, argv, &c), r;

	if (n != OPTIONS_GO_ON)
		return n;
	if (optind + 1 != argc)
		return usage_error(&release_usage, "%s", optind == argc ? "no tree given" : "one tree only");
	if (c.compiler) {
		rel = tree_compiler(argv[optind]);
		if (!rel)
			return EXIT_FAIL;
	} else if ((r = krelease_read(argv[optind], &rel, &err)) < 0) {
		log_err("%s%s", err, r == -ENOENT ? " (run 'make modules_prepare' in the tree first)" : "");
		free(err);
		return EXIT_FAIL;
	}
	printf("%s\n", rel);
	free(rel);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		log_err("cannot write the %s: %s", c.compiler ? "compiler" : "release", strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

const struct kbp_cmd kbp_cmd_release = {
	.name = "release",
	.run = run_release,
};
