// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/layouts.h"

#include <string.h>

#include "shared/alloc.h"
#include "shared/macro.h"

char *split_headers_dir(const char *name)
{
	return xasprintf("usr/src/linux-headers-%s", name);
}

static char *parts_common(const char *common_name)
{
	(void)common_name;
	return xstrdup("common");
}

static char *parts_flavour(const char *tree_name, const char *release)
{
	(void)release;
	return xasprintf("flavour-%s", tree_name);
}

static char *parts_kbuild_dir(const char *common_name, const char *kbuild_name, const char *arch)
{
	(void)kbuild_name;
	return xasprintf("usr/src/linux-kbuild-%s-%s", common_name, arch);
}

static char *parts_kbuild_check(const char *kbuild_name)
{
	(void)kbuild_name;
	return xstrdup("");
}

const struct split_layout_kind split_layout_parts = {
	.name = "parts",
	.whose = "the plain",
	.common_part = parts_common,
	.flavour_part = parts_flavour,
	.kbuild_dir = parts_kbuild_dir,
	.kbuild_check = parts_kbuild_check,
};

static char *debian_common(const char *common_name)
{
	return xasprintf("linux-headers-%s", common_name);
}

static char *debian_flavour(const char *tree_name, const char *release)
{
	(void)tree_name;
	return xasprintf("linux-headers-%s", release);
}

static char *debian_kbuild_dir(const char *common_name, const char *kbuild_name, const char *arch)
{
	(void)common_name;
	(void)arch;
	return xasprintf("usr/src/linux-kbuild-%s", kbuild_name);
}

static char *debian_kbuild_check(const char *kbuild_name)
{
	return xasprintf("ifeq ($(wildcard $(kbp-here)/../linux-kbuild-%s/scripts/basic/fixdep),)\n"
			 "$(error $(kbp-here) needs the host programs of Linux %s, linux-kbuild-%s, in "
			 "$(abspath $(kbp-here)/../linux-kbuild-%s): it is not installed)\n"
			 "endif\n",
			 kbuild_name, kbuild_name, kbuild_name, kbuild_name);
}

const struct split_layout_kind split_layout_debian = {
	.name = "debian",
	.whose = "Debian's",
	.common_from_source = true,
	.kbuild_part = true,
	.flavour_per_release = true,
	.common_part = debian_common,
	.flavour_part = debian_flavour,
	.kbuild_dir = debian_kbuild_dir,
	.kbuild_check = debian_kbuild_check,
};

const struct split_layout_kind *split_layout_named(const char *name)
{
	static const struct split_layout_kind *const all[] = { &split_layout_parts, &split_layout_debian };

	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}
