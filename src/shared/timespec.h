/* SPDX-License-Identifier: GPL-2.0-or-later */
/* File times: compared and clamped (SOURCE_DATE_EPOCH) in one place. */
#pragma once

#include <stdint.h>
#include <time.h>

/* <0, 0, >0 as a is before, equal to, after b. */
static inline int timespec_cmp(const struct timespec *a, const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec < b->tv_sec ? -1 : 1;
	if (a->tv_nsec != b->tv_nsec)
		return a->tv_nsec < b->tv_nsec ? -1 : 1;
	return 0;
}

/* ts, or clamp (whole seconds) when ts is not before it; clamp < 0: no clamping. */
static inline struct timespec timespec_clamp(struct timespec ts, int64_t clamp)
{
	if (clamp >= 0 && ts.tv_sec >= clamp) {
		ts.tv_sec = (time_t)clamp;
		ts.tv_nsec = 0;
	}
	return ts;
}
