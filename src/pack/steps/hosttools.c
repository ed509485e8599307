// SPDX-License-Identifier: GPL-2.0-or-later
/* --host-tools=target: rebuild the kernel's host programs that a module
 * build runs (fixdep, genksyms, modpost, recordmcount, sign-file, objtool)
 * with the target's compiler, so that the packed build directory works on
 * the machine it is installed on rather than on the one that built the
 * kernel.  Everything is built in the pack's scratch dir from SRC's sources
 * and OBJ's generated files; SRC and OBJ are only read.  Whatever ELF
 * program is left for another machine is named in a warning. */
#define _GNU_SOURCE
#include "pack/steps/hosttools.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pack/filelist.h"
#include "pack/pack.h"
#include "shared/log.h"
#include "shared/util.h"
#include "kernel/tree.h"

#define RULE_TARGET "host-tools=target"

struct tool_ctx {
	struct pack_ctx *pc;
	const struct ktree *t;
	char *cc;     /* the target's C compiler */
	char *prefix; /* CROSS_COMPILE */
	char *dir;    /* scratch/host-tools */
};

/* "aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0" -> "aarch64-linux-gnu-" */
static char *prefix_from_cc_text(const char *text)
{
	size_t n;

	if (!text)
		return NULL;
	n = strcspn(text, " ");
	if (n >= 3 && !strncmp(text + n - 3, "gcc", 3))
		return xstrndup(text, n - 3);
	return NULL;
}

