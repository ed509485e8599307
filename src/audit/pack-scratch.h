/* SPDX-License-Identifier: GPL-2.0-or-later */
/* audit --pack: the trees packed into a scratch directory, as
 * 'kbuild-pack pack' would, for the audit to build against. */
#pragma once

#include <stdbool.h>

struct pack_scratch {
	char *dir;    /* the scratch directory (NULL: none made) */
	char *build;  /* DIR/out/lib/modules/<release>/build */
	char *report; /* DIR/pack.yaml, the pack's report */
};

/* Packs src (and obj, manifest_dir: NULL for the defaults) into a new
 * scratch directory, which the guardian (shared/guard.h) removes should we
 * be killed. 0 or a negative errno (logged); the caller calls
 * pack_scratch_release() either way. */
int pack_scratch_make(const char *src, const char *obj, const char *manifest_dir, struct pack_scratch *ps);
/* Removes the directory unless keep (then says where it is). */
void pack_scratch_release(struct pack_scratch *ps, bool keep);
