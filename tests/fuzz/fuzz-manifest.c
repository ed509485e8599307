// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: the manifest loader (libyaml, then the schema checks)
 * on arbitrary bytes, and what pack and verify do with a set it accepts:
 * conditions against a config, ${SRCARCH} expansion, the globs of a walk. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "kernel/kconfig.h"
#include "rules/manifest.h"
#include "shared/glob.h"
#include "shared/log.h"
#include "shared/array.h"

/* manifest_load() reads a path: the input is the content of a memfd. */
static int fd = -1;
static char path[64];

static const char *const paths[] = { "Makefile", "include/linux/module.h", "arch/x86/include/asm/x.h",
				     "scripts/basic/fixdep", "a/b/c/d/e" };

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	log_init("fuzz-manifest", LOG_QUIET);
	fd = memfd_create("manifest.yaml", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return 0;
}

static void use_rule(const struct manifest_set *ms, const struct rule *r, const struct kconfig *kc)
{
	struct ptrarray excl = manifest_excludes(ms, r, "x86");
	char *why;

	(void)rule_applies(r, kc, 6, 1);
	why = rule_why(r, kc);
	free(why);
	for (size_t i = 0; i < r->ninclude; i++) {
		char *pat = manifest_expand(r->include[i], "x86");
		char *prefix = glob_literal_prefix(pat);

		for (size_t j = 0; j < sizeof(paths) / sizeof(paths[0]); j++) {
			(void)glob_match(pat, paths[j]);
			(void)glob_may_match_below(pat, paths[j]);
			(void)glob_match_or_parent(pat, paths[j]);
			(void)glob_match_any(&excl, paths[j]);
		}
		(void)glob_has_magic(pat);
		free(prefix);
		free(pat);
	}
	ptrarray_free(&excl, free);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Sorted by name, as kconfig_get() looks them up. */
	struct kconfig_sym syms[] = { { "CONFIG_HZ", "250" }, { "CONFIG_MODULES", "y" }, { "CONFIG_X86", "y" } };
	struct kconfig kc = { .v = syms, .n = sizeof(syms) / sizeof(syms[0]) };
	struct manifest_set ms = { 0 };

	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	if (manifest_load(&ms, path) == 0)
		for (size_t i = 0; i < ms.nrules; i++)
			use_rule(&ms, ms.rules[i], &kc);
	manifest_set_release(&ms);
	return 0;
}
