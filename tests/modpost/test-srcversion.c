// SPDX-License-Identifier: GPL-2.0-or-later
/* srcversion: the kernel's MD4 variant, known vectors (checked against
 * the kernels' own modpost, see /work/shared/notes/modpost.md). */
#include "modpost.h"
#include "testsuite.h"

static void sum(const char *text, char out[25])
{
	struct md4_ctx md;

	mp_md4_init(&md);
	mp_md4_parse_text(&md, text, strlen(text));
	mp_md4_final_ascii(&md, out, 24);
}

DEFINE_TEST(test_empty)
{
	char s[25];

	sum("", s);
	assert_str_eq(s, "533BB7E5866E52F63B9ACCB");
}

DEFINE_TEST(test_int_x)
{
	char s[25];

	sum("int x;\n", s);
	assert_str_eq(s, "4EDE93831B5A1AA459F8A53");
}

DEFINE_TEST(test_filtering)
{
	char a[25], b[25];

	/* whitespace, comments and backslash-newlines do not count */
	sum("int x;\n", a);
	sum("  int /* comment */ x \\\n ; \t\n", b);
	assert_str_eq(b, a);
	/* but whitespace inside strings does */
	sum("char *s = \"a b\";", a);
	sum("char *s = \"ab\";", b);
	assert_true(strcmp(a, b) != 0);
}

DEFINE_TEST(test_long_input)
{
	char a[25], b[25];
	char big[200];

	/* crosses the 64-byte block boundary in one update and byte by byte */
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sum(big, a);
	{
		struct md4_ctx md;

		mp_md4_init(&md);
		for (size_t i = 0; i < strlen(big); i++)
			mp_md4_update(&md, (const unsigned char *)big + i, 1);
		mp_md4_final_ascii(&md, b, 24);
	}
	assert_str_eq(a, b);
	assert_true(strlen(a) == 23);
}
