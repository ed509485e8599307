// SPDX-License-Identifier: GPL-2.0
/* References that outlive the sections they point into: what modpost's
 * section-mismatch check reports, and what its whitelist lets through. */
#include <linux/module.h>
#include <linux/init.h>

static noinline int __init kbp_secm_setup(int v) { return v + 1; }
static int kbp_secm_initdata __initdata = 5;
static noinline void __exit kbp_secm_teardown(void) { barrier(); }

/* .text -> .init.text and .text -> .init.data */
noinline int kbp_secm_late(int v) { return kbp_secm_setup(v) + kbp_secm_initdata; }
EXPORT_SYMBOL(kbp_secm_late);

/* .data -> .init.text: reported for a plain table ... */
int (*kbp_secm_table[2])(int) = { kbp_secm_setup, NULL };
/* ... whitelisted for an *_ops structure */
struct kbp_secm_ops { int (*fn)(int); };
struct kbp_secm_ops kbp_secm_ops = { .fn = kbp_secm_setup };

/* an exported __init function */
int __init kbp_secm_init_export(int v) { return v; }
EXPORT_SYMBOL_GPL(kbp_secm_init_export);

/* .init.text -> .exit.text */
static int __init kbp_secm_init(void)
{
	kbp_secm_teardown();
	return kbp_secm_late(1) + kbp_secm_table[0](2) + kbp_secm_ops.fn(3) - 10;
}

static void __exit kbp_secm_exit(void) { }

module_init(kbp_secm_init);
module_exit(kbp_secm_exit);
MODULE_LICENSE("GPL");
