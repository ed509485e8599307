// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack split: the command line of a split. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild-pack.h"
#include "options.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/path.h"
#include "kernel/tree.h"
#include "split/layout.h"
#include "split/split.h"

struct split_cmdline {
	struct split_opts o;
	struct ptrarray trees; /* const char *, --tree as given */
	struct ptrarray extra; /* --manifest */
	struct ptrarray arches; /* --arch, with --common-only */
	int verbose;
	bool quiet;
};

#define CMDLINE(field) offsetof(struct split_cmdline, field)

static int add_tree(void *value, const char *arg)
{
	if (!*arg)
		return -EINVAL;
	ptrarray_push(value, (void *)arg);
	return 0;
}

static int parse_layout(void *value, const char *arg)
{
	const struct split_layout_kind **k = value;

	*k = split_layout_named(arg);
	return *k ? 0 : -EINVAL;
}

static const struct option_spec split_options[] = {
	OPT_GROUP("Trees (read, never written):"),
	OPT_CALLBACK('t', "tree", CMDLINE(trees), "[NAME=]DIR",
		     "a configured, built tree: an O= object tree (its\n"
		     "sources found through DIR/source) or an in-tree build;\n"
		     "NAME names its flavour part (default: its release).\n"
		     "Repeat for each flavour and architecture",
		     add_tree, "--tree takes [NAME=]DIR, not '%s'"),
	OPT_BOOL(0, "common-only", CMDLINE(o.common_only),
		 "make the common part alone from the source tree (no\n"
		 "built tree): for the job of a build farm that has none"),
	OPT_STRING('s', "src", CMDLINE(o.source), "SRC", "with --common-only: the kernel source tree"),
	OPT_CALLBACK('a', "arch", CMDLINE(arches), "ARCH",
		     "with --common-only or --layout debian: an architecture\n"
		     "(SRCARCH: x86, arm64, ...) the release is built for\n"
		     "(repeatable)",
		     add_tree, "--arch takes an architecture such as x86 or arm64, not '%s'"),
	OPT_GROUP("Output:"),
	OPT_STRING('o', "out", CMDLINE(o.out), "DIR",
		   "write each part into DIR/PART (an install root each:\n"
		   "common, arch-ARCH, flavour-NAME; PART@COMPONENT for\n"
		   "the files of a component, e.g. rust); DIR must not exist"),
	OPT_CALLBACK('F', "format", CMDLINE(o.format), "FMT",
		     "dir (default), or tar, tar.gz, tar.xz, tar.zst, cpio:\n"
		     "one archive per part, DIR/PART.FMT",
		     kbp_parse_format, "--format takes dir, tar, tar.gz, tar.xz, tar.zst or cpio, not '%s'"),
	OPT_CALLBACK(0, "layout", CMDLINE(o.layout), "=parts|debian",
		     "parts (default): common, arch-ARCH, flavour-NAME;\n"
		     "debian: Debian's packages, linux-headers-COMMON (from\n"
		     "the source alone, every --arch), linux-kbuild-SERIES\n"
		     "(the host programs) and linux-headers-RELEASE",
		     parse_layout, "--layout takes 'parts' or 'debian', not '%s'"),
	OPT_BOOL(0, "merged-usr", CMDLINE(o.merged_usr),
		 "install usr/lib/modules/RELEASE/{build,source} as\n"
		 "relative links (else lib/modules, absolute links)"),
	OPT_STRING(0, "kbuild", CMDLINE(o.kbuild), "PATH",
		   "with --layout debian: a published host programs part\n"
		   "(its root, or usr/lib/linux-kbuild-SERIES): write none,\n"
		   "each tree's programs checked against it (a featureset)"),
	OPT_STRING(0, "kbuild-name", CMDLINE(o.kbuild_name), "SERIES",
		   "with --layout debian: linux-kbuild-SERIES (default:\n"
		   "VERSION.PATCHLEVEL, e.g. 6.1)"),
	OPT_STRING(0, "common-name", CMDLINE(o.common_name), "NAME",
		   "name of the common part (usr/src/linux-headers-NAME);\n"
		   "default: VERSION-common-DIGEST (its content's)"),
	OPT_STRING(0, "common", CMDLINE(o.common), "PATH",
		   "a published common part (its root, directory or\n"
		   "list file " ".kbuild-pack-common" "): write only the other parts,\n"
		   "each tree checked against it"),
	OPT_STRING(0, "report", CMDLINE(o.report), "FILE.yaml",
		   "write a YAML report: the parts, and the part of every\n"
		   "file of every tree; '-': stdout"),
	OPT_BOOL('f', "force", CMDLINE(o.force), "replace an existing DIR"),
	OPT_BOOL('l', "list", CMDLINE(o.list), "print each tree's files and their parts; write nothing"),
	OPT_BOOL('n', "dry-run", CMDLINE(o.dry_run), "print each part's size; write nothing"),
	OPT_PACK_RULES(CMDLINE(o.rules), CMDLINE(extra)),
	OPT_GROUP("Messages:"),
	OPT_COUNT('v', "verbose", CMDLINE(verbose), "say more (twice: debug)"),
	OPT_BOOL('q', "quiet", CMDLINE(quiet), "errors only"),
	OPT_HELP("this text"),
	OPT_VERSION("print the version"),
	OPT_END(),
};

