// SPDX-License-Identifier: GPL-2.0-or-later
/* What the accesses of one build mean: a file of the packed tree used or
 * missing, a read from another kernel tree (escape), a change of the tree
 * under audit (write). Every path is classified where it leads: its
 * symlinks are resolved after the build (the files still exist then:
 * BUILD, the trees and the module's copy in the scratch directory), with
 * /proc/PID/root read as "/" (the build runs in our root). */
#define _GNU_SOURCE
#include "audit/audit.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/tree.h"
#include "rules/secrets.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/path.h"
#include "shared/str.h"

/* Where the toolchain lives: what is read there is not a kernel tree's,
 * except below the exceptions: where distributions install kernel trees. */
static const char *const system_dirs[] = { "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc" };
static const char *const kernel_dirs[] = { "/usr/src", "/lib/modules", "/usr/lib/modules" };

/* Lookups that fail in every correct build: the top Makefile's
 * "-include $(objtree)/.kernelvariables" (a user's optional settings). */
static const char *const optional_paths[] = { ".kernelvariables" };

struct classify {
	const char *build, *source, *moddir;
	const char *const *trees;
	struct ptrarray checked;   /* in_kernel_tree()'s answers, "1DIR" or "0DIR" */
	struct ptrarray installed; /* where /lib/modules/<any>/{build,source} lead */
};

/* fixdep's per-symbol stamps, which kbuild only ever names in
 * $(wildcard ...) to rebuild what a config change touches: before 5.13
 * include/config/foo/bar.h for CONFIG_FOO_BAR (5.10's Makefile.build asks
 * for include/config/stack/validation.h on every build), since then
 * include/config/FOO_BAR. An installed tree's config never changes. The
 * config's own files there (auto.conf, kernel.release, ...) are lower case
 * and not .h. */
static bool is_config_stamp(const char *rel)
{
	const char *p = str_after_prefix(rel, "include/config/");

	if (!p || !*p)
		return false;
	if (str_ends_with(p, ".h"))
		return true;
	return strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(p);
}

/* Not a need: cc1 probes for a precompiled header X.gch before each X;
 * kbuild's "-include .X.cmd" (the command that made X, for if_changed)
 * reads it only when there. */
static bool is_probe(const char *rel)
{
	const char *base = strrchr(rel, '/');

	base = base ? base + 1 : rel;
	return str_ends_with(rel, ".gch") || (base[0] == '.' && str_ends_with(base, ".cmd")) ||
	       is_config_stamp(rel) || strv_index(optional_paths, ARRAY_SIZE(optional_paths), rel) >= 0;
}

/* With the original trees known, a path is missing only if they have it:
 * what neither has was a probe ($(wildcard), a PATH search). Without them,
 * only what a program tried to read or run counts: a stat (make's
 * $(wildcard) and prerequisite checks, the shell's test -f) of a file the
 * build can do without cannot be told from one it needs, and a miss must
 * mean the same with and without them. */
static bool is_need(const struct file_access *a, const char *rel, const char *const trees[2])
{
	bool known = false;

	for (int i = 0; i < 2; i++) {
		if (!trees[i])
			continue;
		known = true;
		_cleanup_free_ char *p = path_join(trees[i], rel);
		struct stat st;
		/* A directory's existence alone is no need: what a build takes
		 * from it, it opens. 5.10's top Makefile tests for
		 * $(objtree)/tools/bpf/resolve_btfids on every run, and a source
		 * tree has a directory of that name. */
		if (lstat(p, &st) < 0 || (a->kind == ACCESS_STAT && S_ISDIR(st.st_mode)))
			continue;
		/* Private key material is never packed, by design: 5.10's top
		 * Makefile tests for certs/signing_key.pem on every run with
		 * CONFIG_MODULE_SIG_ALL (only modules_install signs with it). */
		if (S_ISREG(st.st_mode) && secrets_is_key_material(rel, NULL, p) == 1)
			continue;
		return true;
	}
	return !known && a->kind != ACCESS_STAT;
}

