// SPDX-License-Identifier: GPL-2.0
/* imports one of the two namespaces it uses */
#include <linux/module.h>
int kbp_nss_fn(int v);
extern int kbp_nss_data;
static int __init nsmiss_user_init(void) { return kbp_nss_fn(kbp_nss_data) - 5; }
module_init(nsmiss_user_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: a missing namespace import");
MODULE_IMPORT_NS("KBP_STR_NS.sub");
