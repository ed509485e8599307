// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_nsm_fn(int v);
int kbp_nsm_one(int v);
static int __init nsm_user_init(void) { return kbp_nsm_fn(kbp_nsm_one(1)) - 4; }
module_init(nsm_user_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: named by an export");
