// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "shared/alloc.h"
#include "shared/macro.h"
#include "shared/path.h"

static char *self_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	return xstrdup(buf);
}

char *kbp_manifest_dir(void)
{
	const char *env = getenv("KBUILD_PACK_MANIFEST_DIR");
	_cleanup_free_ char *dir = NULL;

	if (env && *env)
		return xstrdup(env);
	dir = self_dir();
	if (dir) {
		_cleanup_free_ char *p = xasprintf("%s/%s", dir, KBP_REL_MANIFEST_DIR);
		_cleanup_free_ char *common = path_join(p, "common.yaml");
		/* Resolved, so messages name the directory a user can open. */
		if (path_is_reg(common))
			return realpath(p, NULL);
	}
	return xstrdup(KBP_INSTALL_MANIFEST_DIR);
}

/* NAME beside the manifest dir, resolved where it exists. */
static char *beside_manifests(const char *name)
{
	_cleanup_free_ char *manifests = kbp_manifest_dir();
	_cleanup_free_ char *up = path_join(manifests, "..");
	_cleanup_free_ char *dir = path_join(up, name);
	char *real = realpath(dir, NULL);

	return real ? real : xstrdup(dir);
}

char *kbp_corpus_dir(void)
{
	return beside_manifests("modules");
}

char *kbp_modpost_src_dir(void)
{
	return beside_manifests("kbuild-modpost-src");
}

char *kbp_sibling_program(const char *name)
{
	_cleanup_free_ char *dir = self_dir();
	char *p;

	if (dir) {
		p = path_join(dir, name);
		if (access(p, X_OK) == 0)
			return p;
		free(p);
	}
	p = path_join(KBP_INSTALL_LIBEXECDIR, name);
	if (access(p, X_OK) == 0)
		return p;
	free(p);
	return NULL;
}
