/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The file accesses of a build, read from the log of
 * `strace -f -qq -e signal=none -e trace=<STRACE_LOG_TRACE> -o LOG`. */
#pragma once

#include <stddef.h>
#include <stdio.h>

/* The system calls the log must hold: every call that names a file (open,
 * stat, access, readlink, exec, and what changes a file: creat, rename,
 * unlink, mkdir, rmdir, utime, chmod, chown, truncate, link, symlink), and
 * what moves a process (chdir, fork). */
#define STRACE_LOG_TRACE "%file,fchdir,clone,clone3,fork,vfork"

/* ACCESS_WRITE: a change of the file (an open for writing or creating,
 * rename, unlink, ...), never counted as a lookup */
enum access_kind { ACCESS_OPEN, ACCESS_STAT, ACCESS_EXEC, ACCESS_WRITE };
enum access_result { ACCESS_FOUND, ACCESS_NOT_FOUND, ACCESS_ERROR };

struct file_access {
	char *path;        /* absolute, . and .. folded */
	const char *prog;  /* basename of what the process last exec'ed (interned) */
	int pid;
	enum access_kind kind;
	enum access_result result;
};

struct access_log {
	struct file_access *v;
	size_t n, cap;
	/* internal: per-pid state, interned program names */
	void *procs;
	size_t nprocs, cap_procs;
	char **names;
	size_t nnames;
};

/* Reads the log of a command started in cwd. Lines it does not understand
 * are skipped. 0 or a negative errno. */
int access_log_read(FILE *f, const char *cwd, struct access_log *log);
void access_log_release(struct access_log *log);

/* path with "." and ".." folded and "//" collapsed (lexically: the build
 * trees hold no symlinked directories that .. would leave); malloc'ed. */
char *path_fold(const char *path);