static const struct command_usage split_usage = {
	.options = split_options,
	.try_help = "kbuild-pack split --help",
	.head = "Usage: kbuild-pack split --tree [NAME=]DIR --tree [NAME=]DIR... --out DIR [options]\n"
		"       kbuild-pack split --common-only --src SRC --arch ARCH... --out DIR [options]\n"
		"       kbuild-pack split --layout debian --common-name ABI-common --arch ARCH...\n"
		"                         (--tree [NAME=]DIR... | --common-only --src SRC) --out DIR\n"
		"Pack several built trees of one kernel source (flavours, architectures) as the\n"
		"parts a distribution ships: what every tree has alike (common), what the trees\n"
		"of an architecture share (arch-ARCH), and each tree's own (flavour-NAME).\n"
		"Installed together, a tree's parts make /lib/modules/<release>/build a\n"
		"build directory for external modules, checked against a single pack of it.\n"
		"\n",
	.help_column = 28,
	.tail = "\n"
		"Environment: SOURCE_DATE_EPOCH clamps every mtime of the output.\n"
		"Exit status: 0 success, 1 failure (nothing written), 2 usage error.\n"
		"See also: kbuild-pack --help, kbuild-pack(1), doc/split.md.\n",
	.bad_option = "invalid option",
};

/* [NAME=]DIR: an O= object tree has a 'source' link, an in-tree build not.
 * A DIR that is no directory is said as the built tree it should be (not
 * as the source tree an in-tree build is opened as): -errno. */
static int parse_tree(const char *arg, struct split_tree_spec *t)
{
	const char *eq = strchr(arg, '='), *slash = strchr(arg, '/');
	const char *dir = arg;
	_cleanup_free_ char *source = NULL;

	if (eq && (!slash || eq < slash)) {
		t->name = xstrndup(arg, (size_t)(eq - arg));
		dir = eq + 1;
	}
	if (!path_is_dir(dir)) {
		int e = path_exists(dir) ? ENOTDIR : ENOENT;

		log_err("%s: built tree (--tree %s): %s", dir, arg, strerror(e));
		return -e;
	}
	source = ktree_source_link(dir);
	if (source)
		t->obj = xstrdup(dir);
	else
		t->src = xstrdup(dir);
	return 0;
}

static void cmdline_release(struct split_cmdline *c)
{
	for (size_t i = 0; i < c->o.ntrees; i++) {
		struct split_tree_spec *t = (struct split_tree_spec *)&c->o.trees[i];
		free((char *)t->name);
		free((char *)t->src);
		free((char *)t->obj);
	}
	free((void *)c->o.trees);
	ptrarray_free(&c->trees, NULL);
	ptrarray_free(&c->extra, NULL);
	ptrarray_free(&c->arches, NULL);
}

