/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A parsed .config or include/config/auto.conf. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

struct kconfig_sym {
	char *name;  /* "CONFIG_FOO" */
	char *value; /* "y", "m", "42", string without its quotes */
};

struct kconfig {
	struct kconfig_sym *v;
	size_t n;
	char *header_arch; /* ARCH from "# Linux/<arch> <ver> Kernel Configuration", or NULL */
};

/* Negative errno on failure; -EINVAL with *errmsg "FILE:LINE: ..." on a bad line. */
int kconfig_read(const char *path, struct kconfig *kc, char **errmsg);
/* NULL when unset. */
const char *kconfig_get(const struct kconfig *kc, const char *name);
/* y or m. */
bool kconfig_enabled(const struct kconfig *kc, const char *name);
void kconfig_release(struct kconfig *kc);
