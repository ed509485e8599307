// SPDX-License-Identifier: GPL-2.0
/* The export kinds only 5.10 has (EXPORT_UNUSED_SYMBOL[_GPL],
 * EXPORT_SYMBOL_GPL_FUTURE), an export of a static function, a symbol
 * vmlinux exports already, and a namespace string without its export. */
#include <linux/module.h>
#include <linux/init.h>

int kbp_x510_unused(int v) { return v + 1; }
EXPORT_UNUSED_SYMBOL(kbp_x510_unused);

int kbp_x510_unused_gpl(int v) { return v + 2; }
EXPORT_UNUSED_SYMBOL_GPL(kbp_x510_unused_gpl);

int kbp_x510_future(int v) { return v + 3; }
EXPORT_SYMBOL_GPL_FUTURE(kbp_x510_future);

int kbp_x510_ns(int v) { return v + 4; }
EXPORT_SYMBOL_NS(kbp_x510_ns, KBP_X510_NS);
int kbp_x510_ns2(int v) { return v + 6; }
EXPORT_SYMBOL_NS(kbp_x510_ns2, KBP_X510_NS2);

/* "is a static EXPORT_SYMBOL" */
static int kbp_x510_static(int v) { return v + 5; }
EXPORT_SYMBOL(kbp_x510_static);

/* vmlinux exports it already: "exported twice" (linux/vt.h not included) */
int unregister_vt_notifier(void *nb) { return 0; }
EXPORT_SYMBOL_GPL(unregister_vt_notifier);

/* a namespace string with no __ksymtab_ entry: "Could not update namespace" */
asm("	.section \"__ksymtab_strings\",\"aMS\",%progbits,1\n"
    "__kstrtabns_kbp_x510_ghost:\n"
    "	.asciz \"\"\n"
    "	.previous\n");

static int __init x510_init(void) { return kbp_x510_static(0); }
module_init(x510_init);
MODULE_LICENSE("GPL");
