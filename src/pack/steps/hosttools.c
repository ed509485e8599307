// SPDX-License-Identifier: GPL-2.0-or-later
/* --host-tools=target: rebuild the kernel's host programs that a module
 * build runs (fixdep, genksyms or gendwarfksyms, modpost, sign-file,
 * objtool, resolve_btfids, ...) with the target's compiler, so that the
 * packed build directory works on the machine it is installed on rather
 * than on the one that built the kernel.
 *
 * As the kernel's own scripts/package/install-extmod-build does it (6.3+,
 * and it works the same on older trees): the tree's scripts/ is copied into
 * a scratch directory that kbuild builds as an external module with
 * HOSTCC=<target compiler>, so kbuild's own Makefiles say which sources make
 * which program for this series and config; C holds no file list.  objtool
 * and resolve_btfids, which the top Makefile builds through tools/, are
 * built through their own Makefiles.  SRC and OBJ are only read.
 * Whatever ELF program is left for another machine is named in a warning. */
#define _GNU_SOURCE
#include "pack/steps/hosttools.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/compiler.h"
#include "kernel/kelf.h"
#include "kernel/toolchain.h"
#include "kernel/tree.h"
#include "rules/filelist.h"
#include "pack/ctx.h"
#include "shared/datadir.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/spawn.h"
#include "shared/str.h"

#define RULE_TARGET "host-tools=target"

struct tool_ctx {
	struct pack_ctx *pc;
	const struct ktree *t;
	char *cc;         /* the target's C compiler */
	char *prefix;     /* its prefix */
	char *dir;        /* scratch/host-tools */
	unsigned machine; /* ELF machine of the programs cc makes */
	const char *hostarch; /* the tools/ build's name of the machine cc builds for */
};

/* Runs argv, output appended to log: 0, -EIO when it failed, -EINTR
 * (silently) when a signal stopped it. */
static int run_logged(char *const argv[], const char *logpath)
{
	int r = spawn_run(argv, &(struct spawn_opts){ .log = logpath, .log_append = true });

	return r > 0 ? -EIO : r;
}

/* The last lines of a log, for a warning. */
static void show_log_tail(const char *logpath)
{
	_cleanup_free_ char *buf = NULL;
	size_t len = 0, lines = 0;
	const char *p;

	if (read_file(logpath, &buf, &len) < 0 || len == 0)
		return;
	for (p = buf + len; p > buf; p--)
		if (p[-1] == '\n' && ++lines > 8)
			break;
	log_info("%s:\n%s", logpath, p);
}

static bool have_tool(const struct tool_ctx *c, const char *rel)
{
	const struct pack_entry *e = filelist_find(c->pc->fl, rel);
	/* ORIGIN_TOOL: already replaced (--modpost=bundled) */
	return e && e->type == ENTRY_FILE && e->origin != ORIGIN_TOOL;
}

/* Replaces rel with the rebuilt file, keeping the replaced entry's mtime so
 * that make sees the same order of timestamps as in the original tree. */
static int put(struct tool_ctx *c, const char *rel, const char *built)
{
	struct pack_entry *e = filelist_find(c->pc->fl, rel);
	struct timespec old = e ? e->mtime : (struct timespec){ 0 };
	int r = filelist_put_tool_file(c->pc->fl, rel, built, RULE_TARGET, c->pc->o->clamp_mtime);

	if (r < 0)
		return r;
	if (e && (e = filelist_find(c->pc->fl, rel)) != NULL)
		e->mtime = old;
	return 0;
}

/* e_machine of an ELF executable or shared object, 0 for anything else
 * (relocatable objects, scripts, data, a missing file). */
static unsigned elf_program_machine(const char *path)
{
	struct kelf_ident id;

	if (kelf_peek(path, &id) < 0)
		return 0;
	return id.type == ET_EXEC || id.type == ET_DYN ? id.machine : 0;
}

/* Replaces what the copy of the tree holds at path: a link there is
 * removed, never written through (into the tree, or to a device). */
static int write_text(const char *path, const char *text)
{
	_cleanup_fclose_ FILE *f = NULL;

	if (unlink(path) < 0 && errno != ENOENT)
		return -errno;
	f = fopen(path, "wxe");
	if (!f || fputs(text, f) < 0 || fflush(f) != 0)
		return -errno;
	return 0;
}

