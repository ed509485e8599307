// SPDX-License-Identifier: GPL-2.0-or-later
#include "kernel/kversion.h"
#include "test.h"

static void test_parse(void)
{
	unsigned v = 0, p = 0;

	CHECK(kversion_parse("6.1.0-13-amd64", &v, &p) == 0 && v == 6 && p == 1);
	CHECK(kversion_parse("\"6.12.118\"", &v, &p) == 0 && v == 6 && p == 12);
	CHECK(kversion_parse("6", &v, &p) < 0);
	CHECK(kversion_parse("x.1", &v, &p) < 0);
}

static void test_support(void)
{
	CHECK(kbp_modpost_supports(6, 1));
	CHECK(kbp_modpost_supports(6, 12));
	CHECK(!kbp_modpost_supports(6, 6));
	CHECK(!kbp_modpost_supports(5, 10));
	CHECK(kbp_modpost_format(6, 12) == KBP_MODPOST_6_12);
}

int main(void)
{
	RUN(test_parse);
	RUN(test_support);
	return DONE();
}
