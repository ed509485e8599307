// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack verify PATH: would this build directory work? */
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "inspect/packed-tree.h"
#include "inspect/verify.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "sink/sink.h"

struct verify_cmdline {
	struct verify_opts o;
	bool quiet;
};

#define CMDLINE(field) offsetof(struct verify_cmdline, field)

static const struct option_spec verify_options[] = {
	OPT_STRING(0, "host-arch", CMDLINE(o.host_arch), "ARCH",
		   "machine the tree's programs must run on (default: this one;\n"
		   "x86_64, aarch64, arm64, riscv64, ppc64le, s390x, ...)"),
	OPT_BOOL(0, "canary", CMDLINE(o.canary),
		 "also build a small bundled module with make M= and check its\n"
		 "__versions CRCs against Module.symvers (with CONFIG_RUST a Rust\n"
		 "one too, if the rustc in PATH is the kernel's); a clang tree's\n"
		 "with LLVM=1 or LLVM=-MAJOR, whichever calls the kernel's clang"),
	OPT_MAX_EXTRACT(CMDLINE(o.packed)),
	OPT_BOOL('q', "quiet", CMDLINE(quiet), "print nothing; only the exit status tells"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage verify_usage = {
	.try_help = "kbuild-pack verify --help",
	.head = "Usage: kbuild-pack verify [options] PATH\n"
		"Check that PATH (a build directory, a DESTDIR holding {,usr/}lib/modules/<release>/build,\n"
		"or an archive made by 'kbuild-pack pack --format') would build out-of-tree modules.\n"
		"A DESTDIR's links are resolved inside it, as in a chroot.\n"
		"Every problem is printed on stdout as one line \"FILE: problem\".\n"
		"\n",
	.options = verify_options,
	.help_column = 25,
	.tail = "\n"
		"Exit status: 0 the tree would work, 1 problems found (or PATH unreadable), 2 usage error.\n",
};

static int run_verify(int argc, char *argv[])
{
	struct verify_cmdline c = { .o.packed.max_extract_size = PACKED_MAX_EXTRACT_DEFAULT };
	_cleanup_free_ char *about = NULL;
	FILE *out = stdout;
	int n;

	n = parse_options(&verify_usage, argc, argv, &c);
	if (n != OPTIONS_GO_ON)
		return n;
	if (optind + 1 != argc) {
		log_err("verify takes exactly one PATH (see kbuild-pack verify --help)");
		return EXIT_USAGE;
	}
	if (c.o.host_arch) {
		struct elf_machine m;

		if (elf_machine_lookup(c.o.host_arch, &m) < 0) {
			log_err("unknown --host-arch '%s' (try x86_64, aarch64, armhf, i386, riscv64, ppc64le, s390x)",
				c.o.host_arch);
			return EXIT_USAGE;
		}
	}
	if (c.quiet) {
		out = fopen("/dev/null", "we");
		if (!out)
			out = stdout;
	}
	n = kbp_verify(argv[optind], &c.o, out, &about);
	if (out != stdout)
		fclose(out);
	if (n < 0 && interrupted()) {
		log_err("interrupted by signal %d", interrupted());
		interrupt_reraise(); /* after cleaning up: 130/143 */
	}
	if (n > 0)
		log_err("%s: %d problem(s) in %s", argv[optind], n, about);
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_verify = {
	.name = "verify",
	.run = run_verify,
	.stoppable = true,
};
