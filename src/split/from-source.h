/* SPDX-License-Identifier: GPL-2.0-or-later */
/* split --common-only: the common part from the source tree alone. */
#pragma once

#include "split/partition.h"
#include "split/split.h"

/* One pseudo-tree per o->arches (the source tree, unconfigured), each
 * selected with the rules every build of any configuration takes from it.
 * Negative errno, printed. */
int split_open_source(const struct split_opts *o, struct split_run *run);
