// SPDX-License-Identifier: GPL-2.0-or-later
/* devicetable-offsets.h parsing (the run-time struct layouts). */
#include "devtable.h"
#include "testsuite.h"

DEFINE_TEST(test_parse)
{
	struct devtable_offsets *o = devtable_offsets_parse(
		"#ifndef __DEVICETABLE_OFFSETS_H__\n"
		"#define __DEVICETABLE_OFFSETS_H__\n"
		"/* ... */\n"
		"\n"
		"#define SIZE_usb_device_id 32 /* sizeof(struct usb_device_id) */\n"
		"#define OFF_usb_device_id_match_flags 0 /* offsetof(struct usb_device_id, match_flags) */\n"
		"#define OFF_pci_device_id_override_only 32 /* offsetof(...) */\n"
		"#define SIZE_pci_device_id\t40\n"
		"\n#endif\n");

	assert_true(devtable_offsets_get(o, "SIZE_usb_device_id") == 32);
	assert_true(devtable_offsets_get(o, "OFF_usb_device_id_match_flags") == 0);
	assert_true(devtable_offsets_get(o, "OFF_pci_device_id_override_only") == 32);
	assert_true(devtable_offsets_get(o, "SIZE_pci_device_id") == 40);
	assert_true(devtable_offsets_get(o, "SIZE_nope") == -1);
	assert_true(devtable_offsets_get(o, "__DEVICETABLE_OFFSETS_H__") == -1);
	devtable_offsets_free(o);
}

DEFINE_TEST(test_empty)
{
	struct devtable_offsets *o = devtable_offsets_parse("");

	assert_true(devtable_offsets_get(o, "SIZE_usb_device_id") == -1);
	devtable_offsets_free(o);
}
