// SPDX-License-Identifier: GPL-2.0-or-later
/* Each check walks the build directory and reports, never stops: a
 * maintainer wants every problem of a tree in one run. */
#define _GNU_SOURCE
#include "inspect/verify.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "inspect/canary.h"
#include "kernel/kconfig.h"
#include "kernel/kelf.h"
#include "pack/secrets.h"
#include "shared/log.h"
#include "shared/util.h"
#include "kernel/symvers.h"
#include "inspect/packed-tree.h"

struct vctx {
	const char *build;
	FILE *out;
	int problems;
	struct kconfig kc;
	struct tree_view tv;
	uint16_t host_em;
};

static _printf_(3, 4) void problem(struct vctx *v, const char *rel, const char *fmt, ...)
{
	va_list ap;

	fprintf(v->out, "%s: ", rel);
	va_start(ap, fmt);
	vfprintf(v->out, fmt, ap);
	va_end(ap);
	fputc('\n', v->out);
	v->problems++;
}

static const struct {
	const char *name;
	uint16_t em;
} machines[] = {
	{ "x86_64", EM_X86_64 }, { "amd64", EM_X86_64 }, { "x86-64", EM_X86_64 },
	{ "i386", EM_386 }, { "i486", EM_386 }, { "i586", EM_386 }, { "i686", EM_386 }, { "x86", EM_386 },
	{ "aarch64", EM_AARCH64 }, { "arm64", EM_AARCH64 },
	{ "arm", EM_ARM }, { "armhf", EM_ARM }, { "armel", EM_ARM }, { "armv7l", EM_ARM },
	{ "riscv64", EM_RISCV }, { "riscv", EM_RISCV },
	{ "ppc64", EM_PPC64 }, { "ppc64le", EM_PPC64 }, { "ppc64el", EM_PPC64 }, { "powerpc64", EM_PPC64 },
	{ "ppc", EM_PPC }, { "powerpc", EM_PPC },
	{ "s390x", EM_S390 }, { "s390", EM_S390 },
	{ "mips", EM_MIPS }, { "mips64", EM_MIPS }, { "mips64el", EM_MIPS }, { "mipsel", EM_MIPS },
	{ "loongarch64", 258 }, { "loongarch", 258 }, { "loong64", 258 },
	{ "sparc64", EM_SPARCV9 }, { "sparc", EM_SPARC },
};

int elf_machine_from_name(const char *name, uint16_t *em)
{
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (!strcmp(name, machines[i].name)) {
			*em = machines[i].em;
			return 0;
		}
	return -EINVAL;
}

const char *elf_machine_name(uint16_t em)
{
	/* The first name of each machine in the table is its canonical one. */
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (machines[i].em == em)
			return machines[i].name;
	return "unknown";
}

static void require(struct vctx *v, const char *rel, bool exec, const char *why)
{
	_cleanup_free_ char *p = path_join(v->build, rel);
	struct stat st;

	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (why)
			problem(v, rel, "required file is missing (%s)", why);
		else
			problem(v, rel, "required file is missing");
	} else if (exec && !(st.st_mode & 0111)) {
		problem(v, rel, "required program is not executable");
	}
}

/* Each gcc plugin kbuild loads for modules, by the option that enables it. */
static const struct {
	const char *sym, *so;
} gcc_plugins[] = {
	{ "CONFIG_GCC_PLUGIN_LATENT_ENTROPY", "scripts/gcc-plugins/latent_entropy_plugin.so" },
	{ "CONFIG_GCC_PLUGIN_STACKLEAK", "scripts/gcc-plugins/stackleak_plugin.so" },
	{ "CONFIG_GCC_PLUGIN_RANDSTRUCT", "scripts/gcc-plugins/randomize_layout_plugin.so" },
	{ "CONFIG_GCC_PLUGIN_ARM_SSP_PER_TASK", "scripts/gcc-plugins/arm_ssp_per_task_plugin.so" },
	{ "CONFIG_GCC_PLUGIN_SANCOV", "scripts/gcc-plugins/sancov_plugin.so" },
	{ "CONFIG_GCC_PLUGIN_STRUCTLEAK", "scripts/gcc-plugins/structleak_plugin.so" },
};

