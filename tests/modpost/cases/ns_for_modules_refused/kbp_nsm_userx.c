// SPDX-License-Identifier: GPL-2.0
/* kbp_nsm_userx: neither "kbp_nsm_user" (exact) nor kbp_nsm_glob* */
#include <linux/module.h>
int kbp_nsm_fn(int v);
int kbp_nsm_one(int v);
static int __init nsm_userx_init(void) { return kbp_nsm_fn(kbp_nsm_one(1)) - 4; }
module_init(nsm_userx_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: not named by an export");
