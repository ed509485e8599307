// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack diff A B: how two build directories or archives differ. */
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "inspect/diff.h"
#include "inspect/packed-tree.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "sink/sink.h"

struct diff_cmdline {
	struct packed_opts packed;
};

static const struct option_spec diff_options[] = {
	OPT_MAX_EXTRACT(offsetof(struct diff_cmdline, packed)),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage diff_usage = {
	.try_help = "kbuild-pack diff --help",
	.head = "Usage: kbuild-pack diff [options] A B\n"
		"Compare two build directories, DESTDIRs holding lib/modules/<release>/build, or\n"
		"archives (e.g. kbuild-pack's output against an extracted linux-headers package).\n"
		"Prints one line per path, sorted:\n"
		"  only in A: PATH\n"
		"  only in B: PATH\n"
		"  differs: PATH (content|mode|link target|type ...)\n"
		"Times, owners and directories are not compared.\n"
		"\n",
	.options = diff_options,
	.help_column = 25,
	.tail = "\n"
		"Exit status: 0 same file set and contents, 1 differences, 2 usage error or unreadable input.\n",
};

static int run_diff(int argc, char *argv[])
{
	struct diff_cmdline c = { .packed.max_extract_size = PACKED_MAX_EXTRACT_DEFAULT };
	int n = parse_options(&diff_usage, argc, argv, &c);

	if (n != OPTIONS_GO_ON)
		return n;
	if (optind + 2 != argc) {
		log_err("diff takes two paths A and B (see kbuild-pack diff --help)");
		return EXIT_USAGE;
	}
	n = kbp_diff(argv[optind], argv[optind + 1], &c.packed, stdout);
	if (n < 0 && interrupted()) {
		log_err("interrupted by signal %d", interrupted());
		interrupt_reraise(); /* after cleaning up: 130/143 */
	}
	if (n < 0)
		return EXIT_USAGE;
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_diff = {
	.name = "diff",
	.run = run_diff,
	.stoppable = true,
};
