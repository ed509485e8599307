/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a split did or would do: --list, --dry-run, --report (doc/split.md). */
#pragma once

#include <stdio.h>

#include "split/layout.h"
#include "split/partition.h"

/* The part an item went to ("common", "arch-x86", "flavour-NAME"). */
const char *split_part_name(const struct split_run *run, const struct split_layout *l, size_t ti,
			    const struct split_item *it);
/* One line per file of each tree: TREE<TAB>PATH<TAB>PART[<TAB>why]. */
void split_print_list(FILE *f, const struct split_run *run, const struct split_layout *l);
/* One line per part: its name, files, links and bytes; then the total
 * against the trees packed one by one. */
void split_print_sizes(FILE *f, const struct split_run *run, const struct split_layout *l);
/* The report into f (shared/output.h's outfile owns where it goes; path
 * names it in messages). Negative errno, printed. */
int split_report_write(FILE *f, const char *path, const struct split_run *run, const struct split_layout *l);
