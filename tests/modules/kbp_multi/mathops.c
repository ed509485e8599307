// SPDX-License-Identifier: GPL-2.0
#include "kbp_multi.h"

int kbp_multi_sum(const int *v, int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

int kbp_multi_scale(int v, int factor)
{
	return v * factor;
}
