/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack split: several built trees of one source into the parts a
 * distribution ships (doc/split.md): a common part, a part per
 * architecture, a part per tree (flavour). */
#pragma once

#include "split/opts.h"

/* 0, or a negative errno after printing why (KBP_EUSAGE: a usage error). */
int kbp_split(const struct split_opts *o);
