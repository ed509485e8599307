// SPDX-License-Identifier: GPL-2.0
/* MODULE_DEVICE_TABLE(pci, <an array of another struct>): the size is no
 * multiple of struct pci_device_id. Fatal up to 6.12, an error in 7.2. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

static const struct i2c_device_id i2c_ids[] = {
	{ "kbp-mism" },
	{ }
};
MODULE_DEVICE_TABLE(pci, i2c_ids);

static const struct spi_device_id later_ids[] = {
	{ "kbp-later" },
	{ }
};
MODULE_DEVICE_TABLE(spi, later_ids);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: a device table of the wrong type");
