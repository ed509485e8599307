// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/guard.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fs.h"
#include "shared/log.h"
#include "shared/procgroup.h"

static int guard_fd = -1;
static pid_t guard_pid;

/* One message a write (atomic below PIPE_BUF), ending in '\n': "D/path"
 * and "d/path" (remove it, forget it), "E/dir" and "e/dir" (remove it if
 * empty, forget it), "G123" (kill that group), "g" (forget the groups),
 * "Q" (goodbye). */
static void say(const char *what, const char *arg)
{
	char msg[4096];
	int n;

	if (guard_fd < 0)
		return;
	n = snprintf(msg, sizeof(msg), "%s%s\n", what, arg);
	if (n <= 0 || (size_t)n >= sizeof(msg))
		return;
	while (write(guard_fd, msg, (size_t)n) < 0 && errno == EINTR)
		;
}

static void forget(struct ptrarray *a, const char *s)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->v[i], s)) {
			free(a->v[i]);
			a->v[i] = a->v[--a->n];
			return;
		}
}

/* The guardian's life: records what it is told until EOF. */
static _noreturn_ void guardian(int fd)
{
	struct ptrarray dirs = { 0 }, empty = { 0 }, groups = { 0 };
	_cleanup_fclose_ FILE *in = fdopen(fd, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while (in && (n = getline(&line, &cap, in)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (!strcmp(line, "Q"))
			_exit(0);
		if (line[0] == 'D' || line[0] == 'E' || line[0] == 'G')
			ptrarray_push(line[0] == 'D' ? &dirs : line[0] == 'E' ? &empty : &groups, xstrdup(line + 1));
		else if (line[0] == 'd' || line[0] == 'e')
			forget(line[0] == 'd' ? &dirs : &empty, line + 1);
		else if (line[0] == 'g')
			ptrarray_free(&groups, free);
	}
	/* kbuild-pack died without a goodbye: the build first, then its files,
	 * then the directories made for them, innermost first */
	for (size_t i = 0; i < groups.n; i++)
		procgroup_kill((pid_t)atoi(groups.v[i]));
	for (size_t i = 0; i < dirs.n; i++)
		rm_rf(dirs.v[i]);
	for (size_t i = empty.n; i-- > 0;)
		rmdir(empty.v[i]);
	_exit(0);
}

int guard_start(void)
{
	static bool at_exit;
	int p[2];
	pid_t pid;

	if (guard_fd >= 0)
		return 0;
	if (!at_exit)
		at_exit = atexit(guard_stop) == 0;
	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (pid == 0) {
		close(p[1]);
		setpgid(0, 0);
		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		/* it holds no directory, no output a caller of ours waits on, and
		 * no lock of ours (a staging place's): only its pipe, as fd 3 */
		int keep = fcntl(p[0], F_DUPFD, 10), null = open("/dev/null", O_RDWR);
		for (int fd = 0; fd < 3 && null >= 0; fd++)
			dup2(null, fd);
		if (keep < 0 || dup2(keep, 3) < 0)
			_exit(1);
		close_range(4, ~0U, 0);
		if (chdir("/") < 0) {
			/* nothing it needs there */
		}
		guardian(3);
	}
	close(p[0]);
	guard_fd = p[1];
	guard_pid = pid;
	return 0;
}

void guard_path(const char *path) { say("D", path); }
void guard_forget_path(const char *path) { say("d", path); }
void guard_empty_dir(const char *dir) { say("E", dir); }
void guard_forget_empty_dir(const char *dir) { say("e", dir); }

void guard_group(int pgid)
{
	char s[16];

	snprintf(s, sizeof(s), "%d", pgid);
	say("G", s);
}

void guard_group_ended(void) { say("g", ""); }

void guard_stop(void)
{
	if (guard_fd < 0)
		return;
	say("Q", "");
	close(guard_fd);
	guard_fd = -1;
	while (waitpid(guard_pid, NULL, 0) < 0 && errno == EINTR)
		;
}
