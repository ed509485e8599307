// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack rpm-deps: rpm's dependency generator for a split's parts
 * (packaging/rpm/kbuild_pack_split.attr): the paths of a package's files on
 * stdin, one a line, as rpmbuild gives them; what they provide or require
 * on stdout (src/split/rpm-deps.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild-pack.h"
#include "options.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "split/rpm-deps.h"

struct rpm_deps_cmdline {
	bool provides, requires;
};

#define CMDLINE(field) offsetof(struct rpm_deps_cmdline, field)

static const struct option_spec rpm_deps_options[] = {
	OPT_BOOL('P', "provides", CMDLINE(provides), "what the common and arch parts' lists provide"),
	OPT_BOOL('R', "requires", CMDLINE(requires), "what a flavour's Makefile requires"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage rpm_deps_usage = {
	.try_help = "kbuild-pack rpm-deps --help",
	.head = "Usage: kbuild-pack rpm-deps --provides|--requires < PATHS\n"
		"rpm's dependency generator for the parts of kbuild-pack split: for each\n"
		"path on stdin (a package's file in the buildroot), print what it provides\n"
		"(a common or arch part's list: kbuild-pack-split(DIR/PART) = DIGEST) or\n"
		"requires (a flavour's Makefile: the common and arch parts it was made\n"
		"with).\n"
		"\n",
	.options = rpm_deps_options,
	.help_column = 20,
	.tail = "\nExit status: 0 printed, 1 a list or Makefile that cannot be read, 2 usage error.\n",
};

static int run_rpm_deps(int argc, char *argv[])
{
	struct rpm_deps_cmdline c = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int r = 0;

	n = parse_options(&rpm_deps_usage, argc, argv, &c);
	if (n != OPTIONS_GO_ON)
		return (int)n;
	if (optind < argc)
		return usage_error(&rpm_deps_usage, "unexpected argument '%s' (the paths come on stdin)", argv[optind]);
	if (c.provides == c.requires)
		return usage_error(&rpm_deps_usage, "%s", "give one of --provides and --requires");
	while (r == 0 && (n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (*line)
			r = split_rpm_deps(line, c.requires, stdout);
	}
	free(line);
	if (r == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		log_err("cannot write the dependencies: %s", strerror(errno));
		r = -EIO;
	}
	return r == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_rpm_deps = {
	.name = "rpm-deps",
	.run = run_rpm_deps,
};
