// SPDX-License-Identifier: GPL-2.0
/* matched by the glob for one symbol, not named for the other */
#include <linux/module.h>
int kbp_nsm_fn(int v);
int kbp_nsm_one(int v);
static int __init nsm_glob1_init(void) { return kbp_nsm_fn(kbp_nsm_one(1)) - 4; }
module_init(nsm_glob1_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: matched by a glob of an export");
