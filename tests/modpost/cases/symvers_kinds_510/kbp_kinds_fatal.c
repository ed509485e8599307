// SPDX-License-Identifier: GPL-2.0
/* A proprietary module using an UNUSED GPL-only symbol: fatal, after
 * 5.10 wrote the module listed after it (it goes newest first). */
#include <linux/module.h>
int kbp_dump_unused_gpl(void);
int kbp_dump_gpl(void);
static int __init kinds_fatal_init(void) { return kbp_dump_unused_gpl() + kbp_dump_gpl(); }
module_init(kinds_fatal_init);
MODULE_LICENSE("Proprietary");
MODULE_IMPORT_NS(KBP_NS);
