// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/procgroup.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

void procgroup_kill(pid_t pgid)
{
	for (int k = 0; k < 250; k++) {
		if (kill(-pgid, SIGKILL) < 0 && errno == ESRCH)
			return;
		while (waitpid(-pgid, NULL, WNOHANG) > 0)
			;
		if (kill(-pgid, 0) < 0 && errno == ESRCH)
			return;
		nanosleep(&(struct timespec){ .tv_nsec = 20 * 1000 * 1000 }, NULL);
	}
}