static void check_required(struct vctx *v)
{
	static const char *const always[] = { "Makefile", ".config", "include/config/auto.conf",
					      "include/generated/autoconf.h", "Module.symvers", "scripts/module.lds" };
	static const char *const progs[] = { "scripts/basic/fixdep", "scripts/mod/modpost" };
	static const struct {
		const char *sym, *prog;
	} cond[] = {
		{ "CONFIG_MODVERSIONS", "scripts/genksyms/genksyms" },
		{ "CONFIG_OBJTOOL", "tools/objtool/objtool" },
		{ "CONFIG_DEBUG_INFO_BTF_MODULES", "tools/bpf/resolve_btfids/resolve_btfids" },
		{ "CONFIG_MODULE_SIG", "scripts/sign-file" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(always); i++)
		require(v, always[i], false, NULL);
	for (size_t i = 0; i < ARRAY_SIZE(progs); i++)
		require(v, progs[i], true, NULL);
	for (size_t i = 0; i < ARRAY_SIZE(cond); i++)
		if (kconfig_enabled(&v->kc, cond[i].sym)) {
			_cleanup_free_ char *why = xasprintf("%s=%s", cond[i].sym, kconfig_get(&v->kc, cond[i].sym));
			require(v, cond[i].prog, true, why);
		}
	if (kconfig_enabled(&v->kc, "CONFIG_GCC_PLUGINS")) {
		bool any = false;
		for (size_t i = 0; i < ARRAY_SIZE(gcc_plugins); i++)
			if (kconfig_enabled(&v->kc, gcc_plugins[i].sym)) {
				_cleanup_free_ char *why = xasprintf("%s=y", gcc_plugins[i].sym);
				require(v, gcc_plugins[i].so, false, why);
				any = true;
			}
		if (!any) {
			bool found = false;
			for (size_t i = 0; i < v->tv.n && !found; i++)
				found = str_starts_with(v->tv.v[i].rel, "scripts/gcc-plugins/") &&
					str_ends_with(v->tv.v[i].rel, ".so");
			if (!found)
				problem(v, "scripts/gcc-plugins", "no gcc plugin (*.so) although CONFIG_GCC_PLUGINS=y");
		}
	}
}

static bool is_elf(const char *p, unsigned char *cls)
{
	unsigned char h[5];
	_cleanup_close_ int fd = open(p, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || read(fd, h, sizeof(h)) != (ssize_t)sizeof(h))
		return false;
	*cls = h[4];
	return !memcmp(h, ELFMAG, SELFMAG);
}

static void check_elf(struct vctx *v, const struct tree_file *f, const char *abs)
{
	struct kelf_ident id;
	unsigned char cls;
	int r;

	if (!is_elf(abs, &cls))
		return;
	r = kelf_ident_path(abs, &id);
	if (r < 0) {
		problem(v, f->rel, "unreadable ELF header: %s", kelf_errmsg());
		return;
	}
	/* Programs and shared objects (gcc plugins) run on the host; objects do not. */
	if (id.type != ET_EXEC && id.type != ET_DYN)
		return;
	if (id.machine != v->host_em)
		problem(v, f->rel, "ELF machine %s (%u), expected %s (%u)", elf_machine_name(id.machine), id.machine,
			elf_machine_name(v->host_em), v->host_em);
}

static bool is_key_name(const char *base)
{
	return !strcmp(base, "signing_key.pem") || !strcmp(base, "signing_key.priv") || str_ends_with(base, ".priv");
}

/* Files kbuild reads as make or shell input. */
static bool is_build_script(const char *rel, const char *buf, size_t len)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;

	if (str_starts_with(base, "Makefile") || str_starts_with(base, "Kbuild") || str_ends_with(base, ".mk") ||
	    str_ends_with(base, ".include") || str_ends_with(base, ".cmd") || str_ends_with(base, ".sh") ||
	    !strcmp(base, "auto.conf"))
		return true;
	return len > 2 && !memcmp(buf, "#!", 2) &&
	       (str_starts_with(buf, "#!/bin/sh") || str_starts_with(buf, "#!/bin/bash") ||
		str_starts_with(buf, "#!/usr/bin/env bash") || str_starts_with(buf, "#!/usr/bin/env sh"));
}

/* Absolute paths a build directory may name: the system's, never the build machine's trees. */
static bool system_path(const char *p, size_t n)
{
	static const char *const ok[] = { "/bin/", "/sbin/", "/usr/", "/etc/", "/dev/", "/proc/", "/sys/", "/tmp/",
					  "/lib/", "/lib64/", "/boot/", "/var/tmp/", "/run/", "/opt/" };
	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		size_t l = strlen(ok[i]);
		if (n >= l && !memcmp(p, ok[i], l))
			return true;
		if (n == l - 1 && !memcmp(p, ok[i], n))
			return true;
	}
	return false;
}

