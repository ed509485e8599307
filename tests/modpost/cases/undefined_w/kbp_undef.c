// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/crc7.h>
int kbp_no_such_function(int);
extern int kbp_weak_missing(void) __attribute__((weak));
static int __init undef_init(void)
{
	return kbp_no_such_function(crc7_be(0, NULL, 0)) + (kbp_weak_missing ? kbp_weak_missing() : 0);
}
module_init(undef_init);
MODULE_LICENSE("GPL");
