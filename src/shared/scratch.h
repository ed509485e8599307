/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scratch directories: one rule for the whole program about where they go. */
#pragma once

/* The directory scratch directories go in: $TMPDIR when it is set and not
 * empty, made absolute against the working directory (children run
 * elsewhere); else /tmp. Never NULL; the caller frees it. */
char *scratch_base(void);

/* Makes a new private (0700) directory BASE/kbuild-pack-WHAT.XXXXXX and
 * stores its absolute path in *dir; prints the error and returns a
 * negative errno when it cannot. The caller removes it (rm_rf) when done. */
int scratch_make(const char *what, char **dir);
