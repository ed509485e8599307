// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/version.h>
#include <linux/mod_devicetable.h>

static const struct pci_device_id pci_ids[] = {
	{ .vendor = 0x8086, .device = 0x1234, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ .vendor = 0x10ec, .device = PCI_ANY_ID, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID,
	  .class = 0x020000, .class_mask = 0xffff00 },
	{ .vendor = PCI_ANY_ID, .device = PCI_ANY_ID, .subvendor = 0x1af4, .subdevice = 0x1100,
	  .class = 0x010802, .class_mask = 0xffffff },
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 1, 0)
	/* 5.10 has no driver_override aliases */
	{ .vendor = 0x1b36, .device = 0x0001, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID,
	  .override_only = PCI_ID_F_VFIO_DRIVER_OVERRIDE },
#endif
	{ }
};
MODULE_DEVICE_TABLE(pci, pci_ids);

#define USB_DEVICE_ID_MATCH_DEVICE (USB_DEVICE_ID_MATCH_VENDOR | USB_DEVICE_ID_MATCH_PRODUCT)
#define USB_DEVICE_ID_MATCH_DEVICE_AND_VERSION (USB_DEVICE_ID_MATCH_DEVICE | USB_DEVICE_ID_MATCH_DEV_LO | USB_DEVICE_ID_MATCH_DEV_HI)
#define USB_DEVICE_ID_MATCH_INT_INFO (USB_DEVICE_ID_MATCH_INT_CLASS | USB_DEVICE_ID_MATCH_INT_SUBCLASS | USB_DEVICE_ID_MATCH_INT_PROTOCOL)
#define USB_DEVICE_VER(vend, prod, lo, hi) \
	.match_flags = USB_DEVICE_ID_MATCH_DEVICE_AND_VERSION, .idVendor = (vend), .idProduct = (prod), \
	.bcdDevice_lo = (lo), .bcdDevice_hi = (hi)
static const struct usb_device_id usb_ids[] = {
	{ .match_flags = USB_DEVICE_ID_MATCH_DEVICE, .idVendor = 0x046d, .idProduct = 0xc52b },
	{ USB_DEVICE_VER(0x0781, 0x5567, 0x0100, 0x0299) },
	{ USB_DEVICE_VER(0x1234, 0x0001, 0x0000, 0x0a0f) },
	{ .match_flags = USB_DEVICE_ID_MATCH_INT_INFO, .bInterfaceClass = 8, .bInterfaceSubClass = 6,
	  .bInterfaceProtocol = 0x50 },
	{ .match_flags = USB_DEVICE_ID_MATCH_DEV_CLASS, .bDeviceClass = 9 },
	{ }
};
MODULE_DEVICE_TABLE(usb, usb_ids);

static const struct of_device_id of_ids[] = {
	{ .compatible = "kbp,test-dev" },
	{ .name = "serial", .type = "my type" },
	{ .type = "cpu", .compatible = "arm,cortex a9" },
	{ }
};
MODULE_DEVICE_TABLE(of, of_ids);

static const struct acpi_device_id acpi_ids[] = {
	{ "KBP0001", 0 },
	{ "", 0, 0x010601, 0xffffff },
	{ "", 0, 0x0c0300, 0xff00ff },
	{ }
};
MODULE_DEVICE_TABLE(acpi, acpi_ids);

static const struct platform_device_id plat_ids[] = { { "kbp-plat" }, { "kbp-plat2" }, { } };
MODULE_DEVICE_TABLE(platform, plat_ids);

static const struct i2c_device_id i2c_ids[] = { { "kbp24c02", 0 }, { } };
MODULE_DEVICE_TABLE(i2c, i2c_ids);

static const struct spi_device_id spi_ids[] = { { "kbp-spi-flash", 0 }, { } };
MODULE_DEVICE_TABLE(spi, spi_ids);

static const struct virtio_device_id virtio_ids[] = {
	{ 1, VIRTIO_DEV_ANY_ID }, { 18, 0x1af4 }, { }
};
MODULE_DEVICE_TABLE(virtio, virtio_ids);

static const struct hid_device_id hid_ids[] = {
	{ .bus = 0x0003, .vendor = 0x046d, .product = 0xc077 },
	{ .bus = HID_BUS_ANY, .group = 1, .vendor = HID_ANY_ID, .product = HID_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(hid, hid_ids);

static const struct input_device_id input_ids[] = {
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT | INPUT_DEVICE_ID_MATCH_KEYBIT,
	  .evbit = { BIT_MASK(1) }, .keybit = { [0x110 / BITS_PER_LONG] = BIT_MASK(0x110) } },
	{ .flags = INPUT_DEVICE_ID_MATCH_BUS | INPUT_DEVICE_ID_MATCH_VENDOR, .bustype = 3, .vendor = 0x45e },
	{ }
};
MODULE_DEVICE_TABLE(input, input_ids);

static const struct mdio_device_id mdio_ids[] = {
	{ 0x001cc816, 0xfffffff0 }, { 0x01410cc0, 0xffffffff }, { }
};
MODULE_DEVICE_TABLE(mdio, mdio_ids);

static const struct dmi_system_id dmi_ids[] = {
	{ .matches = { DMI_MATCH(DMI_SYS_VENDOR, "QEMU"), DMI_MATCH(DMI_PRODUCT_NAME, "Standard PC: (Q35)") } },
	{ .matches = { DMI_MATCH(DMI_BOARD_VENDOR, "Kbp Inc."), DMI_MATCH(DMI_BIOS_VERSION, "1.0") } },
	{ }
};
MODULE_DEVICE_TABLE(dmi, dmi_ids);

static const struct x86_cpu_id cpu_ids[] = {
	{ .vendor = 0, .family = 6, .model = 0x55, .feature = X86_FEATURE_ANY },
	{ .vendor = X86_VENDOR_ANY, .family = X86_FAMILY_ANY, .model = X86_MODEL_ANY, .feature = 0x90 },
	{ }
};
MODULE_DEVICE_TABLE(x86cpu, cpu_ids);

static const struct serio_device_id serio_ids[] = { { .type = 1, .extra = SERIO_ANY, .id = SERIO_ANY, .proto = 2 }, { } };
MODULE_DEVICE_TABLE(serio, serio_ids);

static const struct ieee1394_device_id fw_ids[] = { { .match_flags = 5, .vendor_id = 0x00a0b8, .specifier_id = 0x609e }, { } };
MODULE_DEVICE_TABLE(ieee1394, fw_ids);

static int __init devtab_init(void) { return 0; }
module_init(devtab_init);
MODULE_LICENSE("GPL");
