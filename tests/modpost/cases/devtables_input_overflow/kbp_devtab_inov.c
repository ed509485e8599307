// SPDX-License-Identifier: GPL-2.0
/* An input alias longer than 7.2's 256-byte buffer (after "input:") is
 * fatal; up to 6.12 it overran the kernel modpost's stack, so 7.2 only. */
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/bits.h>

static const struct input_device_id input_ids[] = {
	{ .flags = INPUT_DEVICE_ID_MATCH_BUS, .bustype = 3 },
	{ .flags = INPUT_DEVICE_ID_MATCH_KEYBIT,
	  .keybit = { [0x100 / BITS_PER_LONG] = ~0UL, [0x140 / BITS_PER_LONG] = ~0UL } },
	{ }
};
MODULE_DEVICE_TABLE(input, input_ids);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: an input alias too long");
