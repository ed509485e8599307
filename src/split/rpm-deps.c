// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/rpm-deps.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "inspect/packed-tree.h"
#include "kernel/tree.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/str.h"
#include "split/stamp.h"

/* A dependency's name and version hold no blank, comma or operator: the
 * directory is a name of the one grammar, the part "common" or "arch-"
 * and an arch name, the digest hex. */
static bool dep_ok(const char *dir, const char *part, const char *digest)
{
	const char *arch = str_after_prefix(part, "arch-");

	if (strcmp(part, "common") && !(arch && ktree_arch_name_ok(arch)))
		return false;
	if (!name_ok(dir) || strlen(digest) != SHA256_HEX_LEN - 1)
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

/* The part a list file names: "common" for the common part's list,
 * "arch-ARCH" for an arch part's; NULL for any other file. */
static char *part_of_list(const char *name)
{
	if (!strcmp(name, SPLIT_COMMON_LIST))
		return xstrdup("common");
	if (str_starts_with(name, SPLIT_ARCH_LIST_PREFIX))
		return xasprintf("arch-%s", name + strlen(SPLIT_ARCH_LIST_PREFIX));
	return NULL;
}

static int provides(const char *path, FILE *out)
{
	const char *base = path_basename(path);
	_cleanup_free_ char *dir = path_dirname(path);
	_cleanup_free_ char *part = part_of_list(base);
	struct common_list cl = { 0 };
	int r;

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
	r = packed_split_common(dir, NULL, &common, &digest);
	if (r == -EINVAL)
		log_err("%s: its '%s' line names no common part: want NAME DIGEST, NAME of " NAME_RULE, path,
			SPLIT_MAKEFILE_MARK);
	else if (r < 0)
		log_err("%s: %s", dir, strerror(-r));
	if (r < 0)
		return r;
	if (!common)
		return 0; /* no split flavour */
	r = print_dep(out, path, path_basename(common), "common", digest);
	if (r == 0 && packed_split_arch(dir, &list, &arch_digest) < 0) {
		log_err("%s: its '%s' line names no arch part: want " SPLIT_ARCH_LIST_PREFIX "ARCH DIGEST", path,
			SPLIT_MAKEFILE_ARCH_MARK);
		r = -EINVAL;
	}
	if (r == 0 && list) { /* packed_split_arch took only an arch list's name */
		_cleanup_free_ char *part = part_of_list(list);

		r = print_dep(out, path, path_basename(common), part, arch_digest);
	}
	return r;
}

int split_rpm_deps(const char *path, bool req, FILE *out)
{
	return req ? requires(path, out) : provides(path, out);
}
