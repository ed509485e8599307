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
#include "kernel/kconfig.h"
#include "options.h"
#include "pack/pack.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "sink/sink.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/fileio.h"
#include "shared/str.h"

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

/* The kernel's own samples/ modules the list beside the corpus names
 * ("DIR OBJ.o... [if CONFIG_SYM]"), from SRC, each with obj-m set to its
 * objects; those whose CONFIG_SYM build's .config lacks are skipped. */
static int add_kernel_samples(struct ptrarray *modules, struct ptrarray *obj_m, const char *src,
			      const char *build)
{
	_cleanup_free_ char *corpus = kbp_corpus_dir();
	_cleanup_free_ char *list = path_join(corpus, "kernel-samples.list");
	_cleanup_free_ char *config = path_join(build, ".config");
	_cleanup_free_ char *buf = NULL, *errmsg = NULL;
	struct kconfig kc = { 0 };
	size_t len;
	int r;

	if ((r = read_file(list, &buf, &len)) < 0) {
		log_err("%s: %s", list, strerror(-r));
		return r;
	}
	if ((r = kconfig_read(config, &kc, &errmsg)) < 0) {
		log_err("%s: %s", errmsg ? errmsg : config, strerror(-r));
		return r;
	}
	for (char *line = buf, *next; line && *line; line = next) {
		char *cond, *sp;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		line = str_strip(line);
		if (!*line || *line == '#')
			continue;
		cond = strstr(line, " if ");
		if (cond) {
			*cond = '\0';
			cond = str_strip(cond + 4);
			if (!kconfig_enabled(&kc, cond)) {
				log_info("kernel sample %s skipped: %s is not set", line, cond);
				continue;
			}
		}
		sp = strchr(line, ' ');
		if (!sp) {
			log_err("%s: '%s': want DIR OBJ.o... [if CONFIG_SYM]", list, line);
			kconfig_release(&kc);
			return -EINVAL;
		}
		*sp = '\0';
		ptrarray_push(modules, path_join(src, line));
		ptrarray_push(obj_m, xstrdup(str_strip(sp + 1)));
	}
	kconfig_release(&kc);
	return 0;
}

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
		"                            directory with Kbuild, Makefile and include/linux)\n"
		"  build failed: MODULE_DIR\n"
		"  rule NAME: USED/TOTAL files, USED/TOTAL bytes used  (with --pack-report or --pack)\n"
		"\n",
	.options = audit_options,
	.help_column = 25,
	.tail = "\n"
		"Exit status: 0 nothing missing, no escape, every build succeeded; 1 otherwise; 2 usage error;\n"
		"killed by SIGINT/SIGTERM/SIGHUP (130/143/129) after removing its scratch directories.\n",
};

/* --pack: SRC (and OBJ) packed into scratch/out, the report beside it;
 * the build directory in *build. */
static int pack_scratch(const struct audit_cmdline *c, const char *scratch, char **build, char **report)
{
	_cleanup_free_ char *out = path_join(scratch, "out");
	_cleanup_free_ char *modules = path_join(out, "lib/modules");
	struct pack_opts po = { .src = c->src, .obj = c->obj, .out = out, .manifest_dir = c->manifest_dir,
				.clamp_mtime = -1, .format = FORMAT_DIR };
	struct ptrarray rels = { 0 };
	DIR *d;
	int r;

	*report = path_join(scratch, "pack.yaml");
	po.report = *report;
	r = kbp_pack(&po);
	if (r < 0)
		return r == KBP_EUSAGE ? -EINVAL : r;
	d = opendir(modules);
	if (!d)
		return -errno;
	dir_sorted_names(d, &rels);
	closedir(d);
	if (rels.n != 1) {
		ptrarray_free(&rels, free);
		log_err("%s: want one release, found %zu", modules, rels.n);
		return -EINVAL;
	}
	*build = xasprintf("%s/%s/build", modules, (const char *)rels.v[0]);
	ptrarray_free(&rels, free);
	return 0;
}

/* The tree the samples come from: SRC, else what BUILD/source leads to. */
static char *samples_src(const struct audit_cmdline *c, const char *build)
{
	_cleanup_free_ char *link = NULL, *samples = NULL;
	char *src;

	if (c->src)
		return xstrdup(c->src);
	link = path_join(build, "source");
	src = realpath(link, NULL);
	samples = src ? path_join(src, "samples") : NULL;
	if (samples && path_is_dir(samples))
		return src;
	free(src);
	return NULL;
}

