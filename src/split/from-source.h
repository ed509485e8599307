/* SPDX-License-Identifier: GPL-2.0-or-later */
/* split --common-only: the common part from the source tree alone. */
#pragma once

#include "split/partition.h"
#include "split/opts.h"

/* One pseudo-tree per o->arches (source, unconfigured), each selected with
 * the rules every build of any configuration takes from it (Debian's
 * layout: that some build takes from it, every pseudo-tree's files
 * common). Negative errno, printed. */
int split_open_source(const struct split_opts *o, const char *source, struct split_run *run);
