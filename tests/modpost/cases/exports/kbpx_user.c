// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/init.h>
#include "helpers.h"

extern int kbpx_counter;
extern const char kbpx_name[];
int kbpx_plain(int v);
int kbpx_gpl(int v);
int kbpx_ns(int v);
int kbpx_ns_gpl(int v);

static int __init kbpx_user_init(void)
{
	pr_info("%s %d\n", kbpx_name, kbpx_plain(1) + kbpx_gpl(2) + kbpx_ns(3) + kbpx_ns_gpl(4) + kbpx_counter);
	return 0;
}
module_init(kbpx_user_init);
MODULE_LICENSE("Dual MIT/GPL");
MODULE_IMPORT_NS(KBPX_NS_NAME);
