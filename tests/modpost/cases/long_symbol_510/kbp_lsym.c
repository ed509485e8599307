// SPDX-License-Identifier: GPL-2.0
/* An export with a 460-character name: its Module.symvers line passes
 * 5.10's 500-byte buf_printf() buffer, which it then pads with NULs
 * (6.1 on: fatal); a user's __versions entry is "too long". */
#include <linux/module.h>
#define KBP_LSYM kbp_long_symbol_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
int KBP_LSYM(int v) { return v + 1; }
EXPORT_SYMBOL(KBP_LSYM);
MODULE_LICENSE("GPL");
