// SPDX-License-Identifier: GPL-2.0
/* uses an export without CRC: "has no CRC!" */
#include <linux/module.h>
void kbp_asmx_fn(void);
int kbp_asmx_c(int v);
static int __init asmx_user_init(void) { kbp_asmx_fn(); return kbp_asmx_c(0); }
module_init(asmx_user_init);
MODULE_LICENSE("GPL");
