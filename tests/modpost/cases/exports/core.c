// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/init.h>

int kbpx_counter = 3;
EXPORT_SYMBOL(kbpx_counter);

int kbpx_plain(int v) { return v + kbpx_counter; }
EXPORT_SYMBOL(kbpx_plain);

int kbpx_gpl(int v) { return v * 2; }
EXPORT_SYMBOL_GPL(kbpx_gpl);

static int __init kbpx_init(void) { return 0; }
static void __exit kbpx_exit(void) { }
module_init(kbpx_init);
module_exit(kbpx_exit);
MODULE_LICENSE("GPL v2");
MODULE_VERSION("1.2.3");
MODULE_DESCRIPTION("kbuild-modpost test: exports of every kind");
