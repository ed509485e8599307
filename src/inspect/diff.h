/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack diff A B: the file-set difference of two build directories
 * or archives, as one line per path. */
#pragma once

#include <stdio.h>

#include "inspect/packed-tree.h"

/* Lines "only in A: PATH", "only in B: PATH", "differs: PATH (what)",
 * sorted by path. Returns the number of differences or a negative errno.
 * An ELF file that one side holds without the debug sections the other's
 * has, and otherwise the same (strip: debug), is a line "stripped in A:"
 * or "stripped in B: PATH (...)", not counted as a difference. */
int kbp_diff(const char *a, const char *b, const struct packed_opts *o, FILE *out);
