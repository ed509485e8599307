// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_asmx_c(int v) { return v; }
EXPORT_SYMBOL(kbp_asmx_c);
MODULE_LICENSE("GPL");
