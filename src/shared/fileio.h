/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Whole-file reads; negative errno on failure. */
#pragma once

#include <stddef.h>

int read_file(const char *path, char **buf, size_t *len);
/* Creates or truncates path (mode 0644) and writes buf to it. */
int write_file(const char *path, const void *buf, size_t len);

/* A kernel tree's control files (.config, auto.conf, kernel.release,
 * Makefile, Module.symvers) are read only when they are regular files of
 * at most CONTROL_FILE_MAX bytes: a FIFO would hang the reader and a link
 * to /dev/zero exhaust memory. The open never blocks; with
 * READ_NOFOLLOW a symlink is refused too (for files kbuild writes itself).
 * On failure, *errmsg (when given) is "PATH: reason"; the caller frees it. */
#define CONTROL_FILE_MAX (64u << 20)
enum { READ_NOFOLLOW = 1 << 0 };
int read_control_file(const char *path, unsigned flags, char **buf, size_t *len, char **errmsg);
/* Opens path for reading only when it is a regular file, as
 * read_control_file does (never blocks; READ_NOFOLLOW: no symlink either),
 * for a reader that maps or parses it itself (libelf). Returns the fd,
 * or a negative errno with *errmsg (when given) "PATH: reason". */
int open_regular(const char *path, unsigned flags, char **errmsg);
/* First line of a control file, without its newline. */
int read_line_file(const char *path, unsigned flags, char **line, char **errmsg);
