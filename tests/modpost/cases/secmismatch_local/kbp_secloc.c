// SPDX-License-Identifier: GPL-2.0
/* Function-local statics are named <name>.<n>. modpost's remove_dot()
 * cuts the ".<n>" off in the string table itself, before the
 * section-mismatch check: that check names them, and matches its
 * whitelists (*_ops), without it. */
#include <linux/module.h>
#include <linux/init.h>

static noinline int __init kbp_secloc_setup(int v) { return v + 1; }

noinline void *kbp_secloc_tables(int i)
{
	static int (*kbp_secloc_ops[2])(int) = { kbp_secloc_setup, NULL };
	static int (*kbp_secloc_tab[2])(int) = { kbp_secloc_setup, NULL };

	return i ? (void *)kbp_secloc_ops : (void *)kbp_secloc_tab;
}
EXPORT_SYMBOL(kbp_secloc_tables);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: section mismatches of function-local statics");
