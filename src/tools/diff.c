// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack diff A B: how two build directories or archives differ. */
#include <getopt.h>
#include <stdio.h>

#include "inspect/diff.h"
#include "kbuild-pack.h"
#include "shared/log.h"
#include "sink/sink.h"

static const char usage_text[] =
	"Usage: kbuild-pack diff [--max-extract-size SIZE] A B\n"
	"Compare two build directories, DESTDIRs holding lib/modules/<release>/build, or\n"
	"archives (e.g. kbuild-pack's output against an extracted linux-headers package).\n"
	"Prints one line per path, sorted:\n"
	"  only in A: PATH\n"
	"  only in B: PATH\n"
	"  differs: PATH (content|mode|link target|type ...)\n"
	"Times, owners and directories are not compared. An archive that extracts to more\n"
	"than SIZE (default 4G) is refused.\n"
	"\n"
	"Exit status: 0 same file set and contents, 1 differences, 2 usage error or unreadable input.\n";

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "max-extract-size", required_argument, NULL, 'X' },
	{ NULL, 0, NULL, 0 },
};

static int run_diff(int argc, char *argv[])
{
	int c, n;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(usage_text, stdout);
			return EXIT_OK;
		}
		if (c == 'X' && kbp_parse_max_extract_size(optarg) == 0)
			continue;
		fputs("Try 'kbuild-pack diff --help' for more information.\n", stderr);
		return EXIT_USAGE;
	}
	if (optind + 2 != argc) {
		log_err("diff takes two paths A and B (see kbuild-pack diff --help)");
		return EXIT_USAGE;
	}
	sink_install_signal_handlers();
	n = kbp_diff(argv[optind], argv[optind + 1], stdout);
	if (n < 0 && sink_interrupted())
		sink_reraise(); /* after cleaning up: 130/143 */
	if (n < 0)
		return EXIT_USAGE;
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_diff = {
	.name = "diff",
	.run = run_diff,
	.help = "list the differences between two build directories or archives",
};
