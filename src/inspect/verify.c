// SPDX-License-Identifier: GPL-2.0-or-later
/* Each check walks the build directory and reports, never stops: a
 * maintainer wants every problem of a tree in one run. */
#define _GNU_SOURCE
#include "inspect/verify.h"

#include <stdarg.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "inspect/canary.h"
#include "inspect/includes.h"
#include "inspect/packed-tree.h"
#include "kernel/kconfig.h"
#include "kernel/kelf.h"
#include "kernel/kversion.h"
#include "kernel/release.h"
#include "kernel/symvers.h"
#include "kernel/target.h"
#include "kernel/tree.h"
#include "rules/manifest.h"
#include "rules/secrets.h"
#include "shared/glob.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "shared/timespec.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/str.h"
#include "shared/workers.h"

struct vctx {
	const char *build;
	const char *root; /* the DESTDIR build was found in, or NULL */
	/* A split flavour's (kbuild-pack split): its common part, where kbuild
	 * finds the sources ($(srctree)); NULL otherwise. */
	char *src_root;
	FILE *out;
	int problems;
	struct kconfig kc;
	const char *kc_name; /* the file kc was read from */
	struct tree_view tv;
	struct elf_machine host;
	const char *sig_key;      /* CONFIG_MODULE_SIG_KEY, when a file */
	struct ptrarray missing; /* reported once, though several rules may name it */
	struct ptrarray dangling_ok; /* the manifests' dangling-includes, expanded */
};

/* "FILE: problem", one line whatever the names in it hold (shared/name.h). */
static _printf_(3, 4) void problem(struct vctx *v, const char *rel, const char *fmt, ...)
{
	_cleanup_free_ char *r = name_escape(rel), *what = NULL;
	struct strbuf text = { 0 };
	va_list ap;

	va_start(ap, fmt);
	strbuf_addvf(&text, fmt, ap);
	va_end(ap);
	what = name_escape(strbuf_str(&text));
	strbuf_release(&text);
	fprintf(v->out, "%s: %s\n", r, what);
	v->problems++;
}

static void report_missing(struct vctx *v, const char *rel, bool pattern, const char *why)
{
	for (size_t i = 0; i < v->missing.n; i++)
		if (!strcmp(v->missing.v[i], rel))
			return;
	ptrarray_push(&v->missing, xstrdup(rel));
	problem(v, rel, "%s%s%s%s", pattern ? "no file matches this required pattern" : "required file is missing",
		why ? " (" : "", why ? why : "", why ? ")" : "");
}

static int by_rel(const void *key, const void *elem)
{
	return strcmp(key, ((const struct tree_file *)elem)->rel);
}

/* Where rel is: in the build directory, or (split) in the common part. */
static char *vpath(const struct vctx *v, const char *rel)
{
	const struct tree_file *f = bsearch(rel, v->tv.v, v->tv.n, sizeof(*v->tv.v), by_rel);

	return path_join(f && f->root ? f->root : v->build, rel);
}

/* A rule's 'expect': a regular file (links followed), executable when it says so. */
static void check_expect(struct vctx *v, const char *rel, bool exec, const char *why)
{
	_cleanup_free_ char *p = vpath(v, rel);
	struct stat st;

	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode))
		report_missing(v, rel, false, why);
	else if (exec && !(st.st_mode & 0111))
		problem(v, rel, "required program is not executable");
}

/* Would the pack's walk for pat have taken rel? It meets rel's parent
 * directories first and drops whatever an exclude matches, except a path
 * the pattern names literally. */
static bool selected_by(const char *pat, const struct ptrarray *excl, const char *rel)
{
	_cleanup_free_ char *p = xstrdup(rel);
	bool literal = !glob_has_magic(pat), hit = false;

	for (char *s = p;;) {
		char *slash = strchr(s, '/');

		if (slash)
			*slash = '\0';
		hit = hit || glob_match(pat, p);
		if (glob_match_any(excl, p) && !(literal && !strcmp(p, pat)))
			return false;
		if (!slash)
			return hit;
		*slash = '/';
		s = slash + 1;
	}
}

