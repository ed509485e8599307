// SPDX-License-Identifier: GPL-2.0
/* Exports a name longer than a __versions entry holds (55 bytes on 64-bit):
 * 7.2 with CONFIG_EXTENDED_MODVERSIONS versions it in __version_ext_*,
 * without it (and before 7.2) modpost calls it a too long symbol. */
#include <linux/module.h>

int kbp_extv_a_symbol_name_that_is_longer_than_fifty_five_characters(int v) { return v + 1; }
EXPORT_SYMBOL_GPL(kbp_extv_a_symbol_name_that_is_longer_than_fifty_five_characters);

int kbp_extv_short(int v) { return v; }
EXPORT_SYMBOL(kbp_extv_short);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: a long exported name");
