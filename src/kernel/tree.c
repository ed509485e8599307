// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/tree.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/release.h"
#include "kernel/target.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fileio.h"
#include "shared/str.h"

static int resolve_dir(const char *what, const char *path, char **out)
{
	char *r = realpath(path, NULL);

	if (!r) {
		int e = errno;
		log_err("%s: %s: %s", path, what, strerror(e));
		return -e;
	}
	if (!path_is_dir(r)) {
		log_err("%s: %s: not a directory", path, what);
		free(r);
		return -ENOTDIR;
	}
	*out = r;
	return 0;
}

/* VERSION/PATCHLEVEL/SUBLEVEL from the top Makefile. */
static int read_makefile_version(struct ktree *t)
{
	_cleanup_free_ char *mk = path_join(t->src, "Makefile");
	_cleanup_free_ char *buf = NULL, *err = NULL;
	const struct {
		const char *prefix;
		int *dst;
	} fields[] = {
		{ "VERSION = ", &t->version },
		{ "PATCHLEVEL = ", &t->patchlevel },
		{ "SUBLEVEL = ", &t->sublevel },
	};
	size_t found = 0;
	int r;

	/* The source tree may be a symlink farm: a linked Makefile is fine. */
	r = read_control_file(mk, 0, &buf, NULL, &err);
	if (r < 0) {
		log_err("%s", err);
		return r;
	}
	for (char *l = buf; l && *l && found < ARRAY_SIZE(fields); l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		for (size_t i = 0; i < ARRAY_SIZE(fields); i++) {
			const char *v = str_after_prefix(l, fields[i].prefix);
			if (v) {
				*fields[i].dst = atoi(v);
				found++;
				break;
			}
		}
	}
	return found >= 2 ? 0 : -ENODATA;
}

