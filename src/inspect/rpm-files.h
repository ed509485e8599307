/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rpm %files lines that name exactly a path (the encoding: rpm-files.c). */
#pragma once

#include <stdbool.h>

#include "shared/array.h"

/* Whether version (%{rpmversion}) is 4.19 or later; NULL or not a version: no. */
bool rpm_419_or_later(const char *version);
/* Adds the line for path (with %dir when dir) to out; 0, or -EINVAL after
 * a message naming the path rpm cannot be given. */
int rpm_files_add(struct ptrarray *out, const char *path, bool dir, bool rpm419);
/* "%dir dest", a %dir line for each directory below dir, then a line for
 * each file and link of dir (installed as dest), each group sorted. */
int rpm_files_tree(const char *dir, const char *dest, bool rpm419, struct ptrarray *out);
