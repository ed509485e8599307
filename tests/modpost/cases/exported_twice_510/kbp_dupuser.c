// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_dup_sym(int v);
int kbp_dup_extra(int v);
static int __init dupuser_init(void) { return kbp_dup_sym(0) + kbp_dup_extra(0); }
module_init(dupuser_init);
MODULE_LICENSE("GPL");