static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
	       c == '.' || c == '/' || c == '+' || c == '~';
}

static void check_abs_paths(struct vctx *v, const struct tree_file *f, const char *buf, size_t len)
{
	unsigned line = 1;

	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n') {
			line++;
			continue;
		}
		/* A comment is prose (examples, URLs), not something make or sh runs. */
		if (buf[i] == '#' && (i == 0 || strchr(" \t\n", buf[i - 1]))) {
			while (i + 1 < len && buf[i + 1] != '\n')
				i++;
			continue;
		}
		if (buf[i] != '/' || (i > 0 && !strchr(" \t\"'=:(,", buf[i - 1])) || (i + 1 < len && buf[i + 1] == '/'))
			continue;
		size_t j = i + 1, slashes = 0;
		while (j < len && path_char(buf[j]))
			slashes += buf[j++] == '/';
		/* "/foo/bar" or deeper: a lone "/x" is too often a regex or an option. */
		size_t n = j - i;
		while (n > 1 && buf[i + n - 1] == '/')
			n--, slashes--;
		/* "/pat/d", "/pat/Q": a sed address, not a path. */
		const char *last = memrchr(buf + i, '/', n);
		bool sed = (size_t)(buf + i + n - last) <= 2;
		if (slashes >= 1 && n > 3 && !sed && !system_path(buf + i, n)) {
			problem(v, f->rel, "line %u names an absolute path of the build machine: %.*s", line, (int)n, buf + i);
			return; /* one per file is enough to act on */
		}
		i = j - 1;
	}
}

static void check_files(struct vctx *v)
{
	for (size_t i = 0; i < v->tv.n; i++) {
		const struct tree_file *f = &v->tv.v[i];
		_cleanup_free_ char *abs = path_join(v->build, f->rel);
		const char *base = strrchr(f->rel, '/') ? strrchr(f->rel, '/') + 1 : f->rel;
		_cleanup_free_ char *buf = NULL;
		size_t len = 0;

		if (f->type == ENTRY_LINK) {
			_cleanup_free_ char *resolved = NULL;
			if (f->target[0] == '/') {
				problem(v, f->rel, "symlink to an absolute path: %s", f->target);
				continue;
			}
			/* Lexically, as a reader of the tree elsewhere would resolve it. */
			int depth = 0;
			bool out = false;
			for (const char *c = f->rel; *c; c++)
				depth += *c == '/';
			_cleanup_free_ char *t = xstrdup(f->target);
			char *save = NULL;
			for (char *seg = strtok_r(t, "/", &save); seg; seg = strtok_r(NULL, "/", &save)) {
				if (!strcmp(seg, ".."))
					depth--;
				else if (strcmp(seg, "."))
					depth++;
				if (depth < 0)
					out = true;
			}
			if (out)
				problem(v, f->rel, "symlink points outside the tree: %s", f->target);
			else if (!path_exists(abs))
				problem(v, f->rel, "dangling symlink: %s", f->target);
			continue;
		}
		if (f->type != ENTRY_FILE)
			continue;
		if (is_key_name(base)) {
			problem(v, f->rel, "private key material");
			continue;
		}
		if (f->mode & 0111 || str_ends_with(base, ".so"))
			check_elf(v, f, abs);
		/* Big files are objects and binaries, not keys or make input. */
		if (f->size > (1 << 20) || read_file(abs, &buf, &len) < 0)
			continue;
		if (secrets_has_private_pem(buf, len) ||
		    (str_ends_with(base, ".key") && !memmem(buf, len, "-----BEGIN ", 11) && len > 0)) {
			problem(v, f->rel, "private key material");
			continue;
		}
		if (is_build_script(f->rel, buf, len))
			check_abs_paths(v, f, buf, len);
	}
}

