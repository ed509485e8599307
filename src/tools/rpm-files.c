// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack rpm-files: the lines of an rpm %files list that name exactly
 * the given paths, for %kbuild_pack_install (packaging/rpm); the encoding
 * and why it is so: src/inspect/rpm-files.c. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inspect/rpm-files.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/strbuf.h"

struct rpm_files_cmdline {
	const char *rpm_version;
	const char *tree;
};

#define CMDLINE(field) offsetof(struct rpm_files_cmdline, field)

static const struct option_spec rpm_files_options[] = {
	OPT_STRING(0, "rpm-version", CMDLINE(rpm_version), "VERSION",
		   "the rpmbuild that reads the list (%{rpmversion}; default,\n"
		   "or not a version: 4.18 and older)"),
	OPT_STRING(0, "tree", CMDLINE(tree), "DIR",
		   "list DIR, installed as PATH: PATH and every directory below\n"
		   "as %dir, then every file and link"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage rpm_files_usage = {
	.try_help = "kbuild-pack rpm-files --help",
	.head = "Usage: kbuild-pack rpm-files [options] PATH...\n"
		"       kbuild-pack rpm-files [options] --tree DIR PATH\n"
		"Print one line of an rpm %files list for each PATH (absolute), escaped so\n"
		"that rpmbuild reads exactly that name, or fail naming a path it cannot be\n"
		"given.\n"
		"\n",
	.options = rpm_files_options,
	.help_column = 25,
	.tail = "\nExit status: 0 listed, 1 a path rpm cannot be given, 2 usage error.\n",
};

static int run_rpm_files(int argc, char *argv[])
{
	struct rpm_files_cmdline c = { 0 };
	struct ptrarray out = { 0 };
	bool rpm419;
	int n, r = 0;

	n = parse_options(&rpm_files_usage, argc, argv, &c);
	if (n != OPTIONS_GO_ON)
		return n;
	if (optind == argc || (c.tree && optind + 1 != argc))
		return usage_error(&rpm_files_usage, "%s", c.tree ? "--tree takes exactly one PATH" : "no PATH given");
	rpm419 = rpm_419_or_later(c.rpm_version);
	if (c.tree)
		r = rpm_files_tree(c.tree, argv[optind], rpm419, &out);
	for (int i = optind; !c.tree && r == 0 && i < argc; i++)
		r = rpm_files_add(&out, argv[i], false, rpm419);
	/* All or nothing: a list cut short would leave files unowned. */
	for (size_t i = 0; r == 0 && i < out.n; i++)
		printf("%s\n", (char *)out.v[i]);
	ptrarray_free(&out, free);
	if (r == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		log_err("cannot write the list: %s", strerror(errno));
		r = -EIO;
	}
	return r == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_rpm_files = {
	.name = "rpm-files",
	.run = run_rpm_files,
};
