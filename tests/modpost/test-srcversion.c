// SPDX-License-Identifier: GPL-2.0-or-later
/* srcversion: the kernel's MD4 variant, known vectors (checked against
 * the kernels' own modpost, see /work/shared/notes/modpost.md). */
#include "modpost.h"
#include "test.h"

static void sum(const char *text, char out[25])
{
	struct md4_ctx md;

	mp_md4_init(&md);
	mp_md4_parse_text(&md, text, strlen(text));
	mp_md4_final_ascii(&md, out, 24);
}

static void test_empty(void)
{
	char s[25];

	sum("", s);
	CHECK_STR(s, "533BB7E5866E52F63B9ACCB");
}

static void test_int_x(void)
{
	char s[25];

	sum("int x;\n", s);
	CHECK_STR(s, "4EDE93831B5A1AA459F8A53");
}

static void test_filtering(void)
{
	char a[25], b[25];

	/* whitespace, comments and backslash-newlines do not count */
	sum("int x;\n", a);
	sum("  int /* comment */ x \\\n ; \t\n", b);
	CHECK_STR(b, a);
	/* but whitespace inside strings does */
	sum("char *s = \"a b\";", a);
	sum("char *s = \"ab\";", b);
	CHECK(strcmp(a, b) != 0);
}

static void test_long_input(void)
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
	CHECK_STR(a, b);
	CHECK(strlen(a) == 23);
}

int main(void)
{
	RUN(test_empty);
	RUN(test_int_x);
	RUN(test_filtering);
	RUN(test_long_input);
	return DONE();
}
