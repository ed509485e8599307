// SPDX-License-Identifier: GPL-2.0
/* A GPL user: UNUSED symbols warn, the namespace is imported. */
#include <linux/module.h>
int kbp_x510_unused(int v);
int kbp_x510_unused_gpl(int v);
int kbp_x510_future(int v);
int kbp_x510_ns(int v);
static int __init x510_user_init(void)
{
	return kbp_x510_unused(0) + kbp_x510_unused_gpl(0) + kbp_x510_future(0) + kbp_x510_ns(0);
}
module_init(x510_user_init);
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(KBP_X510_NS);
