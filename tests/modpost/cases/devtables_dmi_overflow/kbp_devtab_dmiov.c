// SPDX-License-Identifier: GPL-2.0
/* A dmi alias that fills 7.2's 256-byte buffer inside dmi_ascii_filter():
 * fatal (up to 6.12 an overrun of the kernel modpost's stack: 7.2 only). */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

#define S78 "0123456789012345678901234567890123456789012345678901234567890123456789abcdefgh"

static const struct dmi_system_id dmi_ids[] = {
	{ .matches = { DMI_MATCH(DMI_SYS_VENDOR, "fits") } },
	{ .matches = { DMI_MATCH(DMI_BIOS_VENDOR, S78), DMI_MATCH(DMI_SYS_VENDOR, S78),
		       DMI_MATCH(DMI_PRODUCT_NAME, S78), DMI_MATCH(DMI_BOARD_NAME, "x") } },
	{ }
};
MODULE_DEVICE_TABLE(dmi, dmi_ids);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: a dmi alias too long");
