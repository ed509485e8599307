/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Where a command's time goes: with -v, each step's wall time ("time:
 * STEP SECONDS s" lines, which bench/ reads). */
#pragma once

#include <time.h>

struct stopwatch {
	struct timespec last;
};

void stopwatch_start(struct stopwatch *w);
/* Logs the time since the start or the last lap as step's, and restarts. */
void stopwatch_lap(struct stopwatch *w, const char *step);