static void add_finding(struct ptrarray *a, const char *path, const char *prog)
{
	struct audit_finding *f = xmalloc(sizeof(*f));

	f->path = xstrdup(path);
	f->progs = xstrdup(prog ? prog : "?");
	ptrarray_push(a, f);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* "pid/basename" of what a process found: a lookup that failed and that
 * the same process then satisfied under the same name elsewhere is a
 * search (cc1's -I list, make's VPATH), not something missing. */
static char *found_key(const struct file_access *a)
{
	return xasprintf("%d/%s", a->pid, base_name(a->path));
}

/* path without a leading /proc/self/root, /proc/thread-self/root or
 * /proc/PID/root (the traced processes share our root). */
static const char *skip_proc_root(const char *path)
{
	const char *p = str_after_prefix(path, "/proc/");
	size_t n;

	if (!p)
		return path;
	n = strcspn(p, "/");
	if (!((n == 4 && !strncmp(p, "self", 4)) || (n == 11 && !strncmp(p, "thread-self", 11)) ||
	      (n > 0 && strspn(p, "0123456789") == n)))
		return path;
	p = str_after_prefix(p + n, "/root");
	if (!p || (*p && *p != '/'))
		return path;
	return *p ? p : "/";
}

/* Where path leads now: links resolved (the last one too when follow),
 * else as far as its parents exist. */
static char *resolve(const char *path, bool follow)
{
	const char *p = skip_proc_root(path);
	char *real = follow ? realpath(p, NULL) : NULL;

	if (!real)
		real = path_resolve_parents(p);
	return real ? real : xstrdup(p);
}

/* Is some ancestor directory of path a kernel tree (ktree_missing_mark)?
 * The answers are kept: a build reads thousands of files in few dirs. */
static bool in_kernel_tree(const char *path, struct ptrarray *checked)
{
	_cleanup_free_ char *dir = xstrdup(path);
	char *slash;

	while ((slash = strrchr(dir, '/')) && slash != dir) {
		bool yes = false, known = false;

		*slash = '\0';
		for (size_t i = 0; i < checked->n; i++) {
			const char *c = checked->v[i];
			if (!strcmp(c + 1, dir)) {
				known = true;
				yes = c[0] == '1';
				break;
			}
		}
		if (!known) {
			yes = !ktree_missing_mark(dir, 0);
			ptrarray_push(checked, xasprintf("%d%s", yes, dir));
		}
		if (yes)
			return true;
	}
	return false;
}

static bool below_any(const char *path, const char *const *dirs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (dirs[i] && path_is_below(path, dirs[i]))
			return true;
	return false;
}

/* The kernel trees installed here, other than the one under audit: a
 * Makefile that hard-codes /lib/modules/$(uname -r)/build reads one. */
static void find_installed(struct classify *c)
{
	static const char *const pats[] = { "/lib/modules/*/build", "/lib/modules/*/source" };

	for (size_t k = 0; k < ARRAY_SIZE(pats); k++) {
		glob_t g;
		if (glob(pats[k], GLOB_NOSORT, NULL, &g) != 0)
			continue;
		for (size_t i = 0; i < g.gl_pathc; i++) {
			char *real = realpath(g.gl_pathv[i], NULL);
			if (real && strcmp(real, c->build) && (!c->source || strcmp(real, c->source)))
				ptrarray_push(&c->installed, real);
			else
				free(real);
		}
		globfree(&g);
	}
}

/* Where what was read (real: resolved) came from: another kernel tree? */
static bool is_escape(struct classify *c, const char *real, bool via_build)
{
	/* a directory looked at (make caches them) reads nothing from it */
	if (path_is_below(real, c->build) || path_is_dir(real))
		return false;
	/* an installed package's other half, not another kernel tree */
	if (c->source && path_is_below(real, c->source))
		return false;
	/* a link of the packed tree that leads out of it */
	if (via_build)
		return true;
	if (below_any(real, c->trees, 2) ||
	    below_any(real, (const char *const *)c->installed.v, c->installed.n) ||
	    below_any(real, kernel_dirs + 1, ARRAY_SIZE(kernel_dirs) - 1))
		return true;
	if (below_any(real, system_dirs, ARRAY_SIZE(system_dirs)) && !path_is_below(real, kernel_dirs[0]))
		return false;
	return in_kernel_tree(real, &c->checked);
}

/* A change of BUILD, where its source link leads, or an original tree. */
static bool is_tree_write(struct classify *c, const char *path)
{
	_cleanup_free_ char *parents = resolve(path, false), *real = resolve(path, true);
	const char *dirs[] = { c->build, c->source, c->trees[0], c->trees[1] };

	return below_any(parents, dirs, ARRAY_SIZE(dirs)) || below_any(real, dirs, ARRAY_SIZE(dirs));
}

/* A lookup of BUILD that found nothing (rel: below BUILD). */
static void classify_miss(const struct file_access *a, const char *rel, const struct ptrarray *found,
			  const char *const trees[2], struct audit_result *r)
{
	_cleanup_free_ char *key = NULL;

	if (is_probe(rel))
		return;
	key = found_key(a);
	if (found->n && bsearch(&key, found->v, found->n, sizeof(*found->v), strcmp_bytes))
		return;
	if (is_need(a, rel, trees))
		add_finding(&r->missing, rel, a->prog);
}

/* A file found: used (of BUILD), or an escape. */
static void classify_found(struct classify *c, const struct file_access *a, const char *lex,
			   struct audit_result *r)
{
	_cleanup_free_ char *real = resolve(lex, true);
	const char *rel = str_after_prefix(lex, c->build), *rrel = str_after_prefix(real, c->build);
	bool via_build = rel && (*rel == '/' || !*rel);

	if (path_is_below(real, c->moddir))
		return;
	if (via_build && (path_is_below(real, c->build) || (c->source && path_is_below(real, c->source)))) {
		ptrarray_push(&r->used, xstrdup(*rel ? rel + 1 : "."));
		return;
	}
	if (rrel && (*rrel == '/' || !*rrel)) {
		ptrarray_push(&r->used, xstrdup(*rrel ? rrel + 1 : "."));
		return;
	}
	if (is_escape(c, real, via_build))
		add_finding(&r->escapes, real, a->prog);
}

static void classify_one(struct classify *c, const struct file_access *a, const struct ptrarray *found,
			 struct audit_result *r)
{
	const char *lex = skip_proc_root(a->path), *rel;

	if (a->kind == ACCESS_WRITE) {
		if (a->result == ACCESS_FOUND && is_tree_write(c, lex))
			add_finding(&r->writes, lex, a->prog);
		return;
	}
	if (a->result == ACCESS_FOUND) {
		classify_found(c, a, lex, r);
		return;
	}
	rel = str_after_prefix(lex, c->build);
	if (a->result == ACCESS_NOT_FOUND && rel && *rel == '/' && !path_is_below(lex, c->moddir))
		classify_miss(a, rel + 1, found, c->trees, r);
}

void audit_classify(const struct access_log *log, const char *build, const char *source, const char *moddir,
		    const char *const trees[2], struct audit_result *r)
{
	struct classify c = { .build = build, .source = source, .moddir = moddir, .trees = trees };
	struct ptrarray found = { 0 };

	find_installed(&c);
	for (size_t i = 0; i < log->n; i++)
		if (log->v[i].result == ACCESS_FOUND && log->v[i].kind != ACCESS_WRITE)
			ptrarray_push(&found, found_key(&log->v[i]));
	if (found.n)
		qsort(found.v, found.n, sizeof(*found.v), strcmp_bytes);
	for (size_t i = 0; i < log->n; i++)
		classify_one(&c, &log->v[i], &found, r);
	ptrarray_free(&found, free);
	ptrarray_free(&c.checked, free);
	ptrarray_free(&c.installed, free);
}
