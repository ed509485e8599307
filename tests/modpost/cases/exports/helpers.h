/* SPDX-License-Identifier: GPL-2.0 */
#include <linux/version.h>
#define KBPX_BIAS 7 /* a comment */
/* namespaces are string literals since 6.13 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define KBPX_NS_NAME "KBPX_NS"
#else
#define KBPX_NS_NAME KBPX_NS
#endif
