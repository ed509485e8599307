/* SPDX-License-Identifier: GPL-2.0 */
/* private header of kbp_multi, found via ccflags-y := -I$(src)/include */
#ifndef KBP_MULTI_H
#define KBP_MULTI_H

#define KBP_MULTI_TABLE_LEN 8

extern const int kbp_multi_table[KBP_MULTI_TABLE_LEN];
int kbp_multi_sum(const int *v, int n);
int kbp_multi_scale(int v, int factor);

#endif
