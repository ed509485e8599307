// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
static int __init noexport_init(void) { return 0; }
module_init(noexport_init);
MODULE_LICENSE("GPL");
