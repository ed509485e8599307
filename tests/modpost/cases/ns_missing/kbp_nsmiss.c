// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/ioport.h>
static int __init nsmiss_init(void) { insert_resource_expand_to_fit(NULL, NULL); return 0; }
module_init(nsmiss_init);
MODULE_LICENSE("GPL");
