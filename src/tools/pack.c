// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack [pack]: the command line of a pack. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "kbuild-pack.h"
#include "pack/pack.h"
#include "shared/log.h"
#include "shared/util.h"
#include "sink/sink.h"
#include "pack/steps/vmlinux-btf.h"

static const char usage_text[] =
	"Usage: kbuild-pack [pack] --src SRC [--obj OBJ] --out DESTDIR [options]\n"
	"Pack a configured, built kernel tree into DESTDIR/lib/modules/<release>/build,\n"
	"a build directory for out-of-tree modules (make -C .../build M=$PWD).\n"
	"\n"
	"Trees (read, never written):\n"
	"  -s, --src SRC             kernel source tree (found through OBJ/source when omitted)\n"
	"  -O, --obj OBJ             object tree of an O= build (default: SRC, an in-tree build)\n"
	"  -a, --arch ARCH           architecture (default: from the tree's .config)\n"
	"Output:\n"
	"  -o, --out DESTDIR|FILE    install root (the result is DESTDIR/lib/modules/<release>/build),\n"
	"                            or the archive file for an archive format\n"
	"  -F, --format FMT          dir (default), tar, tar.gz, tar.xz, tar.zst or cpio; archives\n"
	"                            hold lib/modules/<release>/{build,source}, byte-reproducibly\n"
	"      --hardlink-dups       archives: store identical files as hard links\n"
	"      --report FILE.yaml    write a YAML report of every file (sha256, origin, rule); '-': stdout\n"
	"      --verify              run 'kbuild-pack verify' on the result before publishing it\n"
	"      --host-arch ARCH      machine the tree's programs must run on, for --verify\n"
	"  -f, --force               replace an existing build directory\n"
	"  -l, --list                print what would be copied (path, origin, rule); write nothing\n"
	"Rules:\n"
	"  -M, --manifest-dir DIR    manifests to use (default: the installed ones)\n"
	"  -m, --manifest FILE       extra manifest applied after the built-in ones (repeatable)\n"
	"      --allow-missing-symvers  pack a tree without Module.symvers (warning only)\n"
	"      --allow-outside-links  keep symlinks that leave SRC and OBJ as links (default: refuse)\n"
	"      --modpost=tree|bundled   keep the tree's scripts/mod/modpost (default) or\n"
	"                            install kbuild-modpost in its place\n"
	"      --host-tools=build|target  keep the tree's host programs, built for the build\n"
	"                            machine (default), or rebuild them with the target's\n"
	"                            compiler for the machine the tree is installed on\n"
	"      --cross-compile PREFIX  target compiler PREFIXgcc for --host-tools=target\n"
	"                            (default: from CONFIG_CC_VERSION_TEXT)\n"
	"      --vmlinux=btf|full|none  with CONFIG_DEBUG_INFO_BTF_MODULES, the vmlinux modules\n"
	"                            take their BTF base from: only its .BTF section (default),\n"
	"                            stripped of debug info, or none (modules get no BTF)\n"
	"Messages:\n"
	"  -v, --verbose             say more (twice: debug)\n"
	"  -q, --quiet               errors only\n"
	"  -h, --help                this text\n"
	"  -V, --version             print the version\n"
	"\n"
	"Environment: SOURCE_DATE_EPOCH clamps every mtime of the output.\n"
	"Exit status: 0 success, 1 failure (nothing written), 2 usage error.\n"
	"See also: kbuild-pack verify --help, kbuild-pack diff --help, kbuild-pack(1).\n";

enum { OPT_HOST_TOOLS = 320, OPT_CROSS_COMPILE };
enum { OPT_VMLINUX = 340 };
enum { OPT_ALLOW_OUTSIDE_LINKS = 360 };
enum { OPT_ALLOW_MISSING_SYMVERS = 256, OPT_MODPOST, OPT_HARDLINK_DUPS, OPT_REPORT, OPT_VERIFY, OPT_HOST_ARCH };

static const struct option longopts[] = {
	{ "src", required_argument, NULL, 's' },
	{ "obj", required_argument, NULL, 'O' },
	{ "out", required_argument, NULL, 'o' },
	{ "arch", required_argument, NULL, 'a' },
	{ "manifest-dir", required_argument, NULL, 'M' },
	{ "manifest", required_argument, NULL, 'm' },
	{ "list", no_argument, NULL, 'l' },
	{ "force", no_argument, NULL, 'f' },
	{ "allow-missing-symvers", no_argument, NULL, OPT_ALLOW_MISSING_SYMVERS },
	{ "allow-outside-links", no_argument, NULL, OPT_ALLOW_OUTSIDE_LINKS },
	{ "modpost", required_argument, NULL, OPT_MODPOST },
	{ "host-tools", required_argument, NULL, OPT_HOST_TOOLS },
	{ "cross-compile", required_argument, NULL, OPT_CROSS_COMPILE },
	{ "vmlinux", required_argument, NULL, OPT_VMLINUX },
	{ "format", required_argument, NULL, 'F' },
	{ "hardlink-dups", no_argument, NULL, OPT_HARDLINK_DUPS },
	{ "report", required_argument, NULL, OPT_REPORT },
	{ "verify", no_argument, NULL, OPT_VERIFY },
	{ "host-arch", required_argument, NULL, OPT_HOST_ARCH },
	{ "verbose", no_argument, NULL, 'v' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "kbuild-pack: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'kbuild-pack --help' for more information.\n");
	return EXIT_USAGE;
}

