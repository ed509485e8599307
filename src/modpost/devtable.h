/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Device-id struct sizes and field offsets, read at run time from the
 * build tree's generated scripts/mod/devicetable-offsets.h so that one
 * binary serves every target architecture. */
#pragma once

#include <stddef.h>

struct devtable_offsets;

/* Parses the text of devicetable-offsets.h ("#define SIZE_x N", "#define OFF_x_y N"). */
struct devtable_offsets *devtable_offsets_parse(const char *text);
void devtable_offsets_free(struct devtable_offsets *o);
/* -1 when the name is not defined. */
long devtable_offsets_get(const struct devtable_offsets *o, const char *name);
