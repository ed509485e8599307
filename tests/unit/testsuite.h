/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One binary, many cases; CTest runs each case as its own test
 * (libarchive's DEFINE_TEST idea). */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit_test {
	const char *name;
	void (*fn)(void);
};

#define DEFINE_TEST(n)                                                                            \
	static void n(void);                                                                      \
	static const struct unit_test __test_##n __attribute__((used, section("kbp_tests"), aligned(8))) = { #n, n }; \
	static void n(void)

extern int unit_failures;

#define assert_true(c)                                                                            \
	do {                                                                                      \
		if (!(c)) {                                                                       \
			fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #c); \
			unit_failures++;                                                          \
		}                                                                                 \
	} while (0)
#define assert_false(c) assert_true(!(c))
#define assert_str_eq(a, b)                                                                       \
	do {                                                                                      \
		const char *_a = (a), *_b = (b);                                                  \
		if (!_a || !_b || strcmp(_a, _b)) {                                               \
			fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, \
				_b ? _b : "(null)", _a ? _a : "(null)");                          \
			unit_failures++;                                                          \
		}                                                                                 \
	} while (0)
#define assert_int_eq(a, b)                                                                       \
	do {                                                                                      \
		long long _a = (a), _b = (b);                                                     \
		if (_a != _b) {                                                                   \
			fprintf(stderr, "%s:%d: expected %lld, got %lld (%s)\n", __FILE__, __LINE__, _b, _a, #a); \
			unit_failures++;                                                          \
		}                                                                                 \
	} while (0)

/* Directory holding the test data (tests/unit/data). */
const char *unit_data_dir(void);
