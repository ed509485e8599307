// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "testsuite.h"

#include <errno.h>

#include "shared/log.h"

extern const struct test_case __start_kbp_tests[], __stop_kbp_tests[];
int test_failures;
static const char *data_dir = ".";

const char *test_data_dir(void)
{
	return data_dir;
}

int main(int argc, char *argv[])
{
	log_init(program_invocation_short_name, LOG_WARN);
	if (getenv("KBP_TEST_DATA"))
		data_dir = getenv("KBP_TEST_DATA");
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (const struct test_case *t = __start_kbp_tests; t < __stop_kbp_tests; t++)
			puts(t->name);
		return 0;
	}
	for (const struct test_case *t = __start_kbp_tests; t < __stop_kbp_tests; t++) {
		if (argc > 1 && strcmp(argv[1], t->name))
			continue;
		if (t->each && argc < 3) {
			if (argc > 1) {
				fprintf(stderr, "%s runs once per variant: %s %s VARIANT\n", t->name, argv[0], t->name);
				return 2;
			}
			continue;
		}
		if (t->each)
			t->each(argv[2]);
		else
			t->fn();
		if (argc > 1)
			return test_failures ? 1 : 0;
	}
	if (argc > 1) {
		fprintf(stderr, "no test named %s\n", argv[1]);
		return 2;
	}
	return test_failures ? 1 : 0;
}