/* The tree's elfconfig.h (the one the copy took: OBJ's, else SRC's) with
 * the HOST_* lines (6.9 and older) describing the machine the rebuilt
 * modpost runs on, decided by the target compiler's own predefined macros;
 * mk_elfconfig, which writes them, cannot run here. Read as kbuild wrote
 * it: a regular file, not a link, of a bounded size. */
static int write_elfconfig(const struct tool_ctx *c, const char *path)
{
	static const char rel[] = "scripts/mod/elfconfig.h";
	_cleanup_free_ char *buf = NULL, *from = path_join(c->t->obj, rel), *err = NULL;
	struct strbuf b = { 0 };
	bool had_host = false;
	struct stat st;
	char *line, *save = NULL;
	int r;

	if (c->t->split && lstat(from, &st) < 0) {
		free(from);
		from = path_join(c->t->src, rel);
	}
	r = read_control_file(from, READ_NOFOLLOW, &buf, NULL, &err);
	if (r == -ENOENT)
		return 0;
	if (r < 0) {
		log_err("--host-tools=target: %s", err);
		return r;
	}
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (str_starts_with(line, "#define HOST_ELF")) {
			had_host = true;
			continue;
		}
		strbuf_addf(&b, "%s\n", line);
	}
	if (had_host)
		strbuf_adds(&b, "/* the machine this modpost runs on (kbuild-pack --host-tools=target) */\n"
				"#if __SIZEOF_POINTER__ == 8\n#define HOST_ELFCLASS ELFCLASS64\n"
				"#else\n#define HOST_ELFCLASS ELFCLASS32\n#endif\n"
				"#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__\n#define HOST_ELFDATA ELFDATA2MSB\n"
				"#else\n#define HOST_ELFDATA ELFDATA2LSB\n#endif\n");
	r = write_text(path, strbuf_str(&b));
	strbuf_release(&b);
	return r;
}

/* The scratch dir as an external module: its Kbuild descends into scripts/,
 * whose Kbuild (read instead of the copied scripts/Makefile) is the tree's
 * own scripts/Makefile (this series' and config's programs and subdirs),
 * kept to the programs the pack ships (KBP_PROGRAMS, relative to scripts/)
 * and their subdirs, plus basic/ and mod/modpost, which the top Makefile
 * builds.  modpost is linked from the objects the tree's mod/Makefile lists;
 * the rest of that Makefile is dropped, since it would build mk_elfconfig
 * for the target and run it here.  (install-extmod-build does the same in
 * two passes, building every program.)  5.10's multi_depend (6.1's no more)
 * looked a program's objects up by its $(notdir) name, so mod/modpost got
 * none and linked nothing: its objects are named here too. */
static const char kbuild_top[] = "subdir-y := scripts\n";
static const char kbuild_scripts[] = "# written by kbuild-pack --host-tools=target\n"
				     "include $(src)/mod/Makefile\n"
				     "hostprogs-always-y :=\n"
				     "always-y :=\n"
				     "include $(src)/Makefile\n"
				     "hostprogs-always-y := $(filter $(KBP_PROGRAMS),$(hostprogs-always-y))\n"
				     "subdir-y := $(filter $(patsubst %/,%,$(dir $(KBP_PROGRAMS))),$(subdir-y))\n"
				     "subdir-y += basic\n"
				     "hostprogs-always-y += mod/modpost\n"
				     "mod/modpost-objs := $(addprefix mod/,$(modpost-objs))\n"
				     "$(obj)/mod/modpost: $(addprefix $(obj)/,$(mod/modpost-objs))\n";

/* The tree and copy drop_build_product works on (nftw passes no context),
 * and whether it refused something (said why). */
static const struct ktree *staged_tree;
static size_t staged_dir_len;
static bool staged_refused;

/* What the copy holds at path (DIR/scripts/...) that is not a file, a
 * directory or a link came from OBJ's or SRC's scripts/; a kernel has none,
 * and reading it would hang (a FIFO) or never end (a device). */