static bool tree_matches(const struct vctx *v, const char *pat, const struct ptrarray *excl)
{
	_cleanup_free_ char *prefix = glob_literal_prefix(pat);
	size_t l = strlen(prefix);

	for (size_t i = 0; i < v->tv.n; i++) {
		const struct tree_file *f = &v->tv.v[i];

		if (f->type == ENTRY_DIR || strncmp(f->rel, prefix, l) || (l && f->rel[l] && f->rel[l] != '/'))
			continue;
		if (selected_by(pat, excl, f->rel))
			return true;
	}
	return false;
}

static bool expected(const struct rule *r, const char *path, const char *srcarch)
{
	for (size_t i = 0; i < r->nexpect; i++) {
		_cleanup_free_ char *e = manifest_expand(r->expect[i].path, srcarch);
		if (!strcmp(e, path))
			return true;
	}
	return false;
}

/* A required rule: each include pattern matches a file, as pack demanded. */
static void check_required_rule(struct vctx *v, const struct manifest_set *ms, const struct rule *r,
				const char *srcarch, const char *why)
{
	struct ptrarray excl = manifest_excludes(ms, r, srcarch);

	for (size_t i = 0; i < r->ninclude; i++) {
		_cleanup_free_ char *pat = manifest_expand(r->include[i], srcarch);

		/* Its 'expect' entry checks more (the executable bit). */
		if (expected(r, pat, srcarch))
			continue;
		if (!tree_matches(v, pat, &excl))
			report_missing(v, pat, glob_has_magic(pat), why);
	}
	ptrarray_free(&excl, free);
}

static void check_rules(struct vctx *v, const struct manifest_set *ms, const char *srcarch, unsigned version,
			unsigned patchlevel)
{
	for (size_t i = 0; i < ms->nrules; i++) {
		const struct rule *r = ms->rules[i];
		_cleanup_free_ char *why = NULL;

		if (!rule_applies(r, &v->kc, (int)version, (int)patchlevel))
			continue;
		why = rule_why(r, &v->kc);
		if (r->required)
			check_required_rule(v, ms, r, srcarch, why);
		for (size_t j = 0; j < r->nexpect; j++) {
			_cleanup_free_ char *path = manifest_expand(r->expect[j].path, srcarch);
			check_expect(v, path, r->expect[j].executable, why);
		}
	}
}

