// SPDX-License-Identifier: GPL-2.0
/*
 * kbp_user: uses vmlinux exports (printk, kmalloc/kfree) and an export of an
 * in-tree loadable module, so its modinfo must say depends=<that module> and
 * its __versions must carry CRCs from vmlinux and that module. The module is
 * crc7 (crc7_be) where the kernel builds it as one, else crc-itu-t
 * (crc_itu_t): Debian's forky kernel has no CRC7 (tests/kernel/lib.sh
 * KBP_LIBMOD makes the same choice).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#if IS_MODULE(CONFIG_CRC7)
#include <linux/crc7.h>
#define kbp_lib_crc(buf, len) crc7_be(0, buf, len)
#elif IS_MODULE(CONFIG_CRC_ITU_T)
#include <linux/crc-itu-t.h>
#define kbp_lib_crc(buf, len) crc_itu_t(0, buf, len)
#else
#error "kbp_user needs CONFIG_CRC7=m or CONFIG_CRC_ITU_T=m"
#endif

static unsigned int kbp_len = 16;
module_param(kbp_len, uint, 0444);
MODULE_PARM_DESC(kbp_len, "size of the scratch buffer");

static int __init kbp_user_init(void)
{
	u8 *buf;
	unsigned int crc;
	unsigned int i;

	buf = kmalloc(kbp_len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < kbp_len; i++)
		buf[i] = (u8)i;
	crc = kbp_lib_crc(buf, kbp_len);
	kfree(buf);
	printk(KERN_INFO "kbp_user: loaded (crc=0x%x)\n", crc);
	return 0;
}

static void __exit kbp_user_exit(void)
{
	printk(KERN_INFO "kbp_user: unloaded\n");
}

module_init(kbp_user_init);
module_exit(kbp_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-pack test: vmlinux + in-tree module user");
MODULE_AUTHOR("kbuild-pack tests");