/* SOURCE_DATE_EPOCH as reproducible-builds.org defines it: a decimal count of seconds. */
static int parse_sde(int64_t *out)
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

static int run_pack(int argc, char *argv[])
{
	struct pack_opts o = { .clamp_mtime = -1 };
	const char **extra = NULL;
	int c, verbose = 0, quiet = 0, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "s:O:o:a:M:m:F:lfvqhV", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			o.src = optarg;
			break;
		case 'O':
			o.obj = optarg;
			break;
		case 'o':
			o.out = optarg;
			break;
		case 'a':
			o.arch = optarg;
			break;
		case 'M':
			o.manifest_dir = optarg;
			break;
		case 'm':
			extra = xrealloc(extra, (o.nextra + 1) * sizeof(*extra));
			extra[o.nextra++] = optarg;
			break;
		case 'l':
			o.list = true;
			break;
		case 'f':
			o.force = true;
			break;
		case OPT_ALLOW_MISSING_SYMVERS:
			o.allow_missing_symvers = true;
			break;
		case OPT_ALLOW_OUTSIDE_LINKS:
			o.allow_outside_links = true;
			break;
		case OPT_MODPOST:
			if (!strcmp(optarg, "tree"))
				o.modpost = MODPOST_TREE;
			else if (!strcmp(optarg, "bundled"))
				o.modpost = MODPOST_BUNDLED;
			else {
				free(extra);
				return usage_error("--modpost takes 'tree' or 'bundled', not '%s'", optarg);
			}
			break;
		case OPT_HOST_TOOLS:
			if (!strcmp(optarg, "build"))
				o.host_tools = HOST_TOOLS_BUILD;
			else if (!strcmp(optarg, "target"))
				o.host_tools = HOST_TOOLS_TARGET;
			else {
				free(extra);
				return usage_error("--host-tools takes 'build' or 'target', not '%s'", optarg);
			}
			break;
		case OPT_CROSS_COMPILE:
			o.cross_compile = optarg;
			break;
		case OPT_VMLINUX:
			o.vmlinux = vmlinux_mode_parse(optarg);
			if (o.vmlinux < 0) {
				free(extra);
				return usage_error("--vmlinux takes 'btf', 'full' or 'none', not '%s'", optarg);
			}
			break;
		case 'F':
			if (sink_format_parse(optarg, &o.format) < 0) {
				free(extra);
				return usage_error("--format takes dir, tar, tar.gz, tar.xz, tar.zst or cpio, not '%s'", optarg);
			}
			break;
		case OPT_HARDLINK_DUPS:
			o.hardlink_dups = true;
			break;
		case OPT_REPORT:
			o.report = optarg;
			break;
		case OPT_VERIFY:
			o.verify = true;
			break;
		case OPT_HOST_ARCH:
			o.host_arch = optarg;
			break;
		case 'v':
			verbose++;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			free(extra);
			return EXIT_OK;
		case 'V':
			printf("kbuild-pack %s\n", KBP_VERSION);
			free(extra);
			return EXIT_OK;
		default:
			free(extra);
			return usage_error("%s", "invalid option");
		}
	}
	o.extra_manifests = extra;
	if (optind < argc) {
		free(extra);
		return usage_error("unexpected argument '%s'", argv[optind]);
	}
	if (!o.src && !o.obj) {
		free(extra);
		return usage_error("%s", "no kernel tree given: pass --src SRC (and --obj OBJ for an O= build)");
	}
	if (!o.out && !o.list) {
		free(extra);
		return usage_error("%s", "no output given: pass --out DESTDIR (or --list)");
	}
	if (o.hardlink_dups && o.format == FORMAT_DIR) {
		free(extra);
		return usage_error("%s", "--hardlink-dups needs an archive --format");
	}
	if (o.report && o.list) {
		free(extra);
		return usage_error("%s", "--report writes what a pack wrote; it does not go with --list");
	}
	if (parse_sde(&o.clamp_mtime) < 0) {
		free(extra);
		return usage_error("SOURCE_DATE_EPOCH='%s' is not a non-negative number of seconds", getenv("SOURCE_DATE_EPOCH"));
	}
	log_set_level(quiet ? LOG_ERR : verbose >= 2 ? LOG_DEBUG : verbose ? LOG_INFO : LOG_WARN);

	r = kbp_pack(&o);
	free(extra);
	/* Die by the signal (after cleaning up), so callers see 130/143. */
	if (r < 0 && sink_interrupted())
		sink_reraise();
	return r == KBP_EUSAGE ? EXIT_USAGE : r < 0 ? EXIT_FAIL : EXIT_OK;
}

const struct kbp_cmd kbp_cmd_pack = {
	.name = "pack",
	.run = run_pack,
	.help = "pack a kernel tree into a build directory",
};
