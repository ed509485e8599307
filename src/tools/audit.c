// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack audit BUILD MODULE_DIR... [-- MAKE_ARGS...]
 * kbuild-pack audit --pack --src SRC [--obj OBJ] MODULE_DIR... [-- MAKE_ARGS...] */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "pack/pack.h"

struct audit_cmdline {
	const char *src, *obj, *report, *pack_report, *manifest_dir;
	bool keep, quiet, corpus, samples, pack;
	int verbose;
};

#define CMDLINE(field) offsetof(struct audit_cmdline, field)

static const struct option_spec audit_options[] = {
	OPT_STRING('s', "src", CMDLINE(src), "SRC", "the kernel source tree BUILD was packed from:\nwhat is read there is an escape"),
	OPT_STRING('O', "obj", CMDLINE(obj), "OBJ", "its object tree (O= builds), likewise"),
	OPT_BOOL(0, "pack", CMDLINE(pack),
		 "no BUILD: pack SRC (and OBJ) into a scratch directory, as\n"
		 "'kbuild-pack pack' does, audit that and remove it; the\n"
		 "rule lines come from that pack"),
	OPT_STRING('M', "manifest-dir", CMDLINE(manifest_dir), "DIR", "with --pack: the manifests to pack with"),
	OPT_STRING(0, "report", CMDLINE(report), "FILE.yaml", "also write the findings as YAML ('-': stdout)"),
	OPT_STRING(0, "pack-report", CMDLINE(pack_report), "FILE.yaml",
		   "the report 'kbuild-pack pack --report' wrote for BUILD:\n"
		   "print, per manifest rule, the files and bytes the builds used"),
	OPT_BOOL(0, "corpus", CMDLINE(corpus), "also build the test modules shipped with kbuild-pack"),
	OPT_BOOL(0, "kernel-samples", CMDLINE(samples),
		 "also build the kernel's own samples/ modules listed in\n"
		 "kernel-samples.list beside the corpus (copied from SRC,\n"
		 "or from where BUILD/source leads)"),
	OPT_COUNT('v', "verbose", CMDLINE(verbose), "print the files used under each rule line"),
	OPT_BOOL(0, "keep", CMDLINE(keep), "keep the scratch directory (copies, build logs, strace logs)"),
	OPT_BOOL('q', "quiet", CMDLINE(quiet), "print nothing; only the exit status tells"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage audit_usage = {
	.try_help = "kbuild-pack audit --help",
	.head = "Usage: kbuild-pack audit [options] BUILD [MODULE_DIR...] [-- MAKE_ARGS...]\n"
		"       kbuild-pack audit [options] --pack --src SRC [--obj OBJ] [MODULE_DIR...] [-- MAKE_ARGS...]\n"
		"Build each MODULE_DIR (a copy of it, in a scratch directory) with\n"
		"'make -C BUILD M=DIR MAKE_ARGS' under strace, and print, one a line:\n"
		"  missing: PATH (PROGRAMS)  a path of BUILD the build looked for and did not find\n"
		"  escape: PATH (PROGRAMS)   a file read from another kernel tree (SRC, OBJ, any\n"
		"                            directory with Kbuild, Makefile and include/linux, or\n"
		"                            through a link of BUILD that leads out of it)\n"
		"  write: PATH (PROGRAMS)    a file of BUILD (or SRC, OBJ) the build changed\n"
		"  build failed: MODULE_DIR\n"
		"  rule NAME: USED/TOTAL files, USED/TOTAL bytes used  (with --pack-report or --pack)\n"
		"\n",
	.options = audit_options,
	.help_column = 25,
	.tail = "\n"
		"Exit status: 0 nothing missing, no escape, nothing written, every build succeeded; 1 otherwise;\n"
		"2 usage error; killed by SIGINT/SIGTERM/SIGHUP (130/143/129) after removing its scratch\n"
		"directories (after a SIGKILL, its guardian kills the build and removes them).\n",
};

/* Splits argv at "--" (what follows is make's, and getopt would drop the
 * "--"), parses the options and checks them; OPTIONS_GO_ON or an exit. */
static int parse(int argc, char *argv[], struct audit_cmdline *c, int *dashdash)
{
	int n, first;

	*dashdash = argc;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			*dashdash = i;
			break;
		}
	n = parse_options(&audit_usage, *dashdash, argv, c);
	if (n != OPTIONS_GO_ON)
		return n;
	if (c->pack && !c->src)
		return usage_error(&audit_usage, "%s", "--pack needs --src SRC (and --obj OBJ for an O= build)");
	if (c->pack && c->pack_report)
		return usage_error(&audit_usage, "%s", "--pack reads the report of its own pack: no --pack-report");
	if (c->manifest_dir && !c->pack)
		return usage_error(&audit_usage, "%s", "--manifest-dir goes with --pack");
	first = c->pack ? optind : optind + 1;
	if (*dashdash < first || *dashdash - first < (c->corpus || c->samples ? 0 : 1))
		return usage_error(&audit_usage, "audit takes %s and at least one module directory (or --corpus, --kernel-samples)",
				   c->pack ? "--pack --src SRC" : "a build directory");
	return OPTIONS_GO_ON;
}

static int run_audit(int argc, char *argv[])
{
	struct audit_cmdline c = { 0 };
	int dashdash, first, n = parse(argc, argv, &c, &dashdash);

	if (n != OPTIONS_GO_ON)
		return n;
	first = c.pack ? optind : optind + 1;
	n = kbp_audit(&(struct audit_request){
		.build = c.pack ? NULL : argv[optind],
		.src = c.src,
		.obj = c.obj,
		.pack = c.pack,
		.manifest_dir = c.manifest_dir,
		.pack_report = c.pack_report,
		.modules = argv + first,
		.nmodules = (size_t)(dashdash - first),
		.corpus = c.corpus,
		.samples = c.samples,
		.make_args = argv + dashdash + (dashdash < argc),
		.nmake_args = (size_t)(argc - dashdash - (dashdash < argc)),
		.report = c.report,
		.keep = c.keep,
		.quiet = c.quiet,
		.verbose = c.verbose > 0,
	});
	if (n < 0 && interrupted())
		interrupt_reraise(); /* after cleaning up: 130/143 */
	return n == KBP_EUSAGE ? EXIT_USAGE : n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_audit = {
	.name = "audit",
	.run = run_audit,
	.stoppable = true,
};
