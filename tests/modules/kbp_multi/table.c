// SPDX-License-Identifier: GPL-2.0
#include "kbp_multi.h"

const int kbp_multi_table[KBP_MULTI_TABLE_LEN] = { 1, 2, 3, 4, 5, 6, 7, 8 };