static int check_cmdline(const struct split_cmdline *c, int argc, char *argv[])
{
	const struct split_opts *o = &c->o;

	if (optind < argc)
		return usage_error(&split_usage, "unexpected argument '%s'", argv[optind]);
	const struct split_layout_kind *lk = o->layout;
	bool from_source = lk->common_from_source;

	if (o->common_only) {
		if (c->trees.n || !o->source || !c->arches.n || o->common)
			return usage_error(&split_usage, "%s",
					   "--common-only takes --src SRC and an --arch for each architecture, no --tree, no --common");
	} else if (o->source || (c->arches.n && !from_source)) {
		return usage_error(&split_usage, "%s",
				   "--src and --arch go with --common-only or --layout debian (a --tree finds its own sources)");
	} else if (c->trees.n == 0) {
		return usage_error(&split_usage, "%s", "no tree given: pass --tree DIR for each built tree");
	}
	if (!o->out && !o->list && !o->dry_run)
		return usage_error(&split_usage, "%s", "no output given: pass --out DIR (or --list, --dry-run)");
	for (size_t i = 0; i < c->arches.n; i++)
		if (!ktree_arch_name_ok(c->arches.v[i]))
			return usage_error(&split_usage, "--arch '%s': want a kernel architecture name (lower-case "
					   "letters, digits, '_': x86, arm64)", (const char *)c->arches.v[i]);
	if (o->list && o->dry_run)
		return usage_error(&split_usage, "%s", "--list and --dry-run do not go together");
	if (o->report && (o->list || o->dry_run))
		return usage_error(&split_usage, "%s", "--report writes what a split wrote; not with --list or --dry-run");
	if (o->common_name && !name_ok(o->common_name))
		return usage_error(&split_usage, "--common-name '%s': want " NAME_RULE,
				   o->common_name);
	if (o->common_name && o->common)
		return usage_error(&split_usage, "%s", "--common names the published part: not with --common-name");
	if (from_source && (!o->common_name || !c->arches.n || o->common))
		return usage_error(&split_usage, "%s",
				   "--layout debian takes --common-name (Debian's ABI-common, e.g. 6.1.0-57-common) and an "
				   "--arch for each release architecture; it makes the common part from the source, no --common");
	if (!lk->kbuild_part && (o->kbuild_name || o->merged_usr || o->kbuild))
		return usage_error(&split_usage, "%s", "--kbuild, --kbuild-name and --merged-usr go with --layout debian");
	if (o->kbuild_name && !name_ok(o->kbuild_name))
		return usage_error(&split_usage, "--kbuild-name '%s': want " NAME_RULE,
				   o->kbuild_name);
	return OPTIONS_GO_ON;
}

static int run_split(int argc, char *argv[])
{
	_cleanup_(cmdline_release) struct split_cmdline c = { .o.clamp_mtime = -1, .o.layout = &split_layout_parts };
	struct split_tree_spec *trees;
	int r;

	r = parse_options(&split_usage, argc, argv, &c);
	if (r == OPTIONS_GO_ON)
		r = check_cmdline(&c, argc, argv);
	if (r != OPTIONS_GO_ON)
		return r;
	if (kbp_parse_sde(&c.o.clamp_mtime) < 0)
		return usage_error(&split_usage, "SOURCE_DATE_EPOCH='%s' is not a non-negative number of seconds",
				   getenv("SOURCE_DATE_EPOCH"));
	trees = xcalloc(c.trees.n, sizeof(*trees));
	c.o.trees = trees;
	c.o.ntrees = c.trees.n;
	for (size_t i = 0; i < c.trees.n; i++)
		if (parse_tree(c.trees.v[i], &trees[i]) < 0)
			return EXIT_FAIL;
	c.o.arches = (const char **)c.arches.v;
	c.o.narches = c.arches.n;
	c.o.rules.extra_manifests = (const char **)c.extra.v;
	c.o.rules.nextra = c.extra.n;
	log_set_level(c.quiet ? LOG_ERR : c.verbose >= 2 ? LOG_DEBUG : c.verbose ? LOG_INFO : LOG_WARN);

	r = kbp_split(&c.o);
	if (r < 0 && interrupted())
		interrupt_reraise();
	return r == KBP_EUSAGE ? EXIT_USAGE : r < 0 ? EXIT_FAIL : EXIT_OK;
}

const struct kbp_cmd kbp_cmd_split = {
	.name = "split",
	.run = run_split,
	.stoppable = true,
};
