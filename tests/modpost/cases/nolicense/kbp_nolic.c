// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
static int __init nolic_init(void) { return 0; }
module_init(nolic_init);
