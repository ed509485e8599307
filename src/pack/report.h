/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report FILE.yaml: what a pack wrote and why. Format: doc/report.md. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/filelist.h"
#include "rules/manifest.h"
#include "sink/sink.h"
#include "kernel/tree.h"

struct report_info {
	const struct ktree *tree;
	const struct manifest_set *manifests;
	const struct filelist *files;
	enum sink_format format;
	const char *out;
	int64_t clamp_mtime;
	const char *const *components; /* --component or --exclude-component names */
	size_t ncomponents;
	bool exclude_components;
};

/* Writes the report to f (shared/output.h's outfile owns where f goes).
 * Negative errno on failure. */
int report_write(FILE *f, const struct report_info *ri);
