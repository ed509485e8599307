// SPDX-License-Identifier: GPL-2.0
/* A proprietary user: a future GPL-only symbol warns, an unused one warns,
 * namespaces it does not import are errors (and the files are written). */
#include <linux/module.h>
int kbp_x510_unused(int v);
int kbp_x510_future(int v);
int kbp_x510_ns(int v);
int kbp_x510_ns2(int v);
static int __init x510_prop_init(void)
{
	return kbp_x510_unused(0) + kbp_x510_future(0) + kbp_x510_ns(0) + kbp_x510_ns2(0);
}
module_init(x510_prop_init);
MODULE_LICENSE("Proprietary");