static bool is_elf(const char *p, unsigned char *cls)
{
	unsigned char h[5];
	_cleanup_close_ int fd = open_regular(p, 0, NULL);

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
	if (id.machine != v->host.em) {
		problem(v, f->rel, "ELF machine %s (%u), expected %s (%u)", elf_machine_name(id.machine), id.machine,
			elf_machine_name(v->host.em), v->host.em);
	} else if (!elf_machine_matches(&v->host, id.machine, id.elfclass, id.data)) {
		char have[96], want[96];

		problem(v, f->rel, "ELF machine %s, expected %s",
			elf_machine_describe(id.machine, id.elfclass, id.data, have, sizeof(have)),
			elf_machine_describe(v->host.em, v->host.elfclass ? v->host.elfclass : id.elfclass,
					     v->host.data ? v->host.data : id.data, want, sizeof(want)));
	}
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

/* A header that cannot compile against the tree is only a warning: no
 * module may include it (the manifests' dangling-includes say which need
 * not), and a new series must not fail its packs for it. */
static void dangling_include(void *ctx, const char *rel, unsigned line, const char *name, const char *resolved)
{
	const struct vctx *v = ctx;

	if (glob_match_any(&v->dangling_ok, rel))
		return;
	if (resolved)
		log_warn("%s:%u: #include \"%s\": %s is not in the tree; a module including %s does not compile", rel,
			 line, name, resolved, rel);
	else
		log_warn("%s:%u: #include \"%s\" climbs above the tree; a module including %s does not compile", rel,
			 line, name, rel);
}

/* pack's test, on every file of any size and on what a link points to. */
static bool check_key(struct vctx *v, const struct tree_file *f, const char *abs)
{
	int r = secrets_is_key_material(f->rel, v->sig_key, abs);

	if (r < 0)
		problem(v, f->rel, "cannot read it to check it for private key material: %s", strerror(-r));
	else if (r > 0)
		problem(v, f->rel, "private key material");
	return r != 0;
}

static bool check_key_buf(struct vctx *v, const struct tree_file *f, const char *buf, size_t len)
{
	int r = secrets_is_key_material_buf(f->rel, v->sig_key, buf, len);

	if (r > 0)
		problem(v, f->rel, "private key material");
	return r != 0;
}

/* A split flavour's link into its architecture's part (linux-kbuild-*,
 * beside it): true when f is one, checked as the file it leads to. */
static bool check_kbuild_link(struct vctx *v, const struct tree_file *f)
{
	_cleanup_free_ char *real = v->src_root ? realpath(v->build, NULL) : NULL;
	_cleanup_free_ char *parent = NULL, *rel = NULL, *resolved = NULL, *abs = NULL;
	struct stat st;

	if (!real || f->root)
		return false;
	parent = path_dirname(real);
	rel = path_join(path_basename(real), f->rel);
	resolved = path_resolve_link(rel, f->target);
	if (!resolved || !str_starts_with(resolved, "linux-kbuild-"))
		return false;
	abs = path_join(parent, resolved);
	if (stat(abs, &st) < 0) {
		_cleanup_free_ char *part = xstrndup(resolved, strcspn(resolved, "/"));
		problem(v, f->rel, "dangling symlink: %s (the architecture part %s/%s is not installed)", f->target,
			parent, part);
		return true;
	}
	if (!check_key(v, f, abs) && (st.st_mode & 0111))
		check_elf(v, f, abs);
	return true;
}

static void check_file(struct vctx *v, const struct tree_file *f)
{
	const char *root = f->root ? f->root : v->build;
	_cleanup_free_ char *abs = path_join(root, f->rel);
	const char *base = strrchr(f->rel, '/') ? strrchr(f->rel, '/') + 1 : f->rel;
	_cleanup_free_ char *buf = NULL;
	size_t len = 0;

	if (f->type == ENTRY_LINK) {
		_cleanup_free_ char *resolved = NULL;
		if (check_kbuild_link(v, f))
			return;
		if (f->target[0] == '/') {
			problem(v, f->rel, "symlink to an absolute path: %s", f->target);
			return;
		}
		resolved = path_resolve_link(f->rel, f->target);
		if (!resolved)
			problem(v, f->rel, "symlink points outside the tree: %s", f->target);
		else if (!path_exists(abs))
			problem(v, f->rel, "dangling symlink: %s", f->target);
		else
			check_key(v, f, abs);
		return;
	}
	if (f->type != ENTRY_FILE)
		return;
	/* Big files are objects and binaries, not make input. */
	/* bounded and never blocking: the tree may change under the walk */
	if (f->size <= (1 << 20) && read_control_file(abs, 0, &buf, &len, NULL) < 0)
		len = 0;
	/* the key check on the bytes just read, where they are the whole file */
	if (buf && len == (size_t)f->size ? check_key_buf(v, f, buf, len) : check_key(v, f, abs))
		return;
	if (f->mode & 0111 || str_ends_with(base, ".so"))
		check_elf(v, f, abs);
	if (!buf)
		return;
	if (is_build_script(f->rel, buf, len))
		check_abs_paths(v, f, buf, len);
	if (str_ends_with(base, ".h"))
		includes_dangling(root, f->rel, buf, len, dangling_include, v);
}

/* One file's checks on any thread, with a context of its own whose
 * problems are said afterwards, in the tree's order (its messages too:
 * workers_run_in_order). */
struct file_check {
	struct vctx v;
	char *said;
	size_t len;
};

struct file_checks {
	struct vctx *v;
	struct file_check *jobs;
};

static int check_file_apart(void *arg, size_t i)
{
	struct file_checks *c = arg;
	struct file_check *j = &c->jobs[i];

	j->v = *c->v;
	j->v.problems = 0;
	j->v.out = open_memstream(&j->said, &j->len);
	if (!j->v.out)
		return -errno;
	check_file(&j->v, &c->v->tv.v[i]);
	fclose(j->v.out);
	return 0;
}

/* Every file checked on every CPU: read, keys, ELF, paths, includes. */
static void check_files(struct vctx *v)
{
	struct file_checks c = { .v = v, .jobs = xcalloc(v->tv.n ? v->tv.n : 1, sizeof(*c.jobs)) };
	int r = workers_run_in_order(v->tv.n, check_file_apart, &c);

	for (size_t i = 0; i < v->tv.n; i++) {
		struct file_check *j = &c.jobs[i];

		if (r == 0) {
			if (j->len)
				fwrite(j->said, 1, j->len, v->out);
			v->problems += j->v.problems;
		}
		free(j->said);
	}
	free(c.jobs);
	if (r < 0 && r != -EINTR) /* no memory for a file's stream */
		problem(v, ".", "cannot check the files: %s", strerror(-r));
}

/* The manifests' mtime-order, as pack made it: kbuild regenerates the
 * configuration when a file is older than the one before it. */
static void check_mtimes(struct vctx *v, const struct manifest_set *ms)
{
	struct timespec prev = { 0 };
	const char *prev_rel = NULL;

	for (size_t i = 0; i < ms->nmtime_order; i++) {
		_cleanup_free_ char *p = path_join(v->build, ms->mtime_order[i]);
		struct stat st;

		if (stat(p, &st) < 0)
			continue; /* a required one is reported as missing */
		if (prev_rel && timespec_cmp(&prev, &st.st_mtim) > 0)
			problem(v, ms->mtime_order[i], "older than %s: kbuild would try to regenerate the configuration",
				prev_rel);
		prev = st.st_mtim;
		prev_rel = ms->mtime_order[i];
	}
}

/* The manifests pack would use for this tree: its release, its arch (the
 * one arch symbol of its config, never a name the tree spells) and its
 * config. 1 when the tree does not say which (reported), negative errno when
 * they cannot be loaded. */
static int load_manifests(struct vctx *v, const struct verify_opts *o, struct manifest_set *ms, char **srcarch,
			  unsigned *version, unsigned *patchlevel)
{
	const char *arch;

	if (kversion_read_tree(v->src_root ? v->src_root : v->build, version, patchlevel) < 0) {
		problem(v, "include/config/kernel.release", "no kernel version: cannot tell which manifest rules apply");
		return 1;
	}
	arch = target_srcarch_of_config(&v->kc);
	if (!arch) {
		problem(v, v->kc_name, "no architecture: it sets no architecture symbol (CONFIG_X86, CONFIG_ARM64, ...) or several");
		return 1;
	}
	*srcarch = xstrdup(arch);
	return manifest_load_tree(ms, o->manifest_dir, *srcarch, o->extra_manifests, o->nextra);
}

/* The rules only say what a proven series needs (pack, check_series()):
 * for another one plain verify cannot vouch for the tree, the canary can. */
static void check_series(struct vctx *v, const struct verify_opts *o, const struct manifest_set *ms,
			 unsigned version, unsigned patchlevel)
{
	_cleanup_free_ char *proven = NULL;

	if (manifest_series_proven(ms, (int)version, (int)patchlevel))
		return;
	proven = manifest_proven_list(ms);
	if (o->canary)
		log_warn("linux %u.%u is not a series the manifests are proven on (%s): the canary decides", version,
			 patchlevel, proven);
	else
		problem(v, "Makefile", "linux %u.%u is not a series the manifests are proven on (%s): whether modules "
			"build against this tree is unknown; verify --canary builds one", version, patchlevel, proven);
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

/* The machine the tree's programs must run on. */
static int host_machine(const struct verify_opts *o, struct elf_machine *em)
{
	struct utsname u;

	if (o->host.em && !o->host_arch) {
		*em = o->host;
	} else if (o->host_arch) {
		if (elf_machine_lookup(o->host_arch, em) < 0) {
			log_err("unknown --host-arch '%s'", o->host_arch);
			return -EINVAL;
		}
	} else if (uname(&u) < 0 || elf_machine_lookup(u.machine, em) < 0) {
		log_err("cannot tell this machine's ELF machine; pass --host-arch");
		return -EINVAL;
	}
	return 0;
}

/* The digest line (third) of a split part's list file; NULL when unreadable. */
static char *list_digest(const char *file)
{
	_cleanup_free_ char *text = NULL;
	char *line = NULL, *save = NULL;
	size_t len;

	if (read_control_file(file, 0, &text, &len, NULL) < 0)
		return NULL;
	for (int i = 0; i < 3; i++)
		line = strtok_r(i ? NULL : text, "\n", &save);
	return line && !strncmp(line, "digest ", 7) ? xstrdup(line + 7) : NULL;
}

/* The arch part a split flavour names, in its common part: 1 when missing
 * or another one (reported). */
static int check_arch_part(struct vctx *v, const char *common)
{
	_cleanup_free_ char *list = NULL, *digest = NULL, *file = NULL, *have = NULL;

	if (packed_split_arch(v->build, &list, &digest) < 0) {
		problem(v, "Makefile", "its '" SPLIT_MAKEFILE_ARCH_MARK "' line names no arch part: want "
			SPLIT_ARCH_LIST_PREFIX "ARCH DIGEST");
		return 1;
	}
	if (!list)
		return 0;
	file = path_join(common, list);
	have = list_digest(file);
	if (!have) {
		problem(v, "Makefile", "a split build directory without its architecture's part: %s is not installed", file);
		return 1;
	}
	if (strcmp(have, digest)) {
		problem(v, "Makefile", "%s is not the architecture part this build directory was made with (it lists %s, "
			"this one wants digest %s)", file, have, digest);
		return 1;
	}
	return 0;
}

/* A split flavour (kbuild-pack split) is a build directory only with the
 * common part it was made with: its sources join the view. 1 when it is
 * missing or another one (reported), negative errno on failure. */
static int open_common_part(struct vctx *v)
{
	_cleanup_free_ char *common = NULL, *digest = NULL, *list = NULL, *mk = NULL, *have = NULL;
	struct tree_view src = { 0 };
	int r = packed_split_common(v->build, v->root, &common, &digest);

	if (r == -EINVAL || r == -ELOOP) {
		problem(v, "Makefile", r == -ELOOP ? "the common part its '" SPLIT_MAKEFILE_MARK "' line names is a loop of links"
			: "its '" SPLIT_MAKEFILE_MARK "' line names no common part: want NAME DIGEST, NAME of " NAME_RULE);
		return 1;
	}
	if (r < 0 || !common)
		return r;
	mk = path_join(common, "Makefile");
	list = path_join(common, SPLIT_COMMON_LIST);
	if (!path_is_reg(mk)) {
		problem(v, "Makefile", "a split build directory without its common part: %s is not installed", common);
		return 1;
	}
	have = list_digest(list);
	if (!have || strcmp(have, digest)) {
		problem(v, "Makefile", "%s is not the common part this build directory was made with (it lists %s, "
			"this one wants digest %s): install the common part of this kernel's release",
			common, have ? have : "no digest", digest);
		return 1;
	}
	r = check_arch_part(v, common);
	if (r != 0)
		return r;
	r = tree_walk(common, false, &src);
	if (r < 0) {
		tree_view_release(&src);
		return r;
	}
	v->src_root = xstrdup(common);
	tree_view_overlay(&v->tv, &src, v->src_root);
	return 0;
}

/* What a module build must match: the tree's release, arch and compiler. */
static char *tree_about(const struct vctx *v)
{
	const char *srcarch = target_srcarch_of_config(&v->kc);
	_cleanup_free_ char *rel = NULL;
	const char *cc = kconfig_get(&v->kc, "CONFIG_CC_VERSION_TEXT");

	if (krelease_read(v->build, &rel, NULL) < 0)
		rel = NULL;
	return xasprintf("Linux %s (%s) built by %s", rel ? rel : "?", srcarch ? srcarch : "?",
			 cc ? cc : "a compiler it does not name (no CONFIG_CC_VERSION_TEXT)");
}

/* The release the kernel reports (UTS_RELEASE) names the directory
 * lib/modules/<release> where make -C /lib/modules/$(uname -r)/build and
 * dkms look: an installation under another name is never found. A
 * kernel.release that says otherwise is named, not refused: Debian's
 * Makefile overrides KERNELRELEASE and leaves it at the upstream version. */
static void check_release(struct vctx *v, const char *release_dir)
{
	_cleanup_free_ char *rel = NULL, *config_rel = NULL, *err = NULL;

	if (krelease_read(v->build, &rel, &err) < 0) {
		problem(v, "include/generated/utsrelease.h", "no release the kernel reports: %s", err ? err : "unreadable");
		return;
	}
	if (release_dir && strcmp(release_dir, rel))
		problem(v, "include/generated/utsrelease.h",
			"the kernel reports release %s, but the tree is installed as lib/modules/%s: make -C /lib/modules/$(uname -r)/build and dkms do not find it",
			rel, release_dir);
	config_rel = krelease_config(v->build);
	if (config_rel && strcmp(config_rel, rel))
		log_warn("%s: include/config/kernel.release says %s, the kernel reports %s (UTS_RELEASE): modules are built for %s",
			 v->build, config_rel, rel, rel);
}

static int verify_dir(const struct packed_tree *ts, const struct verify_opts *o, FILE *out, char **about)
{
	const char *build = ts->build, *release_dir = ts->release_dir;
	struct vctx v = { .build = build, .root = ts->root, .out = out };
	struct manifest_set ms = { 0 };
	_cleanup_free_ char *srcarch = NULL;
	unsigned version = 0, patchlevel = 0;
	bool have_rules;
	_cleanup_free_ char *auto_conf = path_join(build, "include/config/auto.conf");
	_cleanup_free_ char *dot_config = path_join(build, ".config");
	char *err = NULL;
	int r;

	r = host_machine(o, &v.host);
	if (r < 0)
		return r;
	/* The config decides what is required; auto.conf is what kbuild reads. */
	v.kc_name = path_is_reg(auto_conf) ? "include/config/auto.conf" : ".config";
	r = kconfig_read(path_is_reg(auto_conf) ? auto_conf : dot_config, &v.kc, &err);
	if (r < 0) {
		problem(&v, v.kc_name, "unreadable: %s", err ? err : strerror(-r));
		free(err);
	}
	v.sig_key = secrets_sig_key(&v.kc);
	r = tree_walk(build, false, &v.tv);
	if (r == 0)
		r = open_common_part(&v);
	if (r < 0)
		goto out;
	if (r > 0) { /* split, without its common part: nothing more to check */
		r = v.problems;
		goto out;
	}
	r = load_manifests(&v, o, &ms, &srcarch, &version, &patchlevel);
	if (r < 0)
		goto out;
	have_rules = r == 0;
	if (have_rules)
		check_series(&v, o, &ms, version, patchlevel);
	if (have_rules)
		check_rules(&v, &ms, srcarch, version, patchlevel);
	for (size_t i = 0; have_rules && i < ms.ndangling_includes; i++)
		ptrarray_push(&v.dangling_ok, manifest_expand(ms.dangling_includes[i], srcarch));
	check_release(&v, release_dir);
	check_btf_base(&v, o);
	check_files(&v);
	if (have_rules)
		check_mtimes(&v, &ms);
	check_symvers(&v);
	if (o->canary && v.problems == 0) {
		r = canary_check(build, out);
		if (r < 0)
			goto out;
		v.problems += r;
	}
	r = v.problems;
out:
	if (r > 0 && about)
		*about = tree_about(&v);
	manifest_set_release(&ms);
	ptrarray_free(&v.missing, free);
	ptrarray_free(&v.dangling_ok, free);
	tree_view_release(&v.tv);
	kconfig_release(&v.kc);
	free(v.src_root);
	return r;
}

int kbp_verify(const char *path, const struct verify_opts *o, FILE *out, char **about)
{
	struct packed_tree ts;
	int r = packed_open(path, &o->packed, &ts);

	if (about)
		*about = NULL;
	if (r < 0)
		return r;
	r = verify_dir(&ts, o, out, about);
	packed_close(&ts);
	return r;
}
