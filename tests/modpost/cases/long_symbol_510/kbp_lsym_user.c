// SPDX-License-Identifier: GPL-2.0
/* A user of an export with a 460-character name: its Module.symvers line passes
 * 5.10's 500-byte buf_printf() buffer, which it then pads with NULs
 * (6.1 on: fatal); a user's __versions entry is "too long". */
#include <linux/module.h>
#define KBP_LSYM kbp_long_symbol_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
int KBP_LSYM(int v);
static int __init lsym_user_init(void) { return KBP_LSYM(0); }
module_init(lsym_user_init);
MODULE_LICENSE("GPL");
