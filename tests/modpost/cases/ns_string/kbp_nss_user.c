// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_nss_fn(int v);
extern int kbp_nss_data;
static int __init nss_user_init(void) { return kbp_nss_fn(kbp_nss_data) - 5; }
module_init(nss_user_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: imports string namespaces");
MODULE_IMPORT_NS("KBP_STR_NS");
MODULE_IMPORT_NS("KBP_STR_NS.sub");
