// SPDX-License-Identifier: GPL-2.0
/* 6.16+: EXPORT_SYMBOL_FOR_MODULES, a "module:" namespace that lists the
 * modules (tail globs allowed) that may use the symbol without importing */
#include <linux/module.h>

int kbp_nsm_fn(int v) { return v + 1; }
EXPORT_SYMBOL_FOR_MODULES(kbp_nsm_fn, "kbp_nsm_user,kbp_nsm_glob*");

int kbp_nsm_one(int v) { return v + 2; }
EXPORT_SYMBOL_FOR_MODULES(kbp_nsm_one, "kbp_nsm_user");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: exports for named modules");
