/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Path patterns of the manifests: '/'-separated segments matched with
 * fnmatch(3), where a segment "**" matches zero or more whole segments. */
#pragma once

#include <stdbool.h>

#include "shared/array.h"

/* The pattern matches the whole relative path. */
bool glob_match(const char *pattern, const char *path);
/* One of the patterns (C strings) matches the whole path. */
bool glob_match_any(const struct ptrarray *patterns, const char *path);
/* The pattern matches the path or one of its parent directories. */
bool glob_match_or_parent(const char *pattern, const char *path);
/* The leading segments that hold no wildcard: where a walk must start. */
char *glob_literal_prefix(const char *pattern);
/* Could some path below directory `dir` match the pattern? Used to prune walks. */
bool glob_may_match_below(const char *pattern, const char *dir);
bool glob_has_magic(const char *s);
