// SPDX-License-Identifier: GPL-2.0
/* Device tables whose structs only 6.12's mod_devicetable.h has. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

static const struct cdx_device_id cdx_ids[] = {
	{ .vendor = 0x10ee, .device = 0x8, .subvendor = CDX_ANY_ID, .subdevice = CDX_ANY_ID },
	{ .vendor = CDX_ANY_ID, .device = CDX_ANY_ID, .subvendor = 0x1, .subdevice = 0x2,
	  .class = 0x060400, .class_mask = 0xffffff },
	{ .vendor = 0x10ee, .device = 0x9, .subvendor = CDX_ANY_ID, .subdevice = CDX_ANY_ID,
	  .class = 0x060400, .class_mask = 0xffff00 },
	{ .vendor = 0x10ee, .device = 0xa, .subvendor = CDX_ANY_ID, .subdevice = CDX_ANY_ID,
	  .override_only = CDX_ID_F_VFIO_DRIVER_OVERRIDE },
	{ .vendor = 0x10ee, .device = 0xb, .override_only = 2 }, /* warned about, no alias */
	{ .class = 0xabcdef, .class_mask = 0xffffff },
	{ }
};
MODULE_DEVICE_TABLE(cdx, cdx_ids);

static const struct vchiq_device_id vchiq_ids[] = {
	{ "bcm2835-audio" }, { "" }, { "bcm2835 camera" },
	{ "0123456789abcdef0123456789ABCDEF" }, /* fills name[]: runs on into the next entry */
	{ "next" },
	{ }
};
MODULE_DEVICE_TABLE(vchiq, vchiq_ids);

static const struct coreboot_device_id coreboot_ids[] = {
	{ .tag = 0x34 }, { .tag = 0xffffffff }, { .tag = 0, .driver_data = 1 }, { .tag = 0xabc }, { }
};
MODULE_DEVICE_TABLE(coreboot, coreboot_ids);

static int __init devtab_612_init(void) { return 0; }
module_init(devtab_612_init);
MODULE_LICENSE("GPL");
