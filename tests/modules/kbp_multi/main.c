// SPDX-License-Identifier: GPL-2.0
/* kbp_multi: one module linked from several objects with a private header. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include "kbp_multi.h"

static int __init kbp_multi_init(void)
{
	int s = kbp_multi_sum(kbp_multi_table, KBP_MULTI_TABLE_LEN);

	pr_info("kbp_multi: loaded, sum=%d scaled=%d\n", s, kbp_multi_scale(s, 3));
	return 0;
}

static void __exit kbp_multi_exit(void)
{
	pr_info("kbp_multi: unloaded\n");
}

module_init(kbp_multi_init);
module_exit(kbp_multi_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-pack test: multi-object module");
