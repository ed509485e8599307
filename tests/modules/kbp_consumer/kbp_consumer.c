// SPDX-License-Identifier: GPL-2.0
/* kbp_consumer: calls the exports of kbp_provider. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

struct kbp_pair {
	int a;
	long b;
};

extern int kbp_provider_add(int a, int b);
extern long kbp_provider_mix(const struct kbp_pair *p);

static int __init kbp_consumer_init(void)
{
	struct kbp_pair p = { .a = 4, .b = 2 };

	pr_info("kbp_consumer: loaded, kbp_provider_add(40,2)=%d kbp_provider_mix=%ld\n",
		kbp_provider_add(40, 2), kbp_provider_mix(&p));
	return 0;
}

static void __exit kbp_consumer_exit(void)
{
	pr_info("kbp_consumer: unloaded\n");
}

module_init(kbp_consumer_init);
module_exit(kbp_consumer_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-pack test: symbol consumer");
