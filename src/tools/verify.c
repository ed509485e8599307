// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack verify PATH: would this build directory work? */
#include <getopt.h>
#include <stdio.h>

#include "config.h"
#include "kbuild-pack.h"
#include "shared/log.h"
#include "inspect/verify.h"
#include "sink/sink.h"

static const char usage_text[] =
	"Usage: kbuild-pack verify [options] PATH\n"
	"Check that PATH (a build directory, a DESTDIR holding lib/modules/<release>/build,\n"
	"or an archive made by 'kbuild-pack pack --format') would build out-of-tree modules.\n"
	"Every problem is printed on stdout as one line \"FILE: problem\".\n"
	"\n"
	"      --host-arch ARCH   machine the tree's programs must run on (default: this one;\n"
	"                         x86_64, aarch64, arm64, riscv64, ppc64le, s390x, ...)\n"
	"      --canary           also build a small bundled module with make M= and check its\n"
	"                         __versions CRCs against Module.symvers\n"
	"      --max-extract-size SIZE  refuse an archive that extracts to more (default 4G)\n"
	"  -q, --quiet            print nothing; only the exit status tells\n"
	"  -h, --help             this text\n"
	"\n"
	"Exit status: 0 the tree would work, 1 problems found (or PATH unreadable), 2 usage error.\n";

enum { OPT_HOST_ARCH = 256, OPT_CANARY, OPT_MAX_EXTRACT_SIZE };

static const struct option longopts[] = {
	{ "host-arch", required_argument, NULL, OPT_HOST_ARCH },
	{ "canary", no_argument, NULL, OPT_CANARY },
	{ "max-extract-size", required_argument, NULL, OPT_MAX_EXTRACT_SIZE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int run_verify(int argc, char *argv[])
{
	struct verify_opts o = { 0 };
	bool quiet = false;
	FILE *out = stdout;
	int c, n;

	optind = 1;
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_HOST_ARCH:
			o.host_arch = optarg;
			break;
		case OPT_CANARY:
			o.canary = true;
			break;
		case OPT_MAX_EXTRACT_SIZE:
			if (kbp_parse_max_extract_size(optarg) < 0)
				return EXIT_USAGE;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return EXIT_OK;
		default:
			fputs("Try 'kbuild-pack verify --help' for more information.\n", stderr);
			return EXIT_USAGE;
		}
	}
	if (optind + 1 != argc) {
		log_err("verify takes exactly one PATH (see kbuild-pack verify --help)");
		return EXIT_USAGE;
	}
	if (o.host_arch) {
		uint16_t em;
		if (elf_machine_from_name(o.host_arch, &em) < 0) {
			log_err("unknown --host-arch '%s' (try x86_64, aarch64, riscv64, ppc64le, s390x)", o.host_arch);
			return EXIT_USAGE;
		}
	}
	if (quiet) {
		out = fopen("/dev/null", "we");
		if (!out)
			out = stdout;
	}
	sink_install_signal_handlers();
	n = kbp_verify(argv[optind], &o, out);
	if (out != stdout)
		fclose(out);
	if (n < 0 && sink_interrupted())
		sink_reraise(); /* after cleaning up: 130/143 */
	if (n > 0)
		log_err("%s: %d problem(s)", argv[optind], n);
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_verify = {
	.name = "verify",
	.run = run_verify,
	.help = "check that a build directory or archive would work",
};
