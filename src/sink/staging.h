/* SPDX-License-Identifier: GPL-2.0-or-later */
/* An output's staging place sits beside it under a mkstemp name: a sink's
 * (the build directory being assembled, or the temporary archive) or
 * split's (the directory of all its parts, published as one). Should the
 * command die, the guardian removes it (shared/guard.h). The command that
 * made it also holds an flock on it until it publishes or removes it, so
 * one that nobody holds was left by a command that died unguarded (power
 * loss): the next command to that output removes it. */
#pragma once

#include <stdbool.h>

/* Makes a staging place from templ (".../name-XXXXXX"), a directory or a
 * file, and locks it: *path its name, *fd the lock (for a file, the file
 * open for writing). A negative errno on failure. */
int staging_create(const char *templ, bool dir, char **path, int *fd);
/* The staging place path is published or removed: no longer the
 * guardian's to remove. */
void staging_release(const char *path);
/* Removes the places named as templ makes them that no pack holds, with
 * a warning for each; warns about those it cannot check. */
void staging_sweep(const char *templ);
/* Renames the staged place tmp to final; over one that is there only with
 * force, atomically (the old one swapped out, then removed). -EEXIST or
 * -ENOTEMPTY (not printed) when final is there and not force; other
 * failures are printed. */
int staging_publish(const char *tmp, const char *final, bool force);
