/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a command may write: never into a tree it reads, nor over one. A
 * path is what it is, not how it is spelled: trees and outputs are
 * compared by the device and inode of every ancestor, so a bind mount or
 * a link of a tree is the tree. */
#pragma once

#include <stdio.h>
#include <stddef.h>

/* A directory an output must stay out of: what it is ("source", "object",
 * "build"), and its path (absolute and resolved; NULL: none). */
struct guarded_dir {
	const char *what;
	const char *path;
};

/* written, an output of option opt (given on the command line as given),
 * must neither lie inside nor contain any of dirs: a file written there
 * changes the tree being read, and one replaced over it deletes the tree.
 * 0; 1 after a message that names both (a usage error); a negative errno
 * when it cannot tell. */
int output_check(const char *opt, const char *given, const char *written, const struct guarded_dir *dirs, size_t n);

/* A file a command writes when it ends (a report), opened where it is
 * checked: its directory is held from the check on, so the file lands in
 * the directory that was checked whatever the path names by then, and it
 * is written under a temporary name there and renamed when the command
 * succeeds, so a failed command leaves none. "-" is stdout. */
struct outfile {
	char *path; /* as given: messages */
	char *name; /* its last component, in dirfd */
	char *tmp;  /* the temporary name while written */
	int dirfd;  /* -1: stdout */
	FILE *f;
};

/* outfile_check: output_check of path for opt, and its directory held. */
int outfile_open(struct outfile *of, const char *opt, const char *path, const struct guarded_dir *dirs, size_t n);
/* The stream to write: a new temporary file (0666 less the umask) or
 * stdout; NULL after a message. */
FILE *outfile_stream(struct outfile *of);
/* Ends the writing: with r == 0 the file is closed and renamed into place,
 * else removed. r, or the error of closing or renaming (printed). */
int outfile_close(struct outfile *of, int r);
/* Frees of; an unfinished file is removed. Safe on a zeroed one. */
void outfile_release(struct outfile *of);
