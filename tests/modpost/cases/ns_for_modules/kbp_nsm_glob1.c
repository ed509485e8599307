// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_nsm_fn(int v);
static int __init nsm_glob1_init(void) { return kbp_nsm_fn(1) - 2; }
module_init(nsm_glob1_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: matched by a glob of an export");
