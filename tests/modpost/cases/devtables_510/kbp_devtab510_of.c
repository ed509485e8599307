// SPDX-License-Identifier: GPL-2.0
/* An of alias that runs on through its full name, type and compatible
 * arrays makes a MODULE_ALIAS line of more than 500 bytes: 5.10 truncates
 * it and pads it with NULs (6.1 on: fatal), then copies its aliases into
 * the .mod.c up to the first NUL and NULs for the rest. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

#define S32 "0123456789abcdef0123456789ABCDEF"
static const struct of_device_id of_ids[] = {
	{ .name = S32, .type = S32, .compatible = S32 S32 S32 S32 },
	{ .compatible = "kbp,short" },
	{ }
};
MODULE_DEVICE_TABLE(of, of_ids);

MODULE_VERSION("5.10");
MODULE_LICENSE("GPL");
