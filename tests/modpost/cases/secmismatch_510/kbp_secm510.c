// SPDX-License-Identifier: GPL-2.0
/* 5.10's section-mismatch kinds the common cases do not reach, each with
 * its own explanation: meminit/memexit, references to exit sections,
 * exit to init, the per-check data whitelists, and what 5.10 skips. */
#include <linux/module.h>
#include <linux/init.h>

static noinline int __init kbp_s5_init_fn(int v) { return v + 1; }
static noinline void __exit kbp_s5_exit_fn(void) { barrier(); }
static int kbp_s5_exitdata __exitdata = 6;
static noinline int __meminit kbp_s5_meminit_fn(int v) { return kbp_s5_init_fn(v) + 2; }
static noinline void __memexit kbp_s5_memexit_fn(void) { kbp_s5_exit_fn(); }

/* .text -> .exit.text, .text -> .meminit.text, .text -> .memexit.text */
noinline void kbp_s5_text_exit(void) { kbp_s5_exit_fn(); }
EXPORT_SYMBOL(kbp_s5_text_exit);
noinline int kbp_s5_text_meminit(int v) { return kbp_s5_meminit_fn(v); }
EXPORT_SYMBOL(kbp_s5_text_meminit);
noinline void kbp_s5_text_memexit(void) { kbp_s5_memexit_fn(); }
EXPORT_SYMBOL(kbp_s5_text_memexit);

/* .data -> .exit.text and .exit.data: the exit whitelist is printed */
void (*kbp_s5_exit_table[1])(void) = { kbp_s5_exit_fn };
int *kbp_s5_exitdata_ptr = &kbp_s5_exitdata;

/* *driver may point at meminit, not at init */
struct kbp_s5_drv { int (*probe)(int); };
struct kbp_s5_drv kbp_s5_mem_driver = { kbp_s5_meminit_fn };
struct kbp_s5_drv kbp_s5_init_driver = { kbp_s5_init_fn };
/* *_probe_one may point at init */
struct kbp_s5_drv kbp_s5_probe_one = { kbp_s5_init_fn };

/* a .text.* section is other text: no check (global: no .constprop clone,
 * which a whitelist would let through anyway) */
noinline __section(".text.kbp_s5") int kbp_s5_other_text(int v) { return kbp_s5_init_fn(v); }
EXPORT_SYMBOL(kbp_s5_other_text);

/* function-local statics are named <name>.<n>; modpost cuts the
 * ".<n>" off in the string table itself, so the section-mismatch check
 * sees (and the *_ops whitelist matches) the bare names */
noinline void *kbp_s5_local(int i)
{
	static int (*kbp_s5_fn_ops[2])(int) = { kbp_s5_init_fn, NULL };
	static int (*kbp_s5_fn_tab[2])(int) = { kbp_s5_init_fn, NULL };

	return i ? (void *)kbp_s5_fn_ops : (void *)kbp_s5_fn_tab;
}
EXPORT_SYMBOL(kbp_s5_local);

/* an initcall reference: skipped */
int (*reference___initcall_kbp_s5)(int) = kbp_s5_init_fn;

static int __init kbp_s5_init(void)
{
	return kbp_s5_other_text(0) + kbp_s5_text_meminit(1) + kbp_s5_exit_table[0] ? 0 : 1;
}

/* .exit.text -> .init.text */
int kbp_s5_sink;
static void __exit kbp_s5_exit(void)
{
	kbp_s5_sink = kbp_s5_init_fn(kbp_s5_sink);
	kbp_s5_memexit_fn();
}

module_init(kbp_s5_init);
module_exit(kbp_s5_exit);
MODULE_LICENSE("GPL");
