// SPDX-License-Identifier: GPL-2.0-or-later
/* shared/spawn and shared/scratch: the one way kbuild-pack runs a child
 * and makes a scratch directory. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/fs.h"
#include "shared/interrupt.h"
#include "shared/path.h"
#include "shared/scratch.h"
#include "shared/spawn.h"
#include "testsuite.h"

static char *scratch(void)
{
	char *d = NULL;

	assert_int_eq(scratch_make("test", &d), 0);
	return d;
}

static char *slurp(const char *path)
{
	char *buf = NULL;
	size_t len;

	if (read_file(path, &buf, &len) < 0)
		return xstrdup("(unreadable)");
	return buf;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Dead: no such process, or a zombie that init has not reaped yet. */
static bool gone(pid_t pid)
{
	_cleanup_free_ char *p = xasprintf("/proc/%d/stat", (int)pid), *stat = NULL;
	char *paren;

	if (kill(pid, 0) < 0 && errno == ESRCH)
		return true;
	stat = slurp(p);
	paren = strrchr(stat, ')');
	return !paren || paren[2] == 'Z';
}

DEFINE_TEST(spawn_status_and_log)
{
	_cleanup_free_ char *d = scratch(), *log = path_join(d, "log"), *got = NULL;
	char *argv[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
	struct spawn_opts o = { .log = log };

	assert_int_eq(spawn_run(argv, &o), 3);
	got = slurp(log);
	assert_str_eq(got, "out\nerr\n");
	rm_rf(d);
}

DEFINE_TEST(spawn_cwd_stdin_append)
{
	_cleanup_free_ char *d = scratch(), *log = path_join(d, "log"), *got = NULL, *want = NULL;
	char *first[] = { "sh", "-c", "echo first", NULL };
	char *argv[] = { "sh", "-c", "pwd; cat; echo done", NULL };
	struct spawn_opts o = { .log = log, .cwd = d };

	assert_int_eq(spawn_run(first, &o), 0);
	o.log_append = true;
	assert_int_eq(spawn_run(argv, &o), 0); /* cat reads /dev/null: no hang */
	got = slurp(log);
	want = xasprintf("first\n%s\ndone\n", d);
	assert_str_eq(got, want);
	rm_rf(d);
}

DEFINE_TEST(spawn_signal_status)
{
	char *argv[] = { "sh", "-c", "kill -KILL $$", NULL };

	assert_int_eq(spawn_run(argv, NULL), 128 + SIGKILL);
}

DEFINE_TEST(spawn_no_program)
{
	_cleanup_free_ char *d = scratch(), *log = path_join(d, "log"), *got = NULL;
	char *argv[] = { "kbp-no-such-program", NULL };
	struct spawn_opts o = { .log = log };

	assert_int_eq(spawn_run(argv, &o), -ENOENT);
	got = slurp(log);
	assert_str_eq(got, "cannot run kbp-no-such-program: not found\n");
	rm_rf(d);
}

/* A directory of PATH that cannot be searched (root's PATH under su
 * nobody) is passed over as a shell does: a program that is nowhere is not
 * found, where execvp said "Permission denied"; one that is there but not
 * executable is. As root the check runs as nobody, whom the directory
 * (mode 0) shuts out too. */
DEFINE_TEST(spawn_path_unsearchable)
{
	_cleanup_free_ char *d = scratch(), *shut = path_join(d, "shut"), *here = path_join(d, "here");
	_cleanup_free_ char *prog = path_join(here, "kbp-not-executable");
	_cleanup_free_ char *path = xasprintf("%s:%s:/usr/bin:/bin", shut, here);
	int status;
	pid_t pid;

	assert_int_eq(mkdir(shut, 0), 0);
	assert_int_eq(mkdir(here, 0755), 0);
	assert_int_eq(write_file(prog, "#!/bin/sh\n", 10), 0);
	assert_int_eq(chmod(prog, 0644), 0);
	assert_int_eq(chmod(d, 0755), 0);
	pid = fork();
	if (pid == 0) {
		char *none[] = { "kbp-no-such-program", NULL };
		char *noexec[] = { "kbp-not-executable", NULL };
		char *sh[] = { "sh", "-c", "exit 3", NULL };

		if (getuid() == 0 && (setgid(65534) < 0 || setuid(65534) < 0))
			_exit(10);
		setenv("PATH", path, 1);
		_exit(spawn_run(none, NULL) != -ENOENT ? 11 : spawn_run(noexec, NULL) != -EACCES ? 12
		      : spawn_run(sh, NULL) != 3 ? 13 : 0);
	}
	assert_true(pid > 0);
	assert_int_eq(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_eq(WEXITSTATUS(status), 0);
	chmod(shut, 0755);
	rm_rf(d);
}

/* A SIGTERM while the child runs kills its whole group (the background
 * sleep too) at once, reaps it and says -EINTR; nothing starts after. */
DEFINE_TEST(spawn_sigterm_kills_group)
{
	_cleanup_free_ char *d = scratch(), *pidf = path_join(d, "pgid"), *pg = NULL;
	_cleanup_free_ char *script = xasprintf("echo $$ > '%s'; sleep 30 & kill -TERM %d; sleep 30", pidf, (int)getpid());
	char *argv[] = { "sh", "-c", script, NULL };
	char *again[] = { "sh", "-c", "echo started > started", NULL };
	struct spawn_opts o = { .cwd = d };
	double t0 = now();

	interrupt_install_handlers();
	assert_int_eq(spawn_run(argv, &o), -EINTR);
	assert_true(now() - t0 < 10);
	pg = slurp(pidf);
	assert_true(kill(-atoi(pg), 0) < 0 && errno == ESRCH); /* we reaped them all */
	assert_int_eq(spawn_run(again, &o), -EINTR);
	assert_false(path_exists("started"));
	rm_rf(d);
}

/* SIGKILL of the parent (a build farm's timeout) takes the child with it. */
DEFINE_TEST(spawn_child_dies_with_parent)
{
	_cleanup_free_ char *d = scratch(), *pidf = path_join(d, "pid"), *pid = NULL;
	_cleanup_free_ char *script = xasprintf("echo $$ > '%s.tmp'; mv '%s.tmp' '%s'; exec sleep 30", pidf, pidf, pidf);
	char *argv[] = { "sh", "-c", script, NULL };
	pid_t mid = fork();
	int k, st;

	if (mid == 0)
		_exit(spawn_run(argv, NULL) == 0 ? 0 : 1);
	for (k = 0; k < 500 && !path_exists(pidf); k++)
		usleep(10000);
	pid = slurp(pidf);
	kill(mid, SIGKILL);
	waitpid(mid, &st, 0);
	for (k = 0; k < 200 && !gone(atoi(pid)); k++)
		usleep(10000);
	assert_true(gone(atoi(pid)));
	rm_rf(d);
}

DEFINE_TEST(scratch_base_tmpdir)
{
	_cleanup_free_ char *cwd = getcwd(NULL, 0), *rel = NULL, *want = NULL;
	_cleanup_free_ char *empty = NULL, *abs = NULL;
	const char *old = getenv("TMPDIR");
	_cleanup_free_ char *saved = old ? xstrdup(old) : NULL;

	setenv("TMPDIR", "", 1);
	empty = scratch_base();
	assert_str_eq(empty, "/tmp");
	setenv("TMPDIR", "some/rel", 1);
	rel = scratch_base();
	want = path_join(cwd, "some/rel");
	assert_str_eq(rel, want);
	setenv("TMPDIR", "/var/tmp", 1);
	abs = scratch_base();
	assert_str_eq(abs, "/var/tmp");
	unsetenv("TMPDIR");
	free(empty);
	empty = scratch_base();
	assert_str_eq(empty, "/tmp");
	if (saved)
		setenv("TMPDIR", saved, 1);
}

DEFINE_TEST(scratch_make_private)
{
	_cleanup_free_ char *d = scratch();
	struct stat st;

	assert_true(d && d[0] == '/' && strstr(d, "/kbuild-pack-test."));
	assert_true(stat(d, &st) == 0 && (st.st_mode & 07777) == 0700);
	rm_rf(d);
}
