// SPDX-License-Identifier: GPL-2.0
/* What 7.2's file2alias.c does differently: mcb tables, WMI GUIDs checked
 * character by character, and every alias of a module written once. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/bits.h>

/* 7.2 knows mcb ("mcb:16zNNN"); older modposts ignore the table */
static const struct mcb_device_id mcb_ids[] = {
	{ .device = 0x1a },
	{ .device = 125 },
	{ .device = 0x1a },
	{ }
};
MODULE_DEVICE_TABLE(mcb, mcb_ids);

static const struct wmi_device_id wmi_ids[] = {
	{ "05901221-d566-11d1-b2f0-00a0c9062910", NULL },
	{ "05901221-D566-11D1-B2F0-00A0C9062910", NULL },
	{ "0590122G-D566-11D1-B2F0-00A0C9062910", NULL },
	{ "05901221+D566-11D1-B2F0-00A0C9062910", NULL },
	{ }
};
MODULE_DEVICE_TABLE(wmi, wmi_ids);

/* the same alias from two entries and from two tables */
static const struct pci_device_id pci_ids[] = {
	{ .vendor = 0x8086, .device = 0x1234, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ .vendor = 0x8086, .device = 0x1234, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID,
	  .driver_data = 1 },
	{ .vendor = 0x8086, .device = 0x1235, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(pci, pci_ids);

static const struct pci_device_id pci_ids2[] = {
	{ .vendor = 0x8086, .device = 0x1235, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ .vendor = 0x8086, .device = 0x1236, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(pci, pci_ids2);

static const struct pnp_device_id pnp_ids[] = {
	{ .id = "PNP0a03" },
	{ }
};
MODULE_DEVICE_TABLE(pnp, pnp_ids);

/* a device twice in one card, one the pnp table above has, a lower-case
 * twin whose acpi alias is the same */
static const struct pnp_card_device_id pnp_card_ids[] = {
	{ .id = "ABC0001", .devs = { { "ABC0002" }, { "ABC0002" }, { "PNP0a03" } } },
	{ .id = "ABC0003", .devs = { { "abc0002" } } },
	{ }
};
MODULE_DEVICE_TABLE(pnp_card, pnp_card_ids);

/* of: the "C*" twin of one entry equals another entry's alias */
static const struct of_device_id of_ids[] = {
	{ .compatible = "kbp,dev" },
	{ .compatible = "kbp,dev" },
	{ .name = "x", .compatible = "kbp,other" },
	{ }
};
MODULE_DEVICE_TABLE(of, of_ids);

/* SW_MAX grew from 0x10 to 0x11 in 7.2: only 7.2 writes switch 0x11 */
static const struct input_device_id input_ids[] = {
	{ .flags = INPUT_DEVICE_ID_MATCH_SWBIT, .swbit = { BIT_MASK(0x10) | BIT_MASK(0x11) } },
	{ }
};
MODULE_DEVICE_TABLE(input, input_ids);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: 7.2 device-table changes");
