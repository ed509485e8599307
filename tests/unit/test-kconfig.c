// SPDX-License-Identifier: GPL-2.0-or-later
#include "kernel/kconfig.h"
#include "kernel/target.h"
#include "kernel/tree.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "testsuite.h"

DEFINE_TEST(kconfig_values)
{
	_cleanup_free_ char *p = path_join(test_data_dir(), "dot-config");
	struct kconfig kc;
	char *err = NULL;

	assert_int_eq(kconfig_read(p, &kc, &err), 0);
	assert_str_eq(kc.header_arch, "x86");
	/* "# Linux/x86" in its header, but no arch symbol: no arch. */
	assert_true(target_srcarch_of_config(&kc) == NULL);
	assert_str_eq(kconfig_get(&kc, "CONFIG_MODULES"), "y");
	assert_str_eq(kconfig_get(&kc, "CONFIG_CRC7"), "m");
	assert_true(kconfig_enabled(&kc, "CONFIG_CRC7"));
	assert_false(kconfig_enabled(&kc, "CONFIG_MODULE_SIG"));
	assert_str_eq(kconfig_get(&kc, "CONFIG_MODULE_SIG_KEY"), "certs/my \"key\".pem");
	assert_str_eq(kconfig_get(&kc, "CONFIG_NR_CPUS"), "8");
	assert_true(kconfig_get(&kc, "CONFIG_NOPE") == NULL);
	kconfig_release(&kc);
}

DEFINE_TEST(kconfig_bad_line)
{
	_cleanup_free_ char *p = path_join(test_data_dir(), "bad-config");
	struct kconfig kc;
	char *err = NULL;
	_cleanup_free_ char *want = xasprintf("%s:3: not a CONFIG_ assignment", p);

	assert_int_eq(kconfig_read(p, &kc, &err), -22);
	assert_str_eq(err, want);
	free(err);
}
