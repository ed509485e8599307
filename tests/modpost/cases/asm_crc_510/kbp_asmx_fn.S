/* SPDX-License-Identifier: GPL-2.0 */
/* An assembly export with no prototype in <asm/asm-prototypes.h>:
 * genksyms gives it no CRC, its weak __crc_ stays undefined. */
#include <linux/linkage.h>
#include <asm-generic/export.h>

SYM_FUNC_START(kbp_asmx_fn)
	ret
SYM_FUNC_END(kbp_asmx_fn)
EXPORT_SYMBOL(kbp_asmx_fn)