static int run_audit(int argc, char *argv[])
{
	struct audit_cmdline c = { 0 };
	struct audit_opts o = { 0 };
	struct audit_result r = { 0 };
	struct ptrarray modules = { 0 }, obj_m = { 0 };
	const char *tmp = getenv("TMPDIR");
	_cleanup_free_ char *scratch = NULL, *build = NULL, *pack_report = NULL, *src = NULL;
	int dashdash = argc, n, first;

	/* what follows "--" is make's, and getopt would drop the "--" */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			dashdash = i;
			break;
		}
	n = parse_options(&audit_usage, dashdash, argv, &c);
	if (n != OPTIONS_GO_ON)
		return n;
	if (c.pack && !c.src)
		return usage_error(&audit_usage, "%s", "--pack needs --src SRC (and --obj OBJ for an O= build)");
	if (c.pack && c.pack_report)
		return usage_error(&audit_usage, "%s", "--pack reads the report of its own pack: no --pack-report");
	if (c.manifest_dir && !c.pack)
		return usage_error(&audit_usage, "%s", "--manifest-dir goes with --pack");
	first = c.pack ? optind : optind + 1;
	if (dashdash < first || dashdash - first < (c.corpus || c.samples ? 0 : 1))
		return usage_error(&audit_usage, "audit takes %s and at least one module directory (or --corpus, --kernel-samples)",
				   c.pack ? "--pack --src SRC" : "a build directory");
	for (int i = first; i < dashdash; i++) {
		ptrarray_push(&modules, xstrdup(argv[i]));
		ptrarray_push(&obj_m, NULL);
	}
	if (c.corpus) {
		add_corpus(&modules);
		while (obj_m.n < modules.n)
			ptrarray_push(&obj_m, NULL);
	}

	/* from here on a signal ends in the cleanup below */
	interrupt_install_handlers();
	if (c.pack) {
		scratch = xasprintf("%s/kbp-audit-pack.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(scratch)) {
			n = -errno;
			log_err("cannot create %s: %s", scratch, strerror(-n));
			free(scratch);
			scratch = NULL;
			goto out;
		}
		n = pack_scratch(&c, scratch, &build, &pack_report);
		if (n < 0)
			goto out;
		o.build = build;
		o.pack_report = pack_report;
	} else {
		o.build = argv[optind];
		o.pack_report = c.pack_report;
	}
	if (c.samples) {
		src = samples_src(&c, o.build);
		if (!src) {
			log_err("--kernel-samples: no kernel source tree (pass --src SRC)");
			n = -ENOENT;
			goto out;
		}
		n = add_kernel_samples(&modules, &obj_m, src, o.build);
		if (n < 0)
			goto out;
	}
	if (!modules.n) {
		n = -ENOENT;
		goto out;
	}
	o.modules = (char **)modules.v;
	o.obj_m = (char **)obj_m.v;
	o.nmodules = modules.n;
	if (dashdash < argc) {
		o.make_args = argv + dashdash + 1;
		o.nmake_args = (size_t)(argc - dashdash - 1);
	}
	o.trees[0] = c.src;
	o.trees[1] = c.obj;
	o.keep = c.keep;

	n = audit_run(&o, &r);
	if (n == 0 && c.report && (n = audit_write_report(c.report, &o, &r)) < 0)
		log_err("%s: cannot write the report", c.report);
	if (n == 0 && !c.quiet)
		audit_print(&r, c.verbose > 0, stdout);
	if (n == 0 && (r.missing.n || r.escapes.n || r.failed.n))
		n = 1;
out:
	if (scratch) {
		if (c.keep && !interrupted())
			fprintf(stderr, "kbuild-pack: audit --pack tree kept: %s\n", scratch);
		else
			rm_rf(scratch);
	}
	audit_result_release(&r);
	ptrarray_free(&modules, free);
	ptrarray_free(&obj_m, free);
	if (n < 0 && interrupted()) {
		if (!c.pack || build) /* else kbp_pack said it */
			log_err("interrupted by signal %d", interrupted());
		interrupt_reraise(); /* after cleaning up: 130/143 */
	}
	return n == 0 ? EXIT_OK : EXIT_FAIL;
}

const struct kbp_cmd kbp_cmd_audit = {
	.name = "audit",
	.run = run_audit,
};
