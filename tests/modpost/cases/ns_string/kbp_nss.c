// SPDX-License-Identifier: GPL-2.0
/* 6.13+: namespaces are string literals */
#include <linux/module.h>

int kbp_nss_fn(int v) { return v + 1; }
EXPORT_SYMBOL_NS_GPL(kbp_nss_fn, "KBP_STR_NS");

int kbp_nss_data = 4;
EXPORT_SYMBOL_NS(kbp_nss_data, "KBP_STR_NS.sub");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: string namespaces");
