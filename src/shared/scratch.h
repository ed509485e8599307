/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scratch directories: one rule for the whole program about where they go. */
#pragma once

/* The directory scratch directories go in: $TMPDIR when it is set and not
 * empty, made absolute against the working directory (children run
 * elsewhere); else /tmp. Never NULL; the caller frees it. */
char *scratch_base(void);

/* Makes a new private (0700) directory BASE/kbuild-pack-WHAT.XXXXXX and
 * stores its absolute path, links resolved, in *dir; prints the error and
 * returns a negative errno when it cannot. The guardian removes it should
 * kbuild-pack die (shared/guard.h); the caller removes it when done with
 * scratch_remove, or keeps it with scratch_keep. */
int scratch_make(const char *what, char **dir);
/* scratch_make, silent: for what can go on without one. */
int scratch_try(const char *what, char **dir);
/* Removes dir (its whole tree); 0 or a negative errno. */
int scratch_remove(const char *dir);
/* dir stays after kbuild-pack exits (--keep), unless it dies. */
void scratch_keep(const char *dir);
