// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/version.h>
int kbp_crc_one(void);
int kbp_crc_zero(void);
int kbp_crc_big(void);
static int __init crcedge_init(void) { return kbp_crc_zero() + kbp_crc_one() + kbp_crc_big(); }
static void __exit crcedge_exit(void) { }
module_init(crcedge_init);
module_exit(crcedge_exit);
MODULE_LICENSE("GPL");
/* namespaces are string literals since 6.13 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("KBP_EXT_NS");
#else
MODULE_IMPORT_NS(KBP_EXT_NS);
#endif