static int refuse_special(const char *path, const struct stat *st)
{
	const char *rel = path + staged_dir_len + 1;
	_cleanup_free_ char *from = path_join(staged_tree->obj, rel);
	struct stat tst;

	if (lstat(from, &tst) < 0 || (tst.st_mode & S_IFMT) != (st->st_mode & S_IFMT)) {
		free(from);
		from = path_join(staged_tree->src, rel);
	}
	log_err("--host-tools=target: %s: %s, not a regular file; a kernel's scripts/ holds none", from,
		S_ISFIFO(st->st_mode) ? "a FIFO" : S_ISSOCK(st->st_mode) ? "a socket" : "a device");
	staged_refused = true;
	return -1;
}

/* nftw: drops build products (ELF objects, programs, plugins) and kbuild's
 * dot files (.cmd, .d) from the copy, so that everything is built afresh
 * and nothing the build machine made passes for rebuilt. */
static int drop_build_product(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	struct kelf_ident id;

	if (flag != FTW_F)
		return 0;
	if (!S_ISREG(st->st_mode))
		return refuse_special(path, st);
	if (path[ftw->base] == '.' || kelf_peek(path, &id) == 0)
		return unlink(path);
	return 0;
}

static int scratch_err(const char *path, int r)
{
	log_err("--host-tools=target: cannot set up %s: %s", path, strerror(-r));
	return r;
}

/* dir/scripts: SRC's scripts/ then OBJ's (generated sources: elfconfig.h,
 * devicetable-offsets.h, ...), without build products; dir/include: SRC's,
 * for the sources' "../../include/..." includes. */
static int stage_scripts(struct tool_ctx *c, const char *dir)
{
	_cleanup_free_ char *scripts = path_join(dir, "scripts");
	_cleanup_free_ char *include = path_join(c->t->src, "include");
	_cleanup_free_ char *include_link = path_join(dir, "include");
	_cleanup_free_ char *top_kbuild = path_join(dir, "Kbuild");
	_cleanup_free_ char *scripts_kbuild = path_join(scripts, "Kbuild");
	_cleanup_free_ char *elfconfig = path_join(scripts, "mod/elfconfig.h");
	_cleanup_free_ char *logpath = xasprintf("%s.log", dir);
	const char *roots[] = { c->t->src, c->t->split ? c->t->obj : NULL };
	int r;

	if (mkdir(dir, 0755) < 0) {
		r = -errno;
		log_err("--host-tools=target: %s: %s", dir, strerror(-r));
		return r;
	}
	for (size_t i = 0; i < ARRAY_SIZE(roots) && roots[i]; i++) {
		_cleanup_free_ char *from = path_join(roots[i], "scripts");
		/* -f: OBJ's copy replaces SRC's even if that one is read-only */
		char *argv[] = { "cp", "-af", "--", from, (char *)dir, NULL };

		r = run_logged(argv, logpath);
		if (r == -EINTR)
			return r;
		if (r < 0) {
			log_err("--host-tools=target: cannot copy %s (log: %s)", from, logpath);
			return r;
		}
	}
	staged_tree = c->t;
	staged_dir_len = strlen(dir);
	staged_refused = false;
	if (nftw(scripts, drop_build_product, 16, FTW_PHYS) != 0)
		return staged_refused ? -EINVAL : scratch_err(scripts, -errno);
	if (symlink(include, include_link) < 0)
		return scratch_err(include_link, -errno);
	r = write_text(top_kbuild, kbuild_top);
	if (r >= 0)
		r = write_text(scripts_kbuild, kbuild_scripts);
	if (r < 0)
		return scratch_err(scripts_kbuild, r);
	return write_elfconfig(c, elfconfig);
}

/* "KBP_PROGRAMS=basic/fixdep mod/modpost ...": the ELF programs the pack
 * selected under scripts/. */
static char *shipped_scripts_programs(const struct tool_ctx *c)
{
	const struct filelist *fl = c->pc->fl;
	struct strbuf b = { 0 };

	strbuf_adds(&b, "KBP_PROGRAMS=");
	for (size_t i = 0; i < fl->n; i++) {
		const struct pack_entry *e = fl->v[i];

		if (e->type == ENTRY_FILE && e->abs && str_starts_with(e->rel, "scripts/") &&
		    elf_program_machine(e->abs))
			strbuf_addf(&b, "%s ", e->rel + strlen("scripts/"));
	}
	return strbuf_steal(&b);
}

