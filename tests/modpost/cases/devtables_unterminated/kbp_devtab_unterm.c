// SPDX-License-Identifier: GPL-2.0
/* A table without its all-zero last entry: fatal up to 6.12 (with a dump
 * of the last entry), an error in 7.2 that skips the table. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>

static const struct i2c_device_id good_ids[] = {
	{ "kbp-good" },
	{ }
};
MODULE_DEVICE_TABLE(i2c, good_ids);

static const struct i2c_device_id unterminated_ids[] = {
	{ "kbp-a" },
	{ "kbp-b", 2 },
};
MODULE_DEVICE_TABLE(i2c, unterminated_ids);

static const struct spi_device_id later_ids[] = {
	{ "kbp-later" },
	{ }
};
MODULE_DEVICE_TABLE(spi, later_ids);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: an unterminated device table");
