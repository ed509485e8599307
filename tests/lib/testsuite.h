/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one C test harness (unit, modpost and quick tests): one binary, many
 * cases; CTest runs each case as its own test (libarchive's DEFINE_TEST
 * idea, registered by kbp_test_suite() in tests/lib/CMakeLists.txt). */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct test_case {
	const char *name;
	void (*fn)(void);
	void (*each)(const char *variant); /* DEFINE_TEST_EACH */
};

#define DEFINE_TEST(n)                                                                            \
	static void n(void);                                                                      \
	static const struct test_case __test_##n __attribute__((used, section("kbp_tests"), aligned(8))) = { #n, n, NULL }; \
	static void n(void)

/* A case run once per variant, the body seeing it as `variant`: for each
 * VARIANT of kbp_test_suite's EACH list, CTest test PREFIX.n.VARIANT runs
 * "EXE n VARIANT" (libarchive's tests run one case per format this way).
 * A run of the whole binary passes these over: it knows no variant. */
#define DEFINE_TEST_EACH(n)                                                                       \
	static void n(const char *variant);                                                       \
	static const struct test_case __test_##n __attribute__((used, section("kbp_tests"), aligned(8))) = { #n, NULL, n }; \
	static void n(const char *variant)

extern int test_failures;

#define assert_true(c)                                                                            \
	do {                                                                                      \
		if (!(c)) {                                                                       \
			fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #c); \
			test_failures++;                                                          \
		}                                                                                 \
	} while (0)
#define assert_false(c) assert_true(!(c))
#define assert_str_eq(a, b)                                                                       \
	do {                                                                                      \
		const char *_a = (a), *_b = (b);                                                  \
		if (!_a || !_b || strcmp(_a, _b)) {                                               \
			fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, \
				_b ? _b : "(null)", _a ? _a : "(null)");                          \
			test_failures++;                                                          \
		}                                                                                 \
	} while (0)
#define assert_int_eq(a, b)                                                                       \
	do {                                                                                      \
		long long _a = (a), _b = (b);                                                     \
		if (_a != _b) {                                                                   \
			fprintf(stderr, "%s:%d: expected %lld, got %lld (%s)\n", __FILE__, __LINE__, _b, _a, #a); \
			test_failures++;                                                          \
		}                                                                                 \
	} while (0)

/* Directory holding the test data ($KBP_TEST_DATA, else "."). */
const char *test_data_dir(void);