/* make -k: whatever can be built is; what cannot is named by warn_foreign. */
static int run_kbuild(struct tool_ctx *c, const char *dir)
{
	_cleanup_free_ char *logpath = xasprintf("%s.log", dir);
	_cleanup_free_ char *kernel_cc = NULL, *kernel_prefix = NULL;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct ptrarray argv = { 0 };
	int r;

	ptrarray_push(&argv, xstrdup("make"));
	ptrarray_push(&argv, xasprintf("-C%s", c->t->obj));
	ptrarray_push(&argv, xstrdup("-k"));
	ptrarray_push(&argv, xasprintf("-j%ld", cpus > 0 ? cpus : 1));
	ptrarray_push(&argv, xasprintf("HOSTCC=%s", c->cc));
	ptrarray_push(&argv, xasprintf("M=%s", dir));
	ptrarray_push(&argv, shipped_scripts_programs(c));
	ptrarray_push(&argv, xasprintf("ARCH=%s", c->t->srcarch));
	/* the tree's own compiler, as for any module build against it */
	if (compiler_gcc_of(kconfig_get(&c->t->config, "CONFIG_CC_VERSION_TEXT"), &kernel_cc, &kernel_prefix) == 0) {
		_cleanup_free_ char *plain = xasprintf("%sgcc", kernel_prefix);

		if (*kernel_prefix)
			ptrarray_push(&argv, xasprintf("CROSS_COMPILE=%s", kernel_prefix));
		if (strcmp(kernel_cc, plain)) /* gcc-12: Debian's .kernelvariables says so too */
			ptrarray_push(&argv, xasprintf("CC=%s", kernel_cc));
	}
	ptrarray_push(&argv, xstrdup("scripts/"));
	ptrarray_push(&argv, NULL);
	r = run_logged((char *const *)argv.v, logpath);
	if (r < 0 && r != -EINTR) {
		log_info("--host-tools=target: kbuild stopped with an error (log: %s)", logpath);
		show_log_tail(logpath);
	}
	ptrarray_free(&argv, free);
	return r;
}

/* Every selected ELF program that root/<its path> holds rebuilt for the
 * target replaces the build machine's. */
static int take_rebuilt(struct tool_ctx *c, const char *root)
{
	const struct filelist *fl = c->pc->fl;

	for (size_t i = 0; i < fl->n; i++) {
		const struct pack_entry *e = fl->v[i];
		_cleanup_free_ char *built = NULL;
		int r;

		/* ORIGIN_TOOL: already replaced (--modpost=bundled, an earlier root) */
		if (e->type != ENTRY_FILE || !e->abs || e->origin == ORIGIN_TOOL)
			continue;
		built = path_join(root, e->rel);
		if (elf_program_machine(built) != c->machine || !elf_program_machine(e->abs))
			continue;
		r = put(c, e->rel, built);
		if (r < 0)
			return r;
	}
	return 0;
}

/* The programs the top Makefile builds through tools/' own Makefiles (not
 * kbuild), as "make -C tools/ GOAL" makes them into tools/<path>. */
struct tools_program {
	const char *name; /* its work dir */
	const char *rel;  /* in the output */
	const char *goal; /* of tools/Makefile */
	bool cc_before_6_3; /* built with CC (not HOSTCC) before REALHOSTCC */
};
static const struct tools_program tools_programs[] = {
	{ "objtool", "tools/objtool/objtool", "objtool", true },
	{ "resolve_btfids", "tools/bpf/resolve_btfids/resolve_btfids", "bpf/resolve_btfids", false },
};

/* The tools build's fixdeps below a work dir that nftw finds not to run
 * here (fixdep_walk has no context), made again from the tree's
 * tools/build/fixdep.c with this machine's cc. */
static const char *fixdep_source, *fixdep_log;
static unsigned fixdep_here_machine;
static int fixdep_count;

