// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/guard.h"
#include "shared/interrupt.h"
#include "shared/procgroup.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"
#include "shared/scratch.h"
#include "shared/strbuf.h"

extern char **environ;

static void log_command(char *const argv[], const char *cwd)
{
	struct strbuf b = { 0 };

	if (log_get_level() < LOG_DEBUG)
		return;
	for (size_t i = 0; argv[i]; i++)
		strbuf_addf(&b, "%s%s", i ? " " : "", argv[i]);
	log_debug("run%s%s: %s", cwd ? " in " : "", cwd ? cwd : "", strbuf_str(&b));
	strbuf_release(&b);
}

/* name as a shell finds it: with a '/', itself; else the first regular file
 * of that name we may execute in a directory of PATH. A directory we may not
 * search is passed over (root's PATH under su nobody), so a program that is
 * nowhere is not found (-ENOENT), where execvp says EACCES; one that is there
 * but not executable is -EACCES. */
static int find_program(const char *name, char **path)
{
	const char *p = getenv("PATH");
	bool denied = false;

	if (strchr(name, '/')) {
		*path = xstrdup(name);
		return 0;
	}
	if (!p)
		p = "/usr/local/bin:/usr/bin:/bin";
	for (;;) {
		const char *end = strchrnul(p, ':');
		_cleanup_free_ char *dir = end > p ? xstrndup(p, (size_t)(end - p)) : xstrdup(".");
		char *cand = path_join(dir, name);
		struct stat st;

		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode)) {
			if (access(cand, X_OK) == 0) {
				*path = cand;
				return 0;
			}
			denied = true;
		}
		free(cand);
		if (!*end)
			return denied ? -EACCES : -ENOENT;
		p = end + 1;
	}
}

/* What the child's log says when it could not be started. */
static void log_not_started(const char *name, const struct spawn_opts *o, int e)
{
	_cleanup_close_ int fd = -1;

	if (!o->log)
		return;
	fd = open(o->log, O_WRONLY | O_CREAT | O_CLOEXEC | (o->log_append ? O_APPEND : O_TRUNC), 0644);
	if (fd >= 0)
		dprintf(fd, "cannot run %s: %s\n", name, e == ENOENT ? "not found" : strerror(e));
}

/* In the child, before exec: nothing here may allocate, as between any
 * fork and exec. A failure is written to errpipe as an errno, which the
 * parent returns; with a log, the one message is that failure, said in
 * the log (stderr by then), since the parent does not write to it. */
static _noreturn_ void child(const char *prog, char *const argv[], char *const env[], const struct spawn_opts *o,
			     pid_t parent, int errpipe)
{
	int e, fd;

	setpgid(0, 0);
	/* the handlers of SIGINT/TERM/HUP are reset by exec; the mask is not */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127); /* the parent died before prctl took effect */
	fd = o->stdin_fd > 0 ? o->stdin_fd : open("/dev/null", O_RDONLY);
	if (fd < 0 || dup2(fd, STDIN_FILENO) < 0)
		goto fail;
	if (o->log) {
		fd = open(o->log, O_WRONLY | O_CREAT | (o->log_append ? O_APPEND : O_TRUNC), 0644);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
			goto fail;
	}
	if (o->cwd && chdir(o->cwd) < 0)
		goto fail;
	execve(prog, argv, env);
fail:
	e = errno;
	if (write(errpipe, &e, sizeof(e)) < 0) {
		/* nothing left to tell it with */
	}
	if (o->log)
		dprintf(STDERR_FILENO, "cannot run %s: %s\n", argv[0], strerror(e));
	_exit(127);
}

/* Waits until the child pid ended (0, *status set: it is reaped) or we
 * are told to stop (-EINTR, it runs on). Its pidfd wakes us at once when
 * it ends: no poll interval on each of a pack's strips. The signals of
 * interrupt.h are let in only during ppoll, so none falls between the
 * check and the wait; the timeout catches one another thread took. */
static int wait_child(pid_t pid, int *status)
{
	int pfd = (int)syscall(SYS_pidfd_open, pid, 0); /* Linux 5.3; before: the interval alone */
	const struct timespec interval = { .tv_nsec = 20 * 1000 * 1000 };
	sigset_t stop, old;
	int r;

	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop, &old);
	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);

		if (w == pid) {
			r = 0;
			break;
		}
		if (w < 0 && errno != EINTR) {
			r = -errno;
			break;
		}
		if (interrupted()) {
			r = -EINTR;
			break;
		}
		ppoll(pfd >= 0 ? &(struct pollfd){ .fd = pfd, .events = POLLIN } : NULL, pfd >= 0, &interval, &old);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (pfd >= 0)
		close(pfd);
	return r;
}

static int start_and_wait(char *const argv[], char *const env[], const struct spawn_opts *o)
{
	static const struct spawn_opts none;
	static bool subreaper;
	_cleanup_free_ char *prog = NULL;
	int p[2], status, e = 0, w;
	pid_t pid, parent = getpid();
	ssize_t n;

	if (!o)
		o = &none;
	if (!subreaper) {
		prctl(PR_SET_CHILD_SUBREAPER, 1);
		subreaper = true;
	}
	log_command(argv, o->cwd);
	e = find_program(argv[0], &prog);
	if (e < 0) {
		log_not_started(argv[0], o, -e);
		return e;
	}
	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		e = -errno;
		close(p[0]);
		close(p[1]);
		return e;
	}
	if (pid == 0) {
		close(p[0]);
		child(prog, argv, env, o, parent, p[1]);
	}
	close(p[1]);
	setpgid(pid, pid); /* as the child does: whichever runs first */
	do
		n = read(p[0], &e, sizeof(e)); /* EOF: exec succeeded */
	while (n < 0 && errno == EINTR);
	close(p[0]);
	if (!(n == (ssize_t)sizeof(e) && e))
		guard_group(pid);
	w = wait_child(pid, &status);
	if (w == -EINTR) {
		kill(-pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		procgroup_kill(pid); /* reaped: what is left are its children */
		return -EINTR;
	}
	if (w < 0)
		return w;
	if (n == (ssize_t)sizeof(e) && e)
		return -e;
	if (interrupted()) {
		procgroup_kill(pid); /* what the child left in its group */
		return -EINTR;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Our environment with TMPDIR=tmpdir (when there is one), in a
 * NULL-terminated array. */
static void env_with_tmpdir(const char *tmpdir, struct ptrarray *env)
{
	for (char **e = environ; *e; e++)
		if (!tmpdir || strncmp(*e, "TMPDIR=", 7))
			ptrarray_push(env, xstrdup(*e));
	if (tmpdir)
		ptrarray_push(env, xasprintf("TMPDIR=%s", tmpdir));
	ptrarray_push(env, NULL);
}

int spawn_run(char *const argv[], const struct spawn_opts *o)
{
	_cleanup_free_ char *tmpdir = NULL;
	struct ptrarray env = { 0 };
	int r;

	if (interrupted())
		return -EINTR;
	/* (starts the guardian, before the fork); without one (TMPDIR not
	 * writable), the child's temporary files are its own business */
	guard_start();
	if (scratch_try("tmp", &tmpdir) < 0)
		tmpdir = NULL;
	env_with_tmpdir(tmpdir, &env);
	r = start_and_wait(argv, (char *const *)env.v, o);
	guard_group_ended();
	if (tmpdir)
		scratch_remove(tmpdir);
	ptrarray_free(&env, free);
	return r;
}
