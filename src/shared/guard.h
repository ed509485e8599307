/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The death-cleanup of every command: the guardian, a small process that
 * outlives a SIGKILL of kbuild-pack (a build farm's timeout). It holds the
 * read end of a pipe only kbuild-pack writes to; on EOF without a goodbye
 * (we died, however) it kills the process group of the child that was
 * running (make's and strace's children do not die with their parent),
 * removes the scratch directories and staging places it was told about,
 * and the empty directories made for an output that was never published.
 * It runs in a process group of its own, so that a kill of ours does not
 * reach it.
 *
 * spawn_run, scratch_make and the sinks' staging tell it what they make;
 * it is started by the first of them (a command that makes nothing has
 * none), and exit() says the goodbye. Should it fail to start, the
 * commands go on unguarded: a SIGTERM or SIGINT still cleans up, and the
 * next pack to the same output sweeps a staging place (sink/staging.h). */
#pragma once

/* Forks the guardian once; 0 or a negative errno. */
int guard_start(void);
/* PATH (a directory tree or a file) is to be removed should we die; its
 * owner removed it, or it is published. */
void guard_path(const char *path);
void guard_forget_path(const char *path);
/* DIR, made for an output, is to be removed should we die while it is
 * empty (after the paths above); the output was published. */
void guard_empty_dir(const char *dir);
void guard_forget_empty_dir(const char *dir);
/* The child now running in process group pgid is to be killed should we
 * die; it was reaped. */
void guard_group(int pgid);
void guard_group_ended(void);
/* The goodbye: the guardian exits, touching nothing, and is reaped. */
void guard_stop(void);