static int fixdep_walk(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	char *argv[] = { "cc", "-O2", "-o", (char *)path, (char *)fixdep_source, NULL };
	int r;

	(void)st;
	if (type != FTW_F || strcmp(path + ftw->base, "fixdep") || elf_program_machine(path) == fixdep_here_machine)
		return 0;
	r = run_logged(argv, fixdep_log);
	if (r < 0)
		return r == -EINTR ? r : 0; /* the second make fails as the first */
	fixdep_count++;
	return 0;
}

/* How many fixdeps fixdep_walk made again for this machine; -EINTR. */
static int fixdeps_made_here(struct tool_ctx *c, const char *work)
{
	_cleanup_free_ char *src = path_join(c->t->src, "tools/build/fixdep.c");
	_cleanup_free_ char *logpath = xasprintf("%s.log", work);
	int r;

	fixdep_source = src;
	fixdep_log = logpath;
	fixdep_here_machine = elf_program_machine("/proc/self/exe");
	fixdep_count = 0;
	r = nftw(work, fixdep_walk, 16, FTW_PHYS);
	fixdep_source = fixdep_log = NULL;
	return r < 0 ? r : fixdep_count;
}

/* A tools/ program through its own Makefile, into work/: the library and
 * the program with the target compiler, the tools build's fixdep (run
 * here) with the build machine's. */
static int build_tools_program(struct tool_ctx *c, const struct tools_program *tp, const char *work, bool realhostcc)
{
	_cleanup_free_ char *tools = path_join(work, "tools");
	_cleanup_free_ char *logpath = xasprintf("%s.log", work);
	_cleanup_free_ char *out = path_join(work, tp->rel);
	_cleanup_free_ char *srcdir = path_join(c->t->src, "tools");
	char *argv[20];
	size_t n = 0;
	int r;

	/* Before 6.3, a program built with HOSTCC has the tools build's fixdep
	 * built with it too, which cannot run here: that first make stops
	 * there, each fixdep it made is made again for this machine (newer
	 * than its object, so not linked again) and a second make finishes. */
	bool fixdep_here = !realhostcc && !tp->cc_before_6_3;

	if ((mkdir(work, 0755) < 0 && errno != EEXIST) || (mkdir(tools, 0755) < 0 && errno != EEXIST))
		return -errno;
	argv[n++] = "make";
	argv[n++] = "-s";
	/* as the top Makefile does it: make O=... subdir=tools -C tools/ GOAL */
	argv[n++] = xasprintf("-C%s", srcdir);
	argv[n++] = xasprintf("O=%s", work);
	argv[n++] = xasprintf("srctree=%s", c->t->src);
	argv[n++] = xasprintf("SRCARCH=%s", c->t->srcarch);
	if (realhostcc || fixdep_here) {
		/* 6.3+: HOSTCC builds the program, REALHOSTCC the fixdep run here */
		argv[n++] = xasprintf("HOSTCC=%s", c->cc);
		argv[n++] = xasprintf("HOSTLD=%sld", c->prefix);
		argv[n++] = xasprintf("HOSTAR=%sar", c->prefix);
	} else {
		/* older objtool: its "CC = $(HOSTCC)" yields to the command line */
		argv[n++] = xasprintf("CC=%s", c->cc);
		argv[n++] = xasprintf("LD=%sld", c->prefix);
		argv[n++] = xasprintf("AR=%sar", c->prefix);
	}
	argv[n++] = xasprintf("HOSTARCH=%s", c->hostarch);
	if (realhostcc) {
		argv[n++] = "REALHOSTCC=cc";
		argv[n++] = "REALHOSTLD=ld";
	} else if (!fixdep_here) {
		argv[n++] = "HOSTCC=cc";
		argv[n++] = "HOSTLD=ld";
		argv[n++] = "HOSTAR=ar";
	}
	argv[n++] = "subdir=tools";
	argv[n++] = (char *)tp->goal;
	argv[n++] = NULL;
	r = run_logged(argv, logpath);
	if (r < 0 && r != -EINTR && fixdep_here && fixdeps_made_here(c, work) > 0)
		r = run_logged(argv, logpath);
	for (size_t i = 2; i < 10; i++)
		free(argv[i]);
	if (r == -EINTR)
		return r;
	if (r < 0 || !path_is_reg(out)) {
		log_warn("%s: rebuilding it with %s failed (log: %s)", tp->rel, c->cc, logpath);
		show_log_tail(logpath);
		return r < 0 ? r : -ENOENT;
	}
	return 0;
}

