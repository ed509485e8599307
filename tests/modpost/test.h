/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One-file test harness: each TEST() is one case, all run, failures counted. */
#pragma once
#include <stdio.h>
#include <string.h>

static int t_failed, t_run;
#define CHECK(cond)                                                                        \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "%s:%d: %s: check failed: %s\n", __FILE__, __LINE__, \
				__func__, #cond);                                          \
			t_failed++;                                                        \
		}                                                                          \
	} while (0)
#define CHECK_STR(a, b)                                                                    \
	do {                                                                               \
		const char *_a = (a), *_b = (b);                                           \
		if (!_a || strcmp(_a, _b)) {                                               \
			fprintf(stderr, "%s:%d: %s: \"%s\" != \"%s\"\n", __FILE__, __LINE__,       \
				__func__, _a ? _a : "(null)", _b);                         \
			t_failed++;                                                        \
		}                                                                          \
	} while (0)
#define RUN(fn) (t_run++, fn())
#define DONE()                                                                             \
	(fprintf(stderr, "%d tests, %d failed checks\n", t_run, t_failed), t_failed ? 1 : 0)
