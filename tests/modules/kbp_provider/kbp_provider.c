// SPDX-License-Identifier: GPL-2.0
/* kbp_provider: exports symbols for kbp_consumer (one plain, one GPL-only). */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

struct kbp_pair {
	int a;
	long b;
};

int kbp_provider_add(int a, int b)
{
	return a + b;
}
EXPORT_SYMBOL(kbp_provider_add);

long kbp_provider_mix(const struct kbp_pair *p)
{
	return p->a * 1000L + p->b;
}
EXPORT_SYMBOL_GPL(kbp_provider_mix);

static int __init kbp_provider_init(void)
{
	pr_info("kbp_provider: loaded\n");
	return 0;
}

static void __exit kbp_provider_exit(void)
{
	pr_info("kbp_provider: unloaded\n");
}

module_init(kbp_provider_init);
module_exit(kbp_provider_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kbuild-pack test: symbol provider");