/* Each shipped tools/ program in a work dir of its own (tools' builds
 * share nothing a second goal could reuse, and a failed one stays out of
 * the next). */
static int rebuild_tools_programs(struct tool_ctx *c)
{
	_cleanup_free_ char *inc = path_join(c->t->src, "tools/build/Makefile.include");
	_cleanup_free_ char *incbuf = NULL, *err = NULL;
	bool realhostcc;
	int r = read_control_file(inc, 0, &incbuf, NULL, &err);

	if (r < 0 && r != -ENOENT) {
		log_err("--host-tools=target: %s", err);
		return r;
	}
	realhostcc = r == 0 && strstr(incbuf, "REALHOSTCC");
	for (size_t i = 0; i < ARRAY_SIZE(tools_programs); i++) {
		const struct tools_program *tp = &tools_programs[i];
		_cleanup_free_ char *work = NULL;

		if (!have_tool(c, tp->rel))
			continue;
		work = path_join(c->dir, tp->name);
		r = build_tools_program(c, tp, work, realhostcc);
		if (r == -EINTR)
			return r;
		if (r < 0)
			continue; /* named by warn_foreign */
		r = take_rebuilt(c, work);
		if (r < 0)
			return r;
	}
	return 0;
}

/* --modpost=bundled for another machine: kbuild-modpost (the build
 * machine's program, put there by the bundled-modpost step) made again
 * from its own sources, kbuild-modpost-src beside the manifests, with the
 * target compiler (it needs only libelf: the target's, as objtool does). */
static int rebuild_bundled_modpost(struct tool_ctx *c)
{
	const struct pack_entry *e = filelist_find(c->pc->fl, "scripts/mod/modpost");
	_cleanup_free_ char *src = kbp_modpost_src_dir();
	_cleanup_free_ char *makefile = path_join(src, "Makefile");
	_cleanup_free_ char *work = path_join(c->dir, "kbuild-modpost");
	_cleanup_free_ char *logpath = xasprintf("%s.log", work);
	_cleanup_free_ char *prog = path_join(work, "kbuild-modpost");
	_cleanup_free_ char *ccvar = xasprintf("CC=%s", c->cc);
	char *cp[] = { "cp", "-R", "--", src, work, NULL };
	char *make[] = { "make", "-C", work, ccvar, "kbuild-modpost", NULL };
	int r;

	if (c->pc->o->rules.modpost != MODPOST_BUNDLED || !e || e->origin != ORIGIN_TOOL ||
	    elf_program_machine(e->abs) == c->machine)
		return 0;
	if (!path_is_reg(makefile)) {
		log_info("--host-tools=target: no %s to build kbuild-modpost for the target from", makefile);
		return 0; /* named by warn_foreign */
	}
	r = run_logged(cp, logpath);
	if (r == 0)
		r = run_logged(make, logpath);
	if (r == -EINTR)
		return r;
	if (r < 0 || elf_program_machine(prog) != c->machine) {
		log_info("--host-tools=target: cannot build kbuild-modpost with %s (log: %s)", c->cc, logpath);
		show_log_tail(logpath);
		return 0; /* named by warn_foreign */
	}
	return put(c, "scripts/mod/modpost", prog);
}

/* rust/NAME.so: the proc-macro crates (macros, pin-init's, zerocopy's derive)
 * that rustc dlopen()s while it compiles a Rust module. Built by the
 * kernel's rustc for its host; a proc-macro links against that very rustc's
 * proc_macro crate, so no C compiler (HOSTCC) can remake it. */
static bool is_proc_macro(const char *rel)
{
	size_t n = strlen(rel);

	return !strncmp(rel, "rust/", 5) && !strchr(rel + 5, '/') && n > 8 && !strcmp(rel + n - 3, ".so");
}

