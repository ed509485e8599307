// SPDX-License-Identifier: GPL-2.0
/* An amba id with bits its mask clears: modpost stops with a fatal error
 * (the aliases of the tables before it are never written). */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

static const struct ulpi_device_id ulpi_ids[] = { { 0x0424, 0x0006 }, { } };
MODULE_DEVICE_TABLE(ulpi, ulpi_ids);

static const struct amba_id amba_ids[] = {
	{ .id = 0x00041011, .mask = 0x000fffff },
	{ .id = 0x0a141080, .mask = 0xff0fff8f },
	{ }
};
MODULE_DEVICE_TABLE(amba, amba_ids);

static int __init amba_fatal_init(void) { return 0; }
module_init(amba_fatal_init);
MODULE_LICENSE("GPL");
