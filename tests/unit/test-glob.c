// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "shared/glob.h"
#include "shared/macro.h"
#include "testsuite.h"

DEFINE_TEST(glob_literal)
{
	assert_true(glob_match("Makefile", "Makefile"));
	assert_false(glob_match("Makefile", "Makefile.build"));
	assert_false(glob_match("scripts", "scripts/Makefile"));
	assert_true(glob_match_or_parent("scripts", "scripts/mod/modpost"));
	assert_false(glob_match_or_parent("scripts", "scriptsx/a"));
}

DEFINE_TEST(glob_star)
{
	assert_true(glob_match("arch/x86/Makefile*", "arch/x86/Makefile_32.cpu"));
	assert_false(glob_match("arch/x86/Makefile*", "arch/x86/boot/Makefile"));
	assert_true(glob_match("scripts/gcc-plugins/*.so", "scripts/gcc-plugins/stackleak_plugin.so"));
	/* '*' takes dot files too: the global "**" + "/.*.cmd" exclude relies on it. */
	assert_true(glob_match("**/.*.cmd", "scripts/basic/.fixdep.cmd"));
	assert_true(glob_match("**/*.o", "a.o"));
}

DEFINE_TEST(glob_doublestar)
{
	assert_true(glob_match("arch/x86/**/include", "arch/x86/include"));
	assert_true(glob_match("arch/x86/**/include", "arch/x86/um/shared/include"));
	assert_false(glob_match("arch/x86/**/include", "arch/x86/include/asm"));
	assert_true(glob_match("scripts/**/*.c", "scripts/mod/modpost.c"));
	assert_true(glob_match("scripts/**/*.c", "scripts/kallsyms.c"));
	assert_false(glob_match("scripts/**/*.c", "scripts/mod/modpost"));
	assert_true(glob_match("scripts/**", "scripts/a/b/c"));
	assert_true(glob_match("**", "anything/at/all"));
}

/* "**" + "/NAME" (the common excludes) matches the last segment only, as
 * the general matcher would. */
DEFINE_TEST(glob_doublestar_name)
{
	static const char *const pats[] = { "**/*.o", "**/.*.cmd", "**/modules.order", "**/*~", "**/[ab].h" };
	static const char *const paths[] = { "a.o", "x/y/a.o", "a.o/b", "x/.a.o.cmd", ".cmd", "modules.order",
					     "m/modules.order", "m/modules.order.x", "a~/b", "b~", "x/a.h", "x/c.h", "a.h/x" };
	static const bool want[][13] = {
		{ 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, { 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 },
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(pats); i++)
		for (size_t j = 0; j < ARRAY_SIZE(paths); j++)
			assert_int_eq(glob_match(pats[i], paths[j]), want[i][j]);
}

DEFINE_TEST(glob_walk_pruning)
{
	assert_true(glob_may_match_below("arch/x86/**/include", "arch"));
	assert_true(glob_may_match_below("arch/x86/**/include", "arch/x86/kernel"));
	assert_false(glob_may_match_below("arch/x86/**/include", "arch/arm"));
	assert_true(glob_may_match_below("scripts/gcc-plugins/*.so", "scripts/gcc-plugins"));
	assert_false(glob_may_match_below("scripts/gcc-plugins/*.so", "scripts/mod"));
}

DEFINE_TEST(glob_prefix)
{
	char *p = glob_literal_prefix("arch/x86/**/include");
	assert_str_eq(p, "arch/x86");
	free(p);
	p = glob_literal_prefix("Makefile");
	assert_str_eq(p, "Makefile");
	free(p);
	p = glob_literal_prefix("**/*.o");
	assert_str_eq(p, "");
	free(p);
}

/* A pattern is a manifest's: a segment of 16 MB, or millions of "**",
 * neither on the stack nor a level of recursion each (SIGSEGV before). */
DEFINE_TEST(glob_huge_pattern)
{
	size_t n = 16u << 20;
	char *seg = malloc(n + 3), *stars = malloc(n + 8), *p;

	memcpy(seg, "a/", 2);
	memset(seg + 2, 'b', n);
	seg[n + 2] = '\0';
	assert_false(glob_match(seg, "a/bbb"));
	assert_false(glob_may_match_below(seg, "a/bbb"));
	assert_true(glob_may_match_below(seg, "a"));
	p = glob_literal_prefix(seg);
	assert_str_eq(p, seg);
	free(p);
	seg[2] = '*';
	assert_false(glob_match(seg, "a/bbb"));
	p = glob_literal_prefix(seg);
	assert_str_eq(p, "a");
	free(p);
	for (p = stars; p + 3 < stars + n; p += 3)
		memcpy(p, "**/", 3);
	strcpy(p, "x.h");
	assert_true(glob_match(stars, "a/b/c/x.h"));
	assert_true(glob_match(stars, "x.h"));
	assert_false(glob_match(stars, "a/b/c/y.h"));
	assert_true(glob_may_match_below(stars, "a/b"));
	free(seg);
	free(stars);
}

/* "**" twice in a row matches what one does. */
DEFINE_TEST(glob_doublestar_runs)
{
	assert_true(glob_match("a/**/**", "a"));
	assert_true(glob_match("a/**", "a"));
	assert_true(glob_match("a/**/**/b", "a/b"));
	assert_true(glob_match("a/**/**/b", "a/x/y/b"));
	assert_false(glob_match("a/**/**/b", "a/x/y/c"));
}
