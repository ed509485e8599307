// SPDX-License-Identifier: GPL-2.0
/* Export kinds read from a symbol dump: UNUSED and GPL_FUTURE warn, an
 * unknown kind is no GPL-only one. */
#include <linux/module.h>
int kbp_dump_unused(void);
int kbp_dump_future(void);
int kbp_dump_odd(void);
static int __init kinds_user_init(void) { return kbp_dump_unused() + kbp_dump_future() + kbp_dump_odd(); }
module_init(kinds_user_init);
MODULE_LICENSE("Proprietary");
MODULE_IMPORT_NS(KBP_NS);
