// SPDX-License-Identifier: GPL-2.0-or-later
/* Module.symvers reader/writer: the project's strict parser, the kernel's
 * lax acceptance rule (symvers_parse_kernel) and the exact output format. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/symvers.h"
#include "shared/strbuf.h"
#include "shared/str.h"
#include "testsuite.h"

DEFINE_TEST(test_write_format)
{
	struct symvers sv = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	symvers_add(&sv, 0x1, "a", "vmlinux", false, NULL);
	symvers_add(&sv, 0, "b", "drivers/x/y", true, "NS");
	for (size_t i = 0; i < sv.n; i++)
		symvers_write_entry(f, &sv.v[i]);
	fclose(f);
	assert_str_eq(buf, "0x00000001\ta\tvmlinux\tEXPORT_SYMBOL\t\n0x00000000\tb\tdrivers/x/y\tEXPORT_SYMBOL_GPL\tNS\n");
	free(buf);
	symvers_release(&sv);
}

DEFINE_TEST(test_parse_roundtrip)
{
	const char text[] = "0x12345678\tfoo\tvmlinux\tEXPORT_SYMBOL\t\n0xdeadbeef\tbar\tm/x\tEXPORT_SYMBOL_GPL\tNS1\n";
	struct symvers sv = { 0 };
	_cleanup_free_ char *err = NULL;

	assert_true(symvers_parse("t", text, sizeof(text) - 1, &sv, &err) == 0);
	assert_true(sv.n == 2);
	if (sv.n == 2) {
		assert_true(sv.v[0].crc == 0x12345678);
		assert_str_eq(sv.v[1].ns, "NS1");
		assert_true(sv.v[1].gpl);
	}
	symvers_release(&sv);
}

DEFINE_TEST(test_parse_bad_line)
{
	const char text[] = "0x1\ta\tb\tEXPORT_SYMBOL\t\n0x1\ta\tb\n";
	struct symvers sv = { 0 };
	char *err = NULL;

	assert_true(symvers_parse("f.symvers", text, sizeof(text) - 1, &sv, &err) == -EINVAL);
	assert_true(err && str_starts_with(err, "f.symvers:2: "));
	free(err);
	symvers_release(&sv);
}

struct collect {
	struct strbuf b;
};

static int collect_line(const struct symvers_line *l, void *ud)
{
	struct collect *c = ud;

	strbuf_addf(&c->b, "%u:%08x|%s|%s|%s|%s;", l->line, l->crc, l->name, l->module, l->export_type, l->ns);
	return 0;
}

DEFINE_TEST(test_kernel_rule_lax)
{
	/* empty CRC reads as 0, a 6th field belongs to the namespace, no 0x needed */
	char text[] = "\tempty\tm\tEXPORT_SYMBOL\t\n1f\tnox\tm\tEXPORT_SYMBOL_GPL\tA\tB\n";
	struct collect c = { 0 };
	unsigned bad = 0;

	assert_true(symvers_parse_kernel(text, collect_line, &c, &bad) == 0);
	assert_str_eq(strbuf_str(&c.b), "1:00000000|empty|m|EXPORT_SYMBOL|;2:0000001f|nox|m|EXPORT_SYMBOL_GPL|A\tB;");
	strbuf_release(&c.b);
}

DEFINE_TEST(test_kernel_rule_errors)
{
	char t1[] = "0x1\ta\tm\tEXPORT_SYMBOL\t\n\n0x2\tb\tm\tEXPORT_SYMBOL\t\n"; /* empty middle line */
	char t2[] = "0x1g\ta\tm\tEXPORT_SYMBOL\t\n";                         /* bad CRC */
	char t3[] = "0x1\t\tm\tEXPORT_SYMBOL\t\n";                           /* empty name */
	char t4[] = "0x1\ta\tm\tEXPORT_SYMBOL\t\n";                          /* fine, trailing newline */
	struct collect c = { 0 };
	unsigned bad = 0;

	assert_true(symvers_parse_kernel(t1, collect_line, &c, &bad) == -EINVAL && bad == 2);
	assert_true(symvers_parse_kernel(t2, collect_line, &c, &bad) == -EINVAL && bad == 1);
	assert_true(symvers_parse_kernel(t3, collect_line, &c, &bad) == -EINVAL && bad == 1);
	assert_true(symvers_parse_kernel(t4, collect_line, &c, &bad) == 0);
	strbuf_release(&c.b);
}

/* What modpost -e (make M=) rejects in the symbols it reads; NULL: accepted. */
static void check_modpost_rule(const char *text, const char *want)
{
	struct symvers sv = { 0 };
	char *err = NULL;
	int r = symvers_parse("M", text, strlen(text), &sv, &err);

	assert_int_eq(r, want ? -EINVAL : 0);
	assert_str_eq(err ? err : "(accepted)", want ? want : "(accepted)");
	free(err);
	symvers_release(&sv);
}

DEFINE_TEST(test_parse_modpost_rules)
{
	check_modpost_rule("0x1\ta\tvmlinux\tEXPORT_SYMBOL_GPL_FUTURE\t\n",
			   "M:1: unknown export type 'EXPORT_SYMBOL_GPL_FUTURE' (modpost accepts EXPORT_SYMBOL and EXPORT_SYMBOL_GPL)");
	check_modpost_rule("0x1\ta\tvmlinux\tEXPORT_SYMBOL\t\n0x1\tb\tm\tEXPORT_SYMBOL_GPL\t\n"
			   "0x2\ta\tvmlinux\tEXPORT_SYMBOL\t\n",
			   "M:3: 'a' exported twice (also on line 1, by vmlinux): modpost would reject it");
	/* after vmlinux, even from a module */
	check_modpost_rule("0x1\ta\tvmlinux\tEXPORT_SYMBOL\t\n0x2\ta\tm\tEXPORT_SYMBOL\t\n",
			   "M:2: 'a' exported twice (also on line 1, by vmlinux): modpost would reject it");
	/* the same module twice */
	check_modpost_rule("0x1\tz\tm/x\tEXPORT_SYMBOL\t\n0x1\tb\tm\tEXPORT_SYMBOL\t\n0x2\tz\tm/x\tEXPORT_SYMBOL\tNS\n",
			   "M:3: 'z' exported twice (also on line 1, by m/x): modpost would reject it");
	/* the first offending line in the file is named */
	check_modpost_rule("0x1\tz\tm\tEXPORT_SYMBOL\t\n0x1\ta\tm\tEXPORT_SYMBOL\t\n0x1\ta\tm\tEXPORT_SYMBOL\t\n"
			   "0x1\tz\tm\tEXPORT_SYMBOL\t\n",
			   "M:3: 'a' exported twice (also on line 2, by m): modpost would reject it");
	/* modpost -e compares with the latest export only: m1, m2, then m1 again is fine */
	check_modpost_rule("0x1\ta\tm1\tEXPORT_SYMBOL\t\n0x2\ta\tm2\tEXPORT_SYMBOL\t\n0x3\ta\tm1\tEXPORT_SYMBOL\t\n", NULL);
	/* ... and vmlinux after a module too: the earlier one is not vmlinux */
	check_modpost_rule("0x1\ta\tm1\tEXPORT_SYMBOL\t\n0x2\ta\tvmlinux\tEXPORT_SYMBOL\t\n", NULL);
}
