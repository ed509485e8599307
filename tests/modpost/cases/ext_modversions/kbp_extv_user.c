// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_extv_a_symbol_name_that_is_longer_than_fifty_five_characters(int v);
int kbp_extv_short(int v);
static int __init extv_user_init(void)
{
	return kbp_extv_short(kbp_extv_a_symbol_name_that_is_longer_than_fifty_five_characters(1)) - 2;
}
module_init(extv_user_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: uses a long exported name");
