// SPDX-License-Identifier: GPL-2.0
/* re-exports a symbol vmlinux already exports: "exported twice" */
#include <linux/module.h>
#include <linux/init.h>
void wait_for_initramfs(void) { }
EXPORT_SYMBOL_GPL(wait_for_initramfs);
MODULE_LICENSE("GPL");
