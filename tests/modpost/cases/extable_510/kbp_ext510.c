// SPDX-License-Identifier: GPL-2.0
/* __ex_table entries that 5.10's modpost objects to: a fixup in an
 * executable section it does not list (a warning), then an entry whose
 * fault address lies in data. 5.10 takes the entry size from the second
 * relocation (8 on x86-64, whose entries are 12 bytes), so it calls the
 * fault address of the second entry (offset 12) a fixup. Other
 * architectures get an empty module. */
#include <linux/module.h>
#ifdef CONFIG_X86
#include <asm/asm.h>

asm("	.pushsection .kbp.fixup, \"ax\"\n"
    "kbp_ext_fixup:\n"
    "	ret\n"
    "	.popsection\n"
    "	.pushsection .rodata\n"
    "kbp_ext_data:\n"
    "	.long 0\n"
    "	.popsection\n");

noinline void kbp_ext_probe(void)
{
	asm volatile("1:	nop\n"
		     _ASM_EXTABLE(1b, kbp_ext_fixup)
		     _ASM_EXTABLE(kbp_ext_data, 1b));
}
EXPORT_SYMBOL(kbp_ext_probe);
#endif

MODULE_LICENSE("GPL");
