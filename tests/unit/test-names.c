// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>

#include "shared/name.h"
#include "testsuite.h"

static void escaped(const char *name, const char *want)
{
	char *e = name_escape(name);

	assert_str_eq(e, want);
	free(e);
}

/* What keeps a name from being printed as it is (shared/names.h). */
DEFINE_TEST(names_flaws)
{
	assert_int_eq(name_flaws("include/linux/module.h"), 0);
	assert_int_eq(name_flaws("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\xa7 a b"), 0);
	assert_int_eq(name_flaws("a\tb"), NAME_CONTROL);
	assert_int_eq(name_flaws("a\x7f"), NAME_CONTROL);
	assert_int_eq(name_flaws("a\\b"), NAME_BACKSLASH);
	assert_int_eq(name_flaws("caf\xe9"), NAME_NOT_UTF8);
	/* overlong, surrogate, cut short, above U+10FFFF */
	assert_int_eq(name_flaws("\xc0\xaf"), NAME_NOT_UTF8);
	assert_int_eq(name_flaws("\xed\xa0\x80"), NAME_NOT_UTF8);
	assert_int_eq(name_flaws("\xe2\x82"), NAME_NOT_UTF8);
	assert_int_eq(name_flaws("\xf4\x90\x80\x80"), NAME_NOT_UTF8);
	assert_int_eq(name_flaws("\n\\\xff"), NAME_CONTROL | NAME_BACKSLASH | NAME_NOT_UTF8);
}

/* One escape per flawed byte, nothing else touched: no two names alike. */
DEFINE_TEST(names_escape)
{
	escaped("", "");
	escaped("include/linux/module.h", "include/linux/module.h");
	escaped("a\nforged\tobj\trule\tmain.h", "a\\nforged\\tobj\\trule\\tmain.h");
	escaped("back\\slash", "back\\\\slash");
	escaped("a\\nb", "a\\\\nb");
	escaped("caf\xe9.h", "caf\\xe9.h");
	escaped("caf\xc3\xa9.h", "caf\xc3\xa9.h");
	escaped("\x01\x1b[31m\x7f\r", "\\x01\\x1b[31m\\x7f\\x0d");
	escaped("\xe2\x82x", "\\xe2\\x82x");
}
