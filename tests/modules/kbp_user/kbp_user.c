// SPDX-License-Identifier: GPL-2.0
/*
 * kbp_user: uses vmlinux exports (printk, kmalloc/kfree) and an export of an
 * in-tree loadable module (crc7_be from lib/crc7.ko), so its modinfo must say
 * depends=crc7 and its __versions must carry CRCs from vmlinux and crc7.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/crc7.h>

static unsigned int kbp_len = 16;
module_param(kbp_len, uint, 0444);
MODULE_PARM_DESC(kbp_len, "size of the scratch buffer");

static int __init kbp_user_init(void)
{
	u8 *buf;
	u8 crc;
	unsigned int i;

	buf = kmalloc(kbp_len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < kbp_len; i++)
		buf[i] = (u8)i;
	crc = crc7_be(0, buf, kbp_len);
	kfree(buf);
	printk(KERN_INFO "kbp_user: loaded (crc7=0x%02x)\n", crc);
	return 0;
}

static void __exit kbp_user_exit(void)
{
	printk(KERN_INFO "kbp_user: unloaded\n");
}

module_init(kbp_user_init);
module_exit(kbp_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-pack test: vmlinux + crc7 user");
MODULE_AUTHOR("kbuild-pack tests");
