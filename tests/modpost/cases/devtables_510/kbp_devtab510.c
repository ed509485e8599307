// SPDX-License-Identifier: GPL-2.0
/* What 5.10's file2alias.c does differently: input bitmaps stop before
 * their highest bit; 5.10 knows no pci override_only. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

#define M(b) BIT_MASK(b)
#define W(b) [BIT_WORD(b)]

static const struct input_device_id input_ids[] = {
	{ .flags = INPUT_DEVICE_ID_MATCH_EVBIT | INPUT_DEVICE_ID_MATCH_KEYBIT | INPUT_DEVICE_ID_MATCH_RELBIT |
		   INPUT_DEVICE_ID_MATCH_ABSBIT | INPUT_DEVICE_ID_MATCH_MSCIT | INPUT_DEVICE_ID_MATCH_LEDBIT |
		   INPUT_DEVICE_ID_MATCH_SNDBIT | INPUT_DEVICE_ID_MATCH_FFBIT | INPUT_DEVICE_ID_MATCH_SWBIT,
	  .evbit = { M(INPUT_DEVICE_ID_EV_MAX) | M(1) },
	  .keybit = { W(INPUT_DEVICE_ID_KEY_MAX) = M(INPUT_DEVICE_ID_KEY_MAX) | M(INPUT_DEVICE_ID_KEY_MAX - 1), W(0x71) = M(0x71) },
	  .relbit = { M(INPUT_DEVICE_ID_REL_MAX) }, .absbit = { M(INPUT_DEVICE_ID_ABS_MAX) | M(0) }, .mscbit = { M(INPUT_DEVICE_ID_MSC_MAX) },
	  .ledbit = { M(INPUT_DEVICE_ID_LED_MAX) }, .sndbit = { M(INPUT_DEVICE_ID_SND_MAX) }, .ffbit = { W(INPUT_DEVICE_ID_FF_MAX) = M(INPUT_DEVICE_ID_FF_MAX) },
	  .swbit = { M(INPUT_DEVICE_ID_SW_MAX) | M(INPUT_DEVICE_ID_SW_MAX - 1) } },
	{ }
};
MODULE_DEVICE_TABLE(input, input_ids);

static const struct pci_device_id pci_ids[] = {
	{ .vendor = 0x1b36, .device = 0x0001, .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID },
	{ }
};
MODULE_DEVICE_TABLE(pci, pci_ids);

MODULE_LICENSE("GPL");
