/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Applies the manifest rules to the trees: the list of entries to write. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "rules/filelist.h"
#include "rules/manifest.h"
#include "kernel/tree.h"
#include "rules/walk.h" /* struct select_opts */

/* Fills fl (sorted, deduplicated, with implied directories). Prints what
 * went wrong; negative errno on failure; -EINTR, silently, once a signal
 * has set interrupted(). */
int select_files(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
		 struct filelist *fl);
