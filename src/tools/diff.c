// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack diff A B: how two build directories or archives differ. */
#include <getopt.h>
#include <stdio.h>

#include "inspect/diff.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/log.h"

static const struct option_spec diff_options[] = {
	OPT_HELP(NULL), /* the text above says it all */
	OPT_END(),
};

static const struct command_usage diff_usage = {
	.try_help = "kbuild-pack diff --help",
	.head = "Usage: kbuild-pack diff A B\n"
		"Compare two build directories, DESTDIRs holding lib/modules/<release>/build, or\n"
		"archives (e.g. kbuild-pack's output against an extracted linux-headers package).\n"
		"Prints one line per path, sorted:\n"
		"  only in A: PATH\n"
		"  only in B: PATH\n"
		"  differs: PATH (content|mode|link target|type ...)\n"
		"Times, owners and directories are not compared.\n"
		"\n"
		"Exit status: 0 same file set and contents, 1 differences, 2 usage error or unreadable input.\n",
	.options = diff_options,
};

static int run_diff(int argc, char *argv[])
{
	int n = parse_options(&diff_usage, argc, argv, NULL);

	if (n != OPTIONS_GO_ON)
		return n;
	if (optind + 2 != argc) {
		log_err("diff takes two paths A and B (see kbuild-pack diff --help)");
		return EXIT_USAGE;
	}
	n = kbp_diff(argv[optind], argv[optind + 1], stdout);
	if (n < 0)
		return EXIT_USAGE;
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_diff = {
	.name = "diff",
	.run = run_diff,
};
