// SPDX-License-Identifier: GPL-2.0
/* Non-allocated PROGBITS sections: modpost warns about them unless they
 * are whitelisted; 7.2 adds __llvm_covfun, __llvm_covmap and .klp.symid. */
#include <linux/module.h>

asm(".pushsection .klp.symid, \"\", @progbits\n\t.long 1\n\t.popsection\n"
    ".pushsection __llvm_covfun, \"\", @progbits\n\t.long 2\n\t.popsection\n"
    ".pushsection __llvm_covmap, \"\", @progbits\n\t.long 3\n\t.popsection\n"
    ".pushsection .kbp_not_listed, \"\", @progbits\n\t.long 4\n\t.popsection\n");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: non-allocated sections");
