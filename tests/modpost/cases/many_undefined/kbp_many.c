// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
int kbp_missing_1(void);
int kbp_missing_2(void);
int kbp_missing_3(void);
int kbp_missing_4(void);
int kbp_missing_5(void);
int kbp_missing_6(void);
int kbp_missing_7(void);
int kbp_missing_8(void);
int kbp_missing_9(void);
int kbp_missing_10(void);
int kbp_missing_11(void);
int kbp_missing_12(void);
int kbp_missing_13(void);
static int __init many_init(void) { return 0
  + kbp_missing_1()
  + kbp_missing_2()
  + kbp_missing_3()
  + kbp_missing_4()
  + kbp_missing_5()
  + kbp_missing_6()
  + kbp_missing_7()
  + kbp_missing_8()
  + kbp_missing_9()
  + kbp_missing_10()
  + kbp_missing_11()
  + kbp_missing_12()
  + kbp_missing_13()
; }
module_init(many_init);
MODULE_LICENSE("GPL");
