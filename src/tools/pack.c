// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack [pack]: the command line of a pack. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "kbuild-pack.h"
#include "options.h"
#include "rules/manifest.h"
#include "pack/pack.h"
#include "pack/steps/vmlinux-btf.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/array.h"
#include "shared/str.h"
#include "sink/sink.h"

static const char *const modpost_names[] = { [MODPOST_TREE] = "tree", [MODPOST_BUNDLED] = "bundled" };
static const char *const host_tools_names[] = { [HOST_TOOLS_BUILD] = "build", [HOST_TOOLS_TARGET] = "target" };

int kbp_parse_modpost(void *value, const char *arg)
{
	int r = strv_index(modpost_names, ARRAY_SIZE(modpost_names), arg);

	if (r >= 0)
		*(enum modpost_mode *)value = (enum modpost_mode)r;
	return r;
}

int kbp_parse_host_tools(void *value, const char *arg)
{
	int r = strv_index(host_tools_names, ARRAY_SIZE(host_tools_names), arg);

	if (r >= 0)
		*(enum host_tools_mode *)value = (enum host_tools_mode)r;
	return r;
}

int kbp_parse_vmlinux(void *value, const char *arg)
{
	int r = vmlinux_mode_parse(arg);

	if (r >= 0)
		*(enum vmlinux_mode *)value = (enum vmlinux_mode)r;
	return r;
}

int kbp_parse_format(void *value, const char *arg)
{
	return sink_format_parse(arg, value);
}

int kbp_add_manifest(void *value, const char *arg)
{
	ptrarray_push(value, (void *)arg);
	return 0;
}

/* A component name goes into package and file-list names. */
int kbp_add_component(void *value, const char *arg)
{
	if (!component_name_ok(arg))
		return -EINVAL;
	ptrarray_push(value, (void *)arg);
	return 0;
}

/* What the command line sets besides struct pack_opts. */
struct pack_cmdline {
	struct pack_opts o;
	struct ptrarray extra; /* const char *, --manifest in order */
	struct ptrarray only, without; /* --component, --exclude-component */
	int verbose;
	bool quiet;
};

#define CMDLINE(field) offsetof(struct pack_cmdline, field)

static const struct option_spec pack_options[] = {
	OPT_GROUP("Trees (read, never written):"),
	OPT_STRING('s', "src", CMDLINE(o.src), "SRC", "kernel source tree (found through OBJ/source when omitted)"),
	OPT_STRING('O', "obj", CMDLINE(o.obj), "OBJ", "object tree of an O= build (default: SRC, an in-tree build)"),
	OPT_STRING('a', "arch", CMDLINE(o.arch), "ARCH", "architecture (default: from the tree's .config)"),
	OPT_GROUP("Output:"),
	OPT_STRING('o', "out", CMDLINE(o.out), "DESTDIR|FILE",
		   "install root (the result is DESTDIR/lib/modules/<release>/build),\n"
		   "or the archive file for an archive format"),
	OPT_CALLBACK('F', "format", CMDLINE(o.format), "FMT",
		     "dir (default), tar, tar.gz, tar.xz, tar.zst or cpio; archives\n"
		     "hold lib/modules/<release>/{build,source}, byte-reproducibly",
		     kbp_parse_format, "--format takes dir, tar, tar.gz, tar.xz, tar.zst or cpio, not '%s'"),
	OPT_BOOL(0, "hardlink-dups", CMDLINE(o.hardlink_dups), "archives: store identical files as hard links"),
	OPT_STRING(0, "report", CMDLINE(o.report), "FILE.yaml",
		   "write a YAML report of every file (sha256, origin, rule,\n"
		   "component) and of each component; '-': stdout"),
	OPT_BOOL(0, "verify", CMDLINE(o.verify), "run 'kbuild-pack verify' on the result before publishing it"),
	OPT_STRING(0, "host-arch", CMDLINE(o.host_arch), "ARCH", "machine the tree's programs must run on, for --verify"),
	OPT_BOOL(0, "unproven-series", CMDLINE(o.unproven_series),
		 "pack a kernel series the manifests are not proven on; the\n"
		 "result is published only if a canary module builds against it"),
	OPT_BOOL('f', "force", CMDLINE(o.force), "replace an existing build directory"),
	OPT_BOOL('l', "list", CMDLINE(o.list),
		 "print what would be copied (path, origin, rule,\n"
		 "component); write nothing"),
	OPT_CALLBACK(0, "component", CMDLINE(only), "NAME",
		     "pack only the files of this component (repeatable)",
		     kbp_add_component, "--component takes a name like 'rust' ([a-z0-9][a-z0-9-]*), not '%s'"),
	OPT_CALLBACK(0, "exclude-component", CMDLINE(without), "NAME",
		     "pack all but the files of this component (repeatable)",
		     kbp_add_component, "--exclude-component takes a name like 'rust' ([a-z0-9][a-z0-9-]*), not '%s'"),
	OPT_PACK_RULES(CMDLINE(o.rules), CMDLINE(extra)),
	OPT_GROUP("Messages:"),
	OPT_COUNT('v', "verbose", CMDLINE(verbose), "say more (twice: debug)"),
	OPT_BOOL('q', "quiet", CMDLINE(quiet), "errors only"),
	OPT_HELP("this text"),
	OPT_VERSION("print the version"),
	OPT_END(),
};

