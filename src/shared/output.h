/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a command may write: never into a tree it reads, nor over one. */
#pragma once

#include <stddef.h>

/* A directory an output must stay out of: what it is ("source", "object",
 * "build"), and its path (absolute and resolved; NULL: none). */
struct guarded_dir {
	const char *what;
	const char *path;
};

/* written, an output of option opt (given on the command line as given),
 * resolved ("..", links and trailing slashes first) must neither lie inside
 * nor contain any of dirs: a file written there changes the tree being
 * read, and one replaced over it deletes the tree. 0; 1 after a message
 * that names both (a usage error); a negative errno when it cannot tell. */
int output_check(const char *opt, const char *given, const char *written, const struct guarded_dir *dirs, size_t n);
