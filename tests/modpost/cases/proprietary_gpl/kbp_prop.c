// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/utsname.h>
#include <linux/crc4.h>
static int __init prop_init(void)
{
	pr_info("%s %u\n", init_uts_ns.name.release, crc4(0, 0x5a, 8));
	return 0;
}
static void __exit prop_exit(void) { }
module_init(prop_init);
module_exit(prop_exit);
MODULE_LICENSE("Proprietary");
