// SPDX-License-Identifier: GPL-2.0
/* second object of kbpx; "comments" and strings count for srcversion */
#include <linux/module.h>
#include "helpers.h"

int kbpx_ns(int v) { return v - KBPX_BIAS; }
EXPORT_SYMBOL_NS(kbpx_ns, KBPX_NS_NAME);

int kbpx_ns_gpl(int v) { return v ^ 0x55; }
EXPORT_SYMBOL_NS_GPL(kbpx_ns_gpl, KBPX_NS_NAME);

const char kbpx_name[] = "kbpx  with   spaces";
EXPORT_SYMBOL_GPL(kbpx_name);
