// SPDX-License-Identifier: GPL-2.0
/* 5.10 keeps one symbol per name: with -e, an export of another external
 * module's symbol takes it over without a word (the last one wins, also
 * over a symbol dump's module); only vmlinux's or its own warn. */
#include <linux/module.h>
int kbp_dup_sym(int v) { return v + 1; }
EXPORT_SYMBOL(kbp_dup_sym);
int kbp_dup_extra(int v) { return v + 2; }
EXPORT_SYMBOL_GPL(kbp_dup_extra);
MODULE_LICENSE("GPL");
