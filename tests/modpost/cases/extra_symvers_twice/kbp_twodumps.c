// SPDX-License-Identifier: GPL-2.0
/* Two KBUILD_EXTRA_SYMBOLS files name the same module: up to 6.12 one
 * module ("exported twice" for a symbol both list), 7.2 one per file. */
#include <linux/module.h>
int kbp_dump_shared(void);
int kbp_dump_a(void);
int kbp_dump_b(void);
static int __init twodumps_init(void) { return kbp_dump_shared() + kbp_dump_a() + kbp_dump_b(); }
module_init(twodumps_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: one module in two symbol dumps");