static bool real_dir(const char *p)
{
	struct stat st;
	return lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *ktree_missing_mark(const char *dir, unsigned flags)
{
	_cleanup_free_ char *mk = path_join(dir, "Makefile");
	_cleanup_free_ char *inc = path_join(dir, "include");
	_cleanup_free_ char *linux = path_join(dir, "include/linux");

	if (!path_exists(mk)) /* what it is, its reader says */
		return "Makefile";
	if (flags & KTREE_NOFOLLOW ? !real_dir(inc) || !real_dir(linux) : !path_is_dir(linux))
		return "include/linux";
	return NULL;
}

static int check_source_tree(struct ktree *t)
{
	/* what a source tree has beyond the marks of any kernel tree */
	static const char *const marks[] = { "Kbuild", "arch", "include/linux/module.h", "scripts/Makefile.build" };
	const char *missing = ktree_missing_mark(t->src, 0);
	int r;

	if (missing) {
		log_err("%s: not a kernel source tree (no %s)", t->src, missing);
		return -ENOENT;
	}
	for (size_t i = 0; i < ARRAY_SIZE(marks); i++) {
		_cleanup_free_ char *p = path_join(t->src, marks[i]);
		if (!path_exists(p)) {
			log_err("%s: not a kernel source tree (no %s)", t->src, marks[i]);
			return -ENOENT;
		}
	}
	r = read_makefile_version(t);
	if (r == -ENODATA)
		log_err("%s/Makefile: no VERSION/PATCHLEVEL: not a kernel source tree", t->src);
	if (r < 0)
		return r;
	return 0;
}

static int check_configured(struct ktree *t)
{
	/* What kbuild itself needs before it will build an external module. */
	static const char *const need[] = { ".config", "include/config/auto.conf", "include/generated/autoconf.h",
					    "include/config/kernel.release", "include/generated/utsrelease.h" };

	for (size_t i = 0; i < ARRAY_SIZE(need); i++) {
		_cleanup_free_ char *p = path_join(t->obj, need[i]);
		/* exists: what is not a regular file is named by its reader */
		if (!path_exists(p)) {
			log_err("%s: kernel tree is not configured and prepared: %s is missing (run 'make olddefconfig' and 'make modules_prepare' or a full build first)",
				t->obj, need[i]);
			return -ENOENT;
		}
	}
	return 0;
}

/* One path component: not empty, '.' or '..', no '/'; only characters of
 * `allowed` when it is given. */
static bool is_name(const char *s, const char *allowed)
{
	if (!*s || !strcmp(s, ".") || !strcmp(s, "..") || strchr(s, '/'))
		return false;
	return !allowed || strspn(s, allowed) == strlen(s);
}

#define ARCH_CHARS "abcdefghijklmnopqrstuvwxyz0123456789_"

bool ktree_arch_name_ok(const char *arch)
{
	return is_name(arch, ARCH_CHARS);
}

char *ktree_source_link(const char *dir)
{
	_cleanup_free_ char *link = path_join(dir, "source");
	char *real = realpath(link, NULL);

	if (real && !path_is_dir(real)) {
		free(real);
		real = NULL;
	}
	return real;
}

/* The arch of the config's symbols, never the .config header's spelling
 * (it would name any file as the manifest); a header that names another
 * arch, or no arch name at all, is refused. On error *p names the file. */
static int arch_from_config(struct ktree *t, char **p)
{
	const char *a = target_srcarch_of_config(&t->config);
	const char *h = NULL;
	struct kconfig dot;
	char *errmsg = NULL;
	int r;

	free(*p);
	*p = path_join(t->obj, ".config");
	r = kconfig_read(*p, &dot, &errmsg);
	if (r < 0) {
		log_err("%s", errmsg);
		free(errmsg);
		return r;
	}
	if (dot.header_arch)
		h = target_srcarch_of_arch(dot.header_arch);
	if (h && !is_name(h, ARCH_CHARS)) {
		log_err("%s: architecture '%s' is not a kernel architecture name (lower-case letters, digits, '_')", *p, h);
		r = -EINVAL;
	} else if (!a) {
		log_err("%s: cannot tell the architecture: the config sets no architecture symbol (CONFIG_X86, CONFIG_ARM64, ...) or several; pass --arch",
			*p);
		r = -EINVAL;
	} else if (h && strcmp(h, a)) {
		log_err("%s: its header names architecture '%s', its symbols '%s'", *p, h, a);
		r = -EINVAL;
	} else {
		t->srcarch = xstrdup(a);
	}
	kconfig_release(&dot);
	return r;
}

int ktree_open(struct ktree *t, const char *src, const char *obj, const char *arch)
{
	_cleanup_free_ char *p = NULL;
	char *errmsg = NULL;
	int r;

	memset(t, 0, sizeof(*t));
	if (obj) {
		r = resolve_dir("object tree", obj, &t->obj);
		if (r < 0)
			return r;
	}
	if (src) {
		r = resolve_dir("source tree", src, &t->src);
		if (r < 0)
			return r;
	} else {
		_cleanup_free_ char *link = path_join(t->obj, "source");
		if (!path_exists(link)) {
			log_err("%s: no 'source' link in the object tree; name the source tree with --src", t->obj);
			return -ENOENT;
		}
		/* resolve_dir, not ktree_source_link: a link to no directory is named */
		r = resolve_dir("source tree (through the object tree's 'source' link)", link, &t->src);
		if (r < 0)
			return r;
	}
	if (!t->obj || !strcmp(t->obj, t->src)) {
		free(t->obj);
		t->obj = t->src;
	}
	t->split = t->obj != t->src;

	r = check_source_tree(t);
	if (r < 0)
		return r;
	r = check_configured(t);
	if (r < 0)
		return r;

	r = krelease_read(t->obj, &t->release, &errmsg);
	if (r < 0) {
		log_err("%s", errmsg);
		free(errmsg);
		return r;
	}
	p = krelease_config(t->obj);
	if (p && strcmp(p, t->release))
		log_info("release %s (UTS_RELEASE, what the kernel reports); include/config/kernel.release says %s (the Makefiles override KERNELRELEASE)",
			 t->release, p);
	free(p);
	p = path_join(t->obj, "include/config/auto.conf");
	r = kconfig_read(p, &t->config, &errmsg);
	if (r < 0) {
		log_err("%s", errmsg);
		free(errmsg);
		return r;
	}

	if (arch) {
		t->srcarch = xstrdup(target_srcarch_of_arch(arch));
	} else {
		r = arch_from_config(t, &p);
		if (r < 0)
			return r;
	}
	/* It names arch/<srcarch> and manifests/arch/<srcarch>.yaml. */
	if (!is_name(t->srcarch, ARCH_CHARS)) {
		log_err("%s: architecture '%s' is not a kernel architecture name (lower-case letters, digits, '_')",
			arch ? "--arch" : p, t->srcarch);
		return -EINVAL;
	}
	free(p);
	p = xasprintf("%s/arch/%s", t->src, t->srcarch);
	if (!path_is_dir(p)) {
		log_err("unknown architecture '%s': %s does not exist", t->srcarch, p);
		return -EINVAL;
	}
	return 0;
}

int ktree_open_source(struct ktree *t, const char *src, const char *srcarch)
{
	int r;

	memset(t, 0, sizeof(*t));
	r = resolve_dir("source tree", src, &t->src);
	if (r == 0)
		r = check_source_tree(t);
	if (r < 0)
		return r;
	t->obj = t->src;
	t->release = xasprintf("%d.%d.%d", t->version, t->patchlevel, t->sublevel);
	t->srcarch = xstrdup(srcarch);
	return 0;
}

void ktree_release(struct ktree *t)
{
	if (t->obj != t->src)
		free(t->obj);
	free(t->src);
	free(t->release);
	free(t->srcarch);
	kconfig_release(&t->config);
	memset(t, 0, sizeof(*t));
}
