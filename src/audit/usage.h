/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Used / unused per manifest rule: the files of a pack report (doc/report.md)
 * against the paths the audited builds found. */
#pragma once

#include <stdint.h>
#include <stdio.h>

#include "shared/array.h"

struct rule_usage {
	char *name;
	size_t files, files_used;
	uint64_t bytes, bytes_used;
	struct ptrarray used; /* char *: the paths used, in the report's order */
};

/* One entry per rule of the report that selected files, in the report's
 * order; used: sorted paths relative to the build dir. 0 or a negative
 * errno (unreadable or not a pack report; logged). */
int rule_usage_read(const char *report, const struct ptrarray *used, struct ptrarray *usage);
void rule_usage_free(void *p);
