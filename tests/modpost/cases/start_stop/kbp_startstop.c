// SPDX-License-Identifier: GPL-2.0
/* Section bounds (__start_<sec>, __stop_<sec>) stay undefined in a module
 * object, the final link defines them: 7.2 ignores them, 6.x calls them
 * undefined. */
#include <linux/module.h>

static const int kbp_ss_entry __used __section("kbp_ss_set") = 1;
extern const int __start_kbp_ss_set[], __stop_kbp_ss_set[];

static int __init startstop_init(void) { return (int)(__stop_kbp_ss_set - __start_kbp_ss_set) - 1; }
module_init(startstop_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-modpost test: section bounds");
