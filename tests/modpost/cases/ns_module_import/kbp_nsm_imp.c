// SPDX-License-Identifier: GPL-2.0
/* a module: namespace cannot be imported, only granted by the exporter */
#include <linux/module.h>
int kbp_nsm_fn(int v);
static int __init nsm_imp_init(void) { return kbp_nsm_fn(1) - 2; }
module_init(nsm_imp_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: imports a module namespace");
MODULE_IMPORT_NS("module:kbp_nsm_user,kbp_nsm_glob*");
