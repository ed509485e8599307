/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The guardian: a small process forked by audit that outlives a SIGKILL of
 * kbuild-pack. It holds the read end of a pipe only kbuild-pack writes to;
 * on EOF without a goodbye (we died, however) it kills the process group
 * of the build that was running (strace does not take its tracees with it)
 * and removes the scratch directories it was told about. It runs in a
 * process group of its own, so that a kill of ours does not reach it.
 * Every call is a no-op before guard_start() or when it failed. */
#pragma once

/* Forks the guardian (once); 0 or a negative errno (then audit goes on
 * unguarded, as it did before). */
int guard_start(void);
void guard_dir(const char *dir);
void guard_forget_dir(const char *dir);
/* spawn_opts.started: the group of the child now running (data unused). */
void guard_group(int pgid, void *data);
/* That child was reaped: its group is no longer ours to kill. */
void guard_group_ended(void);
/* The goodbye: the guardian exits, touching nothing, and is reaped. */
void guard_stop(void);
