// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack release: the release a prepared kernel tree's kernel reports
 * (kernel/release.h), the name of the lib/modules/<release> that pack
 * writes, for specs and rules that need it before packing. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild-pack.h"
#include "kernel/release.h"
#include "options.h"
#include "shared/log.h"

static const struct option_spec release_options[] = {
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
		"\n",
	.options = release_options,
	.help_column = 25,
	.tail = "\nExit status: 0 printed, 1 no release (an unprepared tree), 2 usage error.\n",
};

static int run_release(int argc, char *argv[])
{
	char *rel = NULL, *err = NULL;
	int n = parse_options(&release_usage, argc, argv, NULL);

	if (n != OPTIONS_GO_ON)
		return n;
	if (optind + 1 != argc)
		return usage_error(&release_usage, "%s", optind == argc ? "no tree given" : "one tree only");
	if (krelease_read(argv[optind], &rel, &err) < 0) {
		log_err("%s (run 'make modules_prepare' in the tree first)", err);
		free(err);
		return EXIT_FAIL;
	}
	printf("%s\n", rel);
	free(rel);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		log_err("cannot write the release: %s", strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

const struct kbp_cmd kbp_cmd_release = {
	.name = "release",
	.run = run_release,
};
