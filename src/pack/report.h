/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report FILE.yaml: what a pack wrote and why. Format: doc/report.md. */
#pragma once

#include <stdint.h>

#include "pack/filelist.h"
#include "pack/manifest.h"
#include "sink/sink.h"
#include "kernel/tree.h"

struct report_info {
	const struct ktree *tree;
	const struct manifest_set *manifests;
	const struct filelist *files;
	enum sink_format format;
	const char *out;
	int64_t clamp_mtime;
};

/* path "-" is stdout. Prints why on failure; negative errno. */
int report_write(const char *path, const struct report_info *ri);