/* Every ELF program left in the output that is not for the target host. */
static void warn_foreign(struct tool_ctx *c)
{
	const struct filelist *fl = c->pc->fl;
	size_t n = 0;

	for (size_t i = 0; i < fl->n; i++) {
		const struct pack_entry *e = fl->v[i];
		unsigned m;

		if (e->type != ENTRY_FILE || !e->abs)
			continue;
		m = elf_program_machine(e->abs);
		if (m && m != c->machine) {
			if (is_proc_macro(e->rel))
				log_warn("%s: a Rust proc-macro (a host library rustc loads), not rebuilt for the target: only the rustc that built the kernel can build it (ELF machine %u, the target's is %u); Rust modules build only on the build machine",
					 e->rel, m, c->machine);
			else
				log_warn("%s: not rebuilt for the target (ELF machine %u, the target's is %u): it runs only on the build machine",
					 e->rel, m, c->machine);
			n++;
		}
	}
	if (n)
		log_warn("--host-tools=target: %zu program(s) above were left as the build machine's", n);
}

static int find_prefix(struct tool_ctx *c)
{
	const struct pack_rules *o = &c->pc->o->rules;

	if (o->cross_compile) {
		c->prefix = xstrdup(o->cross_compile);
		c->cc = xasprintf("%sgcc", c->prefix);
	} else if (compiler_gcc_of(kconfig_get(&c->t->config, "CONFIG_CC_VERSION_TEXT"), &c->cc, &c->prefix) < 0) {
		log_err("--host-tools=target: cannot tell the target compiler from CONFIG_CC_VERSION_TEXT; pass --cross-compile PREFIX");
		return -EINVAL;
	}
	return 0;
}

/* What the target compiler builds for, as the tools/ build names it. */
static int find_hostarch(struct tool_ctx *c)
{
	_cleanup_free_ char *log = path_join(c->dir, "dumpmachine.log");

	return toolchain_tools_arch(c->cc, log, &c->hostarch);
}

/* The kbuild rebuild of scripts/ in dir; fixdep, which every module build
 * runs, tells which machine the target compiler builds for. */
static int rebuild_scripts(struct tool_ctx *c, const char *dir)
{
	_cleanup_free_ char *fixdep = path_join(dir, "scripts/basic/fixdep");
	int r;

	r = stage_scripts(c, dir); /* says why */
	if (r < 0)
		return r;
	/* a signal: the next make never starts */
	if (run_kbuild(c, dir) == -EINTR)
		return -EINTR;
	c->machine = elf_program_machine(fixdep);
	if (!c->machine) {
		log_err("--host-tools=target: cannot build even fixdep with %s (log: %s.log)", c->cc, dir);
		return -EIO;
	}
	c->pc->host = (struct elf_machine){ .em = (uint16_t)c->machine };
	return take_rebuilt(c, dir);
}

int hosttools_rebuild(struct pack_ctx *ctx)
{
	struct tool_ctx c = { .pc = ctx, .t = ctx->t };
	_cleanup_free_ char *kbuild_dir = NULL;
	const char *scratch;
	int r;

	if (ctx->o->rules.host_tools != HOST_TOOLS_TARGET) {
		if (ctx->o->rules.cross_compile)
			log_warn("--cross-compile is used only with --host-tools=target");
		return 0;
	}
	r = find_prefix(&c);
	if (r < 0)
		goto out;
	scratch = pack_scratch_dir(ctx);
	if (!scratch) {
		r = -EIO;
		goto out;
	}
	c.dir = path_join(scratch, "host-tools");
	if (mkdir(c.dir, 0755) < 0 && errno != EEXIST) {
		r = -errno;
		log_err("%s: %s", c.dir, strerror(-r));
		goto out;
	}
	log_info("rebuilding host tools with %s", c.cc);
	r = find_hostarch(&c);
	if (r < 0)
		goto out;
	kbuild_dir = path_join(c.dir, "kbuild");
	r = rebuild_scripts(&c, kbuild_dir);
	if (r < 0)
		goto out;
	r = rebuild_tools_programs(&c);
	if (r < 0)
		goto out;
	r = rebuild_bundled_modpost(&c);
	if (r < 0)
		goto out;
	warn_foreign(&c);
out:
	free(c.cc);
	free(c.prefix);
	free(c.dir);
	return r;
}
