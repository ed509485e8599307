// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "kernel/kversion.h"
#include "testsuite.h"

DEFINE_TEST(test_parse)
{
	unsigned v = 0, p = 0;

	assert_true(kversion_parse("6.1.0-13-amd64", &v, &p) == 0 && v == 6 && p == 1);
	assert_true(kversion_parse("\"6.12.118\"", &v, &p) == 0 && v == 6 && p == 12);
	assert_true(kversion_parse("6", &v, &p) < 0);
	assert_true(kversion_parse("x.1", &v, &p) < 0);
}

DEFINE_TEST(test_support)
{
	assert_true(kbp_modpost_supports(6, 1));
	assert_true(kbp_modpost_supports(6, 12));
	assert_true(!kbp_modpost_supports(6, 6));
	assert_true(kbp_modpost_supports(5, 10));
	assert_true(!kbp_modpost_supports(5, 15));
	assert_true(!kbp_modpost_supports(5, 4));
	assert_true(kbp_modpost_supports(7, 2));
	assert_true(!kbp_modpost_supports(7, 1));
	assert_true(!kbp_modpost_supports(6, 13));
	assert_true(kbp_modpost_format(5, 10) == KBP_MODPOST_5_10);
	assert_true(kbp_modpost_format(6, 12) == KBP_MODPOST_6_12);
	assert_true(kbp_modpost_format(7, 2) == KBP_MODPOST_7_2);
}

DEFINE_TEST(test_known_series)
{
	/* what the refusal of another series lists, newest last; the second
	 * call returns the text the first one built */
	assert_true(strcmp(kbp_modpost_known_series(), "5.10, 6.1, 6.12, 7.2") == 0);
	assert_true(strcmp(kbp_modpost_known_series(), "5.10, 6.1, 6.12, 7.2") == 0);
}
