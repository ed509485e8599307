// SPDX-License-Identifier: GPL-2.0
/* Data symbols named *_probe that point at __init code: whitelisted up
 * to 6.12, a section mismatch in 7.2 (which keeps *_ops and *_console). */
#include <linux/module.h>
#include <linux/init.h>

static noinline int __init kbp_secprobe_setup(int v) { return v + 1; }

int (*kbp_secprobe_probe)(int) = kbp_secprobe_setup;
int (*kbp_secprobe_ops)(int) = kbp_secprobe_setup;

static int __init secprobe_init(void) { return kbp_secprobe_probe(0) + kbp_secprobe_ops(0) - 2; }
module_init(secprobe_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: the *_probe whitelist entry");
