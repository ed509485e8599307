// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/stopwatch.h"

#include "shared/log.h"

void stopwatch_start(struct stopwatch *w)
{
	clock_gettime(CLOCK_MONOTONIC, &w->last);
}

void stopwatch_lap(struct stopwatch *w, const char *step)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	log_info("time: %s %.3f s", step,
		 (double)(now.tv_sec - w->last.tv_sec) + (double)(now.tv_nsec - w->last.tv_nsec) / 1e9);
	w->last = now;
}