static const struct command_usage pack_usage = {
	.options = pack_options,
	.try_help = "kbuild-pack --help",
	.head = "Usage: kbuild-pack [pack] --src SRC [--obj OBJ] --out DESTDIR [options]\n"
		"Pack a configured, built kernel tree into DESTDIR/lib/modules/<release>/build,\n"
		"a build directory for out-of-tree modules (make -C .../build M=$PWD).\n"
		"\n",
	.help_column = 28,
	.tail = "\n"
		"Environment: SOURCE_DATE_EPOCH clamps every mtime of the output.\n"
		"Exit status: 0 success, 1 failure (nothing written), 2 usage error.\n"
		"See also: kbuild-pack verify --help, kbuild-pack diff --help, kbuild-pack(1).\n",
	.bad_option = "invalid option",
};

/* SOURCE_DATE_EPOCH as reproducible-builds.org defines it: a decimal count of seconds. */
int kbp_parse_sde(int64_t *out)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;

	*out = -1;
	if (!s || !*s)
		return 0;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || *end || v < 0)
		return -EINVAL;
	*out = v;
	return 0;
}

/* What the options cannot say alone: operands, required ones, combinations. */
static int check_cmdline(const struct pack_cmdline *c, int argc, char *argv[])
{
	const struct pack_opts *o = &c->o;

	if (optind < argc)
		return usage_error(&pack_usage, "unexpected argument '%s'", argv[optind]);
	if (!o->src && !o->obj)
		return usage_error(&pack_usage, "%s", "no kernel tree given: pass --src SRC (and --obj OBJ for an O= build)");
	if (!o->out && !o->list)
		return usage_error(&pack_usage, "%s", "no output given: pass --out DESTDIR (or --list)");
	if (o->hardlink_dups && o->format == FORMAT_DIR)
		return usage_error(&pack_usage, "%s", "--hardlink-dups needs an archive --format");
	if (o->report && o->list)
		return usage_error(&pack_usage, "%s", "--report writes what a pack wrote; it does not go with --list");
	if (c->only.n && c->without.n)
		return usage_error(&pack_usage, "%s", "--component and --exclude-component do not go together");
	return OPTIONS_GO_ON;
}

static void cmdline_release(struct pack_cmdline *c)
{
	ptrarray_free(&c->extra, NULL);
	ptrarray_free(&c->only, NULL);
	ptrarray_free(&c->without, NULL);
}

static int run_pack(int argc, char *argv[])
{
	_cleanup_(cmdline_release) struct pack_cmdline c = { .o.clamp_mtime = -1 };
	int r;

	r = parse_options(&pack_usage, argc, argv, &c);
	if (r == OPTIONS_GO_ON)
		r = check_cmdline(&c, argc, argv);
	if (r != OPTIONS_GO_ON)
		return r;
	if (kbp_parse_sde(&c.o.clamp_mtime) < 0)
		return usage_error(&pack_usage, "SOURCE_DATE_EPOCH='%s' is not a non-negative number of seconds",
				   getenv("SOURCE_DATE_EPOCH"));
	c.o.rules.extra_manifests = (const char **)c.extra.v;
	c.o.rules.nextra = c.extra.n;
	c.o.exclude_components = c.without.n > 0;
	c.o.components = (const char **)(c.without.n ? c.without.v : c.only.v);
	c.o.ncomponents = c.without.n ? c.without.n : c.only.n;
	log_set_level(c.quiet ? LOG_ERR : c.verbose >= 2 ? LOG_DEBUG : c.verbose ? LOG_INFO : LOG_WARN);

	r = kbp_pack(&c.o);
	/* Die by the signal (after cleaning up), so callers see 130/143. */
	if (r < 0 && interrupted())
		interrupt_reraise();
	return r == KBP_EUSAGE ? EXIT_USAGE : r < 0 ? EXIT_FAIL : EXIT_OK;
}

const struct kbp_cmd kbp_cmd_pack = {
	.name = "pack",
	.run = run_pack,
	.stoppable = true,
};
