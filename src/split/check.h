/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The proof a split owes each tree: its parts, installed together, give
 * kbuild every file a single pack of the tree gives, with the same bytes,
 * mode and link text, each where kbuild looks for it. */
#pragma once

#include "split/layout.h"
#include "split/partition.h"

/* stage holds one directory per part (as written). Prints every difference
 * as "NAME: PATH: problem"; returns how many, or a negative errno. */
int split_check(struct split_run *run, const struct split_layout *l, const char *stage);
