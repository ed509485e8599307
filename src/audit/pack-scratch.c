// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "audit/pack-scratch.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "pack/pack.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fs.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/path.h"
#include "shared/scratch.h"

/* The one release under modules: its build directory. */
static int find_build(const char *modules, char **build)
{
	struct ptrarray rels = { 0 };
	DIR *d = opendir(modules);

	if (!d) {
		log_err("%s: %m", modules);
		return -errno;
	}
	dir_sorted_names(d, &rels);
	closedir(d);
	if (rels.n != 1) {
		log_err("%s: want one release, found %zu", modules, rels.n);
		ptrarray_free(&rels, free);
		return -EINVAL;
	}
	*build = xasprintf("%s/%s/build", modules, (const char *)rels.v[0]);
	ptrarray_free(&rels, free);
	return 0;
}

int pack_scratch_make(const char *src, const char *obj, const char *manifest_dir, struct pack_scratch *ps)
{
	_cleanup_free_ char *out = NULL, *modules = NULL;
	struct pack_opts po = { .src = src, .obj = obj, .rules.manifest_dir = manifest_dir, .clamp_mtime = -1,
				.format = FORMAT_DIR };
	int r;

	*ps = (struct pack_scratch){ 0 };
	r = scratch_make("audit-pack", &ps->dir);
	if (r < 0)
		return r;
	out = path_join(ps->dir, "out");
	modules = path_join(out, "lib/modules");
	ps->report = path_join(ps->dir, "pack.yaml");
	po.out = out;
	po.report = ps->report;
	r = kbp_pack(&po);
	if (r < 0)
		return r == KBP_EUSAGE ? -EINVAL : r;
	return find_build(modules, &ps->build);
}

void pack_scratch_release(struct pack_scratch *ps, bool keep)
{
	if (ps->dir && keep && !interrupted()) {
		fprintf(stderr, "kbuild-pack: audit --pack tree kept: %s\n", ps->dir);
		scratch_keep(ps->dir);
	} else if (ps->dir) {
		scratch_remove(ps->dir);
	}
	free(ps->dir);
	free(ps->build);
	free(ps->report);
	*ps = (struct pack_scratch){ 0 };
}
