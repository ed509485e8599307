// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack audit BUILD MODULE_DIR... [-- MAKE_ARGS...] */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "audit/audit.h"
#include "kbuild-pack.h"
#include "options.h"
#include "shared/log.h"
#include "shared/paths.h"

/* The module directories of the corpus, sorted, after the given ones. */
static void add_corpus(struct ptrarray *modules)
{
	_cleanup_free_ char *dir = kbp_corpus_dir();
	struct ptrarray names = { 0 };
	DIR *d = opendir(dir);

	if (!d) {
		log_err("%s: no corpus of modules there", dir);
		return;
	}
	dir_sorted_names(d, &names);
	closedir(d);
	for (size_t i = 0; i < names.n; i++) {
		char *m = path_join(dir, names.v[i]);
		if (path_is_dir(m))
			ptrarray_push(modules, m);
		else
			free(m);
	}
	ptrarray_free(&names, free);
}

struct audit_cmdline {
	const char *src, *obj, *report, *pack_report;
	bool keep, quiet, corpus;
};

#define CMDLINE(field) offsetof(struct audit_cmdline, field)

static const struct option_spec audit_options[] = {
	OPT_STRING('s', "src", CMDLINE(src), "SRC", "the kernel source tree BUILD was packed from:\nwhat is read there is an escape"),
	OPT_STRING('O', "obj", CMDLINE(obj), "OBJ", "its object tree (O= builds), likewise"),
	OPT_STRING(0, "report", CMDLINE(report), "FILE.yaml", "also write the findings as YAML ('-': stdout)"),
	OPT_STRING(0, "pack-report", CMDLINE(pack_report), "FILE.yaml",
		   "the report 'kbuild-pack pack --report' wrote for BUILD:\n"
		   "print, per manifest rule, the files and bytes the builds used"),
	OPT_BOOL(0, "corpus", CMDLINE(corpus), "also build the test modules shipped with kbuild-pack"),
	OPT_BOOL(0, "keep", CMDLINE(keep), "keep the scratch directory (copies, build logs, strace logs)"),
	OPT_BOOL('q', "quiet", CMDLINE(quiet), "print nothing; only the exit status tells"),
	OPT_HELP("this text"),
	OPT_END(),
};

static const struct command_usage audit_usage = {
	.try_help = "kbuild-pack audit --help",
	.head = "Usage: kbuild-pack audit [options] BUILD [MODULE_DIR...] [-- MAKE_ARGS...]\n"
		"Build each MODULE_DIR (a copy of it, in a scratch directory) with\n"
		"'make -C BUILD M=DIR MAKE_ARGS' under strace, and print, one a line:\n"
		"  missing: PATH (PROGRAMS)  a path of BUILD the build looked for and did not find\n"
		"  escape: PATH (PROGRAMS)   a file read from another kernel tree (SRC, OBJ, any\n"
		"                            directory with Kbuild, Makefile and include/linux)\n"
		"  build failed: MODULE_DIR\n"
		"  rule NAME: USED/TOTAL files, USED/TOTAL bytes used  (with --pack-report)\n"
		"\n",
	.options = audit_options,
	.help_column = 25,
	.tail = "\n"
		"Exit status: 0 nothing missing, no escape, every build succeeded; 1 otherwise; 2 usage error.\n",
};

static int run_audit(int argc, char *argv[])
{
	struct audit_cmdline c = { 0 };
	struct audit_opts o = { 0 };
	struct audit_result r = { 0 };
	struct ptrarray modules = { 0 };
	int dashdash = argc, n;

	/* what follows "--" is make's, and getopt would drop the "--" */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dashdash = i;
			break;
		}
	n = parse_options(&audit_usage, dashdash, argv, &c);
	if (n != OPTIONS_GO_ON)
		return n;
	if (dashdash - optind < (c.corpus ? 1 : 2))
		return usage_error(&audit_usage, "audit takes a build directory and at least one module directory (or --corpus)");
	o.build = argv[optind];
	for (int i = optind + 1; i < dashdash; i++)
		ptrarray_push(&modules, xstrdup(argv[i]));
	if (c.corpus)
		add_corpus(&modules);
	if (!modules.n) {
		ptrarray_free(&modules, free);
		return EXIT_FAIL;
	}
	o.modules = (char **)modules.v;
	o.nmodules = modules.n;
	if (dashdash < argc) {
		o.make_args = argv + dashdash + 1;
		o.nmake_args = (size_t)(argc - dashdash - 1);
	}
	o.trees[0] = c.src;
	o.trees[1] = c.obj;
	o.keep = c.keep;
	o.pack_report = c.pack_report;

	n = audit_run(&o, &r);
	if (n == 0 && c.report && (n = audit_write_report(c.report, &o, &r)) < 0)
		log_err("%s: cannot write the report", c.report);
	if (n == 0 && !c.quiet)
		audit_print(&r, stdout);
	if (n == 0 && (r.missing.n || r.escapes.n || r.failed.n))
		n = 1;
	audit_result_release(&r);
	ptrarray_free(&modules, free);
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_audit = {
	.name = "audit",
	.run = run_audit,
};
