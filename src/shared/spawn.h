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
	char *const *env; /* NULL: ours */
	/* NULL, or called in the parent once the child runs in its process
	 * group (pgid == its pid): a caller that must kill the group from
	 * elsewhere (audit's guardian, after a SIGKILL of ours) records it */
	void (*started)(int pgid, void *data);
	void *data;
};

/* Runs argv (argv[0] looked up in PATH as a shell does: a directory that
 * cannot be searched is passed over) with stdin from /dev/null, in a
 * process group of its own, and waits for it. The child gets SIGKILL when
 * kbuild-pack dies, however it dies (PR_SET_PDEATHSIG).
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
