/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The module directories audit builds besides the given ones: the test
 * modules shipped with kbuild-pack (--corpus) and the kernel's own
 * samples/ modules its list names (--kernel-samples). */
#pragma once

#include "shared/array.h"

/* Appends the corpus's module directories, sorted, to modules and as many
 * NULL to obj_m (their own Kbuild stands). */
void audit_add_corpus(struct ptrarray *modules, struct ptrarray *obj_m);
/* Appends the samples kernel-samples.list names, from src (NULL: where
 * build/source leads), each with its obj-m to obj_m; those whose CONFIG_
 * symbol build's .config lacks are skipped. 0 or a negative errno (logged). */
int audit_add_kernel_samples(struct ptrarray *modules, struct ptrarray *obj_m, const char *src, const char *build);
