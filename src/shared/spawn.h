/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Every child process kbuild-pack runs (make, strace, rustc, the host
 * compiler) goes through spawn_run: one place that knows process groups,
 * signals, logs and the child's death with ours. */
#pragma once

#include <stdbool.h>

struct spawn_opts {
	const char *cwd; /* NULL: ours */
	const char *log; /* stdout and stderr go here (made 0644); NULL: ours */
	bool log_append; /* append to log instead of truncating it */
	int stdin_fd;    /* > 0: the child's stdin (a file we checked); else /dev/null */
};

/* Runs argv (argv[0] looked up in PATH as a shell does: a directory that
 * cannot be searched is passed over) with stdin from /dev/null, in a
 * process group of its own (stdin: o->stdin_fd if set), and waits for it. When kbuild-pack dies,
 * however it dies, the child gets SIGKILL (PR_SET_PDEATHSIG) and the
 * guardian kills the rest of its group (shared/guard.h). Its TMPDIR is a
 * scratch directory of ours (when $TMPDIR takes one), so that the
 * temporary files of a compiler killed with it are removed all the same.
 *
 * When interrupted() is set before the start, nothing is started; when it
 * becomes set while the child runs, the child's whole process group is
 * killed (again until it is empty, a few seconds at most: strace's tracees
 * outlive strace) and the child reaped. Both return -EINTR, silently.
 *
 * Otherwise returns the child's exit status, 128 + the signal that killed
 * it, or a negative errno when it could not be started (-ENOENT: no such
 * program, -EACCES: one that is not executable; the log, when given, says
 * so too: "cannot run NAME: not found"). */
int spawn_run(char *const argv[], const struct spawn_opts *o);