/* Runs argv (with cwd when not NULL), output appended to log. */
static int run_logged(char *const argv[], const char *cwd, const char *logpath)
{
	int fd, status;
	pid_t pid;

	if (log_get_level() >= LOG_DEBUG) {
		struct strbuf b = { 0 };
		for (size_t i = 0; argv[i]; i++)
			strbuf_addf(&b, "%s%s", i ? " " : "", argv[i]);
		log_debug("host-tools: %s", strbuf_str(&b));
		strbuf_release(&b);
	}
	fd = open(logpath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(fd);
		return -errno;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (cwd && chdir(cwd) < 0)
			_exit(126);
		execvp(argv[0], argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
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

/* A C program from sources of SRC ("s:") and OBJ ("o:"); "?" after the
 * prefix marks a source that only some kernel series have. */
struct recipe {
	const char *rel;
	const char *srcs[6];
	const char *incs[5];
	const char *libs;
	bool elfconfig; /* needs an elfconfig.h for the target host */
};

static const struct recipe recipes[] = {
	{ "scripts/basic/fixdep", { "s:scripts/basic/fixdep.c" }, { 0 }, NULL, false },
	{ "scripts/genksyms/genksyms",
	  { "s:scripts/genksyms/genksyms.c", "o:scripts/genksyms/parse.tab.c", "o:scripts/genksyms/lex.lex.c" },
	  { "o:scripts/genksyms", "s:scripts/genksyms" }, NULL, false },
	{ "scripts/mod/modpost",
	  { "s:scripts/mod/modpost.c", "s:scripts/mod/file2alias.c", "s:scripts/mod/sumversion.c",
	    "s?scripts/mod/symsearch.c" },
	  { "o:scripts/mod", "s:scripts/mod" }, NULL, true },
	{ "scripts/recordmcount", { "s:scripts/recordmcount.c" }, { 0 }, NULL, false },
	{ "scripts/sign-file", { "s:scripts/sign-file.c" }, { 0 }, "-lcrypto", false },
	{ "scripts/asn1_compiler", { "s:scripts/asn1_compiler.c" }, { "s:include" }, NULL, false },
};

static char *tree_file(const struct tool_ctx *c, const char *spec, bool *optional)
{
	*optional = spec[1] == '?';
	return path_join(spec[0] == 'o' ? c->t->obj : c->t->src, spec + 2);
}

/* elfconfig.h with the HOST_* lines describing the machine the rebuilt
 * modpost runs on, decided by the target compiler's own predefined macros. */
static int write_elfconfig(const struct tool_ctx *c, const char *dir)
{
	_cleanup_free_ char *orig = path_join(c->t->obj, "scripts/mod/elfconfig.h");
	_cleanup_free_ char *out = path_join(dir, "elfconfig.h");
	_cleanup_free_ char *buf = NULL;
	struct strbuf b = { 0 };
	bool had_host = false;
	size_t len;
	char *line, *save = NULL;
	FILE *f;
	int r;

	r = read_file(orig, &buf, &len);
	if (r < 0)
		return r;
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
	f = fopen(out, "we");
	if (!f) {
		strbuf_release(&b);
		return -errno;
	}
	fputs(strbuf_str(&b), f);
	strbuf_release(&b);
	return fclose(f) == 0 ? 0 : -errno;
}

static int build_recipe(struct tool_ctx *c, const struct recipe *rc)
{
	_cleanup_free_ char *base = xstrdup(rc->rel);
	_cleanup_free_ char *work = NULL, *out = NULL, *logpath = NULL;
	_cleanup_free_ char *scripts_inc = path_join(c->t->src, "scripts/include");
	struct ptrarray argv = { 0 };
	char *slash;
	int r = 0;

	for (slash = base; (slash = strchr(slash, '/')) != NULL;)
		*slash++ = '_';
	work = path_join(c->dir, base);
	if (mkdir(work, 0755) < 0 && errno != EEXIST)
		return -errno;
	out = path_join(work, strrchr(rc->rel, '/') ? strrchr(rc->rel, '/') + 1 : rc->rel);
	logpath = xasprintf("%s.log", work);

	ptrarray_push(&argv, xstrdup(c->cc));
	ptrarray_push(&argv, xstrdup("-O2"));
	ptrarray_push(&argv, xstrdup("-std=gnu11"));
	ptrarray_push(&argv, xstrdup("-w"));
	if (rc->elfconfig) {
		r = write_elfconfig(c, work);
		if (r < 0)
			goto out;
		ptrarray_push(&argv, xasprintf("-I%s", work));
	}
	if (path_is_dir(scripts_inc))
		ptrarray_push(&argv, xasprintf("-I%s", scripts_inc));
	for (size_t i = 0; i < ARRAY_SIZE(rc->incs) && rc->incs[i]; i++) {
		bool opt;
		_cleanup_free_ char *p = tree_file(c, rc->incs[i], &opt);
		ptrarray_push(&argv, xasprintf("-I%s", p));
	}
	ptrarray_push(&argv, xstrdup("-o"));
	ptrarray_push(&argv, xstrdup(out));
	for (size_t i = 0; i < ARRAY_SIZE(rc->srcs) && rc->srcs[i]; i++) {
		bool opt;
		char *p = tree_file(c, rc->srcs[i], &opt);
		if (!path_is_reg(p)) {
			if (!opt) {
				log_warn("%s: cannot rebuild %s for the target: %s is missing", rc->rel, rc->rel, p);
				free(p);
				r = -ENOENT;
				goto out;
			}
			free(p);
			continue;
		}
		ptrarray_push(&argv, p);
	}
	if (rc->libs)
		ptrarray_push(&argv, xstrdup(rc->libs));
	ptrarray_push(&argv, NULL);
	r = run_logged((char *const *)argv.v, work, logpath);
	if (r < 0) {
		log_warn("%s: the target compiler %s failed (log: %s)", rc->rel, c->cc, logpath);
		show_log_tail(logpath);
		goto out;
	}
	r = put(c, rc->rel, out);
out:
	ptrarray_free(&argv, free);
	return r;
}

/* The tools/ build's HOSTARCH (tools/scripts/Makefile.arch) of the machine
 * a compiler prefix builds for; NULL for a native compiler. */
static const char *hostarch_of_prefix(const char *prefix)
{
	static const char *const map[][2] = {
		{ "aarch64", "arm64" }, { "arm", "arm" },	    { "x86_64", "x86" },   { "i686", "x86" },
		{ "riscv", "riscv" },	{ "powerpc", "powerpc" }, { "s390", "s390" },	   { "loongarch", "loongarch" },
		{ "mips", "mips" },	{ "sparc", "sparc" },
	};

	if (!prefix || !*prefix)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (str_starts_with(prefix, map[i][0]))
			return map[i][1];
	return NULL;
}

/* objtool through its own Makefile: the library and the program with the
 * target compiler, the tools build's fixdep (run here) with the build
 * machine's. */
static int build_objtool(struct tool_ctx *c)
{
	static const char *const rel = "tools/objtool/objtool";
	_cleanup_free_ char *work = path_join(c->dir, "objtool");
	_cleanup_free_ char *tools = path_join(work, "tools");
	_cleanup_free_ char *logpath = path_join(c->dir, "objtool.log");
	_cleanup_free_ char *out = path_join(work, "tools/objtool/objtool");
	_cleanup_free_ char *srcdir = path_join(c->t->src, "tools");
	_cleanup_free_ char *inc = path_join(c->t->src, "tools/build/Makefile.include");
	_cleanup_free_ char *incbuf = NULL;
	size_t inclen;
	bool realhostcc = read_file(inc, &incbuf, &inclen) == 0 && strstr(incbuf, "REALHOSTCC");
	char *argv[20];
	size_t n = 0;
	int r;

	if ((mkdir(work, 0755) < 0 && errno != EEXIST) || (mkdir(tools, 0755) < 0 && errno != EEXIST))
		return -errno;
	argv[n++] = "make";
	argv[n++] = "-s";
	/* as the top Makefile does it: make O=... subdir=tools -C tools/ objtool */
	argv[n++] = xasprintf("-C%s", srcdir);
	argv[n++] = xasprintf("O=%s", work);
	argv[n++] = xasprintf("srctree=%s", c->t->src);
	argv[n++] = xasprintf("SRCARCH=%s", c->t->srcarch);
	if (realhostcc) {
		/* 6.3+: HOSTCC builds objtool, REALHOSTCC the fixdep run here */
		argv[n++] = xasprintf("HOSTCC=%s", c->cc);
		argv[n++] = xasprintf("HOSTLD=%sld", c->prefix);
		argv[n++] = xasprintf("HOSTAR=%sar", c->prefix);
	} else {
		/* older: objtool's "CC = $(HOSTCC)" yields to the command line */
		argv[n++] = xasprintf("CC=%s", c->cc);
		argv[n++] = xasprintf("LD=%sld", c->prefix);
		argv[n++] = xasprintf("AR=%sar", c->prefix);
	}
	/* a native compiler: the tools build's own uname -m is right */
	argv[n++] = hostarch_of_prefix(c->prefix) ? xasprintf("HOSTARCH=%s", hostarch_of_prefix(c->prefix))
						  : xstrdup("KBP_NATIVE=1");
	if (realhostcc) {
		argv[n++] = "REALHOSTCC=cc";
		argv[n++] = "REALHOSTLD=ld";
	} else {
		argv[n++] = "HOSTCC=cc";
		argv[n++] = "HOSTLD=ld";
		argv[n++] = "HOSTAR=ar";
	}
	argv[n++] = "subdir=tools";
	argv[n++] = "objtool";
	argv[n++] = NULL;
	r = run_logged(argv, NULL, logpath);
	for (size_t i = 2; i < 10; i++)
		free(argv[i]);
	if (r < 0 || !path_is_reg(out)) {
		log_warn("%s: rebuilding it with %s failed (log: %s)", rel, c->cc, logpath);
		show_log_tail(logpath);
		return r < 0 ? r : -ENOENT;
	}
	return put(c, rel, out);
}

/* e_machine of an ELF executable or shared object, 0 for anything else
 * (relocatable objects, scripts, data). */
static unsigned elf_program_machine(const char *path)
{
	unsigned char h[EI_NIDENT + 4];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	unsigned type, machine;

	if (fd < 0)
		return 0;
	n = read(fd, h, sizeof(h));
	close(fd);
	if (n != (ssize_t)sizeof(h) || memcmp(h, ELFMAG, SELFMAG))
		return 0;
	if (h[EI_DATA] == ELFDATA2MSB) {
		type = (unsigned)h[16] << 8 | h[17];
		machine = (unsigned)h[18] << 8 | h[19];
	} else {
		type = (unsigned)h[17] << 8 | h[16];
		machine = (unsigned)h[19] << 8 | h[18];
	}
	return type == ET_EXEC || type == ET_DYN ? machine : 0;
}

/* Every ELF program left in the output that is not for the target host. */
static void warn_foreign(struct tool_ctx *c, unsigned want)
{
	const struct filelist *fl = c->pc->fl;
	size_t n = 0;

	for (size_t i = 0; i < fl->n; i++) {
		const struct pack_entry *e = fl->v[i];
		unsigned m;

		if (e->type != ENTRY_FILE || !e->abs)
			continue;
		m = elf_program_machine(e->abs);
		if (m && m != want) {
			log_warn("%s: not rebuilt for the target (ELF machine %u, the target's is %u): it runs only on the build machine",
				 e->rel, m, want);
			n++;
		}
	}
	if (n)
		log_warn("--host-tools=target: %zu program(s) above were left as the build machine's", n);
}

static int find_prefix(struct tool_ctx *c)
{
	const struct pack_opts *o = c->pc->o;

	if (o->cross_compile) {
		c->prefix = xstrdup(o->cross_compile);
	} else {
		c->prefix = prefix_from_cc_text(kconfig_get(&c->t->config, "CONFIG_CC_VERSION_TEXT"));
		if (!c->prefix) {
			log_err("--host-tools=target: cannot tell the target compiler from CONFIG_CC_VERSION_TEXT; pass --cross-compile PREFIX");
			return -EINVAL;
		}
	}
	c->cc = xasprintf("%sgcc", c->prefix);
	return 0;
}

int hosttools_rebuild(struct pack_ctx *ctx)
{
	struct tool_ctx c = { .pc = ctx, .t = ctx->t };
	const char *scratch;
	unsigned machine = 0;
	int r;

	if (ctx->o->host_tools != HOST_TOOLS_TARGET) {
		if (ctx->o->cross_compile)
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
	for (size_t i = 0; i < ARRAY_SIZE(recipes); i++) {
		if (!have_tool(&c, recipes[i].rel))
			continue;
		r = build_recipe(&c, &recipes[i]);
		if (i == 0 && r < 0) {
			/* fixdep is one C file: without it nothing else will build either */
			log_err("--host-tools=target: cannot build even fixdep with %s", c.cc);
			goto out;
		}
		if (i == 0)
			machine = elf_program_machine(filelist_find(ctx->fl, recipes[i].rel)->abs);
	}
	if (have_tool(&c, "tools/objtool/objtool"))
		build_objtool(&c);
	r = 0;
	if (machine)
		warn_foreign(&c, machine);
out:
	free(c.cc);
	free(c.prefix);
	free(c.dir);
	return r;
}