static bool newer(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

static void check_mtimes(struct vctx *v)
{
	/* kbuild regenerates the configuration when a file is older than the one before it. */
	static const char *const order[] = { ".config", "include/config/auto.conf", "include/generated/autoconf.h" };
	struct stat st[3];

	for (size_t i = 0; i < 3; i++) {
		_cleanup_free_ char *p = path_join(v->build, order[i]);
		if (stat(p, &st[i]) < 0)
			return; /* reported as missing */
	}
	for (size_t i = 1; i < 3; i++)
		if (newer(&st[i - 1].st_mtim, &st[i].st_mtim))
			problem(v, order[i], "older than %s: kbuild would try to regenerate the configuration", order[i - 1]);
}

static void check_symvers(struct vctx *v)
{
	_cleanup_free_ char *p = path_join(v->build, "Module.symvers");
	_cleanup_free_ char *buf = NULL;
	struct symvers sv = { 0 };
	char *err = NULL;
	size_t len;

	if (read_control_file(p, 0, &buf, &len, NULL) < 0)
		return;
	if (symvers_parse("Module.symvers", buf, len, &sv, &err) < 0) {
		fprintf(v->out, "%s\n", err);
		v->problems++;
		free(err);
	} else if (sv.n == 0 && kconfig_enabled(&v->kc, "CONFIG_MODVERSIONS")) {
		problem(v, "Module.symvers", "holds no symbols although CONFIG_MODVERSIONS=y");
	}
	symvers_release(&sv);
}

/* CONFIG_DEBUG_INFO_BTF_MODULES: Makefile.modfinal takes every module's BTF
 * base from vmlinux (pahole --btf_base, resolve_btfids -b) and silently
 * skips module BTF without it. */
static void check_btf_base(struct vctx *v, const struct verify_opts *o)
{
	_cleanup_free_ char *p = path_join(v->build, "vmlinux");
	_cleanup_kelf_ struct kelf *k = NULL;
	int r;

	if (!kconfig_enabled(&v->kc, "CONFIG_DEBUG_INFO_BTF_MODULES") || o->no_btf_base)
		return;
	if (!path_is_reg(p)) {
		problem(v, "vmlinux", "required file is missing (CONFIG_DEBUG_INFO_BTF_MODULES=y: the BTF base of "
			"modules; without it kbuild skips their BTF)");
		return;
	}
	r = kelf_open(p, &k);
	if (r < 0)
		problem(v, "vmlinux", "not a readable ELF file: %s", r == -EBADMSG ? kelf_errmsg() : strerror(-r));
	else if (!kelf_find_section(k, ".BTF"))
		problem(v, "vmlinux", "has no .BTF section, the BTF base of modules (CONFIG_DEBUG_INFO_BTF_MODULES=y)");
}

static int verify_dir(const char *build, const struct verify_opts *o, FILE *out)
{
	struct vctx v = { .build = build, .out = out };
	_cleanup_free_ char *auto_conf = path_join(build, "include/config/auto.conf");
	_cleanup_free_ char *dot_config = path_join(build, ".config");
	char *err = NULL;
	int r;

	if (o->host_arch) {
		if (elf_machine_from_name(o->host_arch, &v.host_em) < 0) {
			log_err("unknown --host-arch '%s'", o->host_arch);
			return -EINVAL;
		}
	} else {
		struct utsname u;
		if (uname(&u) < 0 || elf_machine_from_name(u.machine, &v.host_em) < 0) {
			log_err("cannot tell this machine's ELF machine; pass --host-arch");
			return -EINVAL;
		}
	}
	/* The config decides what is required; auto.conf is what kbuild reads. */
	r = kconfig_read(path_is_reg(auto_conf) ? auto_conf : dot_config, &v.kc, &err);
	if (r < 0) {
		problem(&v, path_is_reg(auto_conf) ? "include/config/auto.conf" : ".config", "unreadable: %s",
			err ? err : strerror(-r));
		free(err);
	}
	r = tree_walk(build, false, &v.tv);
	if (r < 0)
		goto out;
	check_required(&v);
	check_btf_base(&v, o);
	check_files(&v);
	check_mtimes(&v);
	check_symvers(&v);
	if (o->canary && v.problems == 0) {
		r = canary_check(build, o->canary_src, out);
		if (r < 0)
			goto out;
		v.problems += r;
	}
	r = v.problems;
out:
	tree_view_release(&v.tv);
	kconfig_release(&v.kc);
	return r;
}

int kbp_verify(const char *path, const struct verify_opts *o, FILE *out)
{
	struct packed_tree ts;
	int r = packed_open(path, &ts);

	if (r < 0)
		return r;
	r = verify_dir(ts.build, o, out);
	packed_close(&ts);
	return r;
}
