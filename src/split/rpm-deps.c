// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/rpm-deps.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "inspect/packed-tree.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/str.h"
#include "split/layout.h"
#include "split/stamp.h"

/* A dependency's name and version hold no blank, comma or operator: the
 * part too, whose arch a flavour's Makefile names (a byte of any kind
 * there made a dependency rpm reads as others, tests/fuzz/fuzz-rpm-deps). */
static bool dep_ok(const char *dir, const char *part, const char *digest)
{
	if (!split_common_name_ok(dir) || !split_common_name_ok(part) || strlen(digest) != SHA256_HEX_LEN - 1)
		return false;
	for (const char *p = digest; *p; p++)
		if (!isxdigit((unsigned char)*p))
			return false;
	return true;
}

static int print_dep(FILE *out, const char *path, const char *dir, const char *part, const char *digest)
{
	if (!dep_ok(dir, part, digest)) {
		log_err("%s: '%s/%s' (digest %s) cannot name an rpm dependency", path, dir, part, digest);
		return -EINVAL;
	}
	fprintf(out, "kbuild-pack-split(%s/%s) = %s\n", dir, part, digest);
	return 0;
}

static int provides(const char *path, FILE *out)
{
	const char *base = path_basename(path);
	_cleanup_free_ char *dir = path_dirname(path);
	_cleanup_free_ char *part = NULL;
	struct common_list cl = { 0 };
	int r;

	if (!strcmp(base, SPLIT_COMMON_LIST))
		part = xstrdup("common");
	else if (str_starts_with(base, SPLIT_ARCH_LIST_PREFIX))
		part = xasprintf("arch-%s", base + strlen(SPLIT_ARCH_LIST_PREFIX));
	if (!part)
		return 0;
	r = common_list_read(path, &cl);
	if (r == 0)
		r = print_dep(out, path, path_basename(dir), part, cl.digest);
	common_list_release(&cl);
	return r;
}

static int requires(const char *path, FILE *out)
{
	_cleanup_free_ char *dir = path_dirname(path);
	_cleanup_free_ char *common = NULL, *digest = NULL, *list = NULL, *arch_digest = NULL;
	int r;

	if (strcmp(path_basename(path), "Makefile"))
		return 0;
	r = packed_split_common(dir, &common, &digest);
	if (r < 0) {
		log_err("%s: %s", dir, strerror(-r));
		return r;
	}
	if (!common)
		return 0; /* no split flavour */
	r = print_dep(out, path, path_basename(common), "common", digest);
	if (r == 0)
		r = packed_split_arch(dir, &list, &arch_digest);
	if (r == 0 && list) {
		_cleanup_free_ char *part = str_starts_with(list, SPLIT_ARCH_LIST_PREFIX)
			? xasprintf("arch-%s", list + strlen(SPLIT_ARCH_LIST_PREFIX)) : NULL;
		r = part ? print_dep(out, path, path_basename(common), part, arch_digest) : -EINVAL;
		if (!part)
			log_err("%s: names no arch list but '%s'", path, list);
	}
	return r;
}

int split_rpm_deps(const char *path, bool req, FILE *out)
{
	return req ? requires(path, out) : provides(path, out);
}
