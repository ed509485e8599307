// SPDX-License-Identifier: GPL-2.0-or-later
/* Loads manifests and prints their rules in one canonical form, so the
 * parser is tested by comparing text against expected files. */
#include <stdio.h>

#include "rules/manifest.h"
#include "shared/log.h"

static const char *const ops[] = { ['<'] = "<", ['l'] = "<=", ['>'] = ">", ['g'] = ">=", ['='] = "=" };

int main(int argc, char *argv[])
{
	struct manifest_set ms = { 0 };
	int r = 0;

	log_init("dump-manifest", LOG_WARN);
	for (int i = 1; r == 0 && i < argc; i++)
		r = manifest_load(&ms, argv[i]);
	if (r < 0) {
		manifest_set_release(&ms);
		return 1;
	}
	for (size_t i = 0; i < ms.nexclude; i++)
		printf("exclude %s\n", ms.exclude[i]);
	for (size_t i = 0; i < ms.nrules; i++) {
		const struct rule *ru = ms.rules[i];
		printf("rule %s from=%s required=%d line=%u\n", ru->name, origin_name(ru->from), ru->required, ru->line);
		for (size_t j = 0; j < ru->ninclude; j++)
			printf("  include %s\n", ru->include[j]);
		for (size_t j = 0; j < ru->nexclude; j++)
			printf("  exclude %s\n", ru->exclude[j]);
		for (size_t j = 0; j < ru->nwhen; j++)
			printf("  when %s%s%s%s\n", ru->when[j].negate ? "!" : "", ru->when[j].sym,
			       ru->when[j].value ? "=" : "", ru->when[j].value ? ru->when[j].value : "");
		for (size_t j = 0; j < 2; j++)
			if (ru->kernel[j].op)
				printf("  kernel %s %d.%d\n", ops[ru->kernel[j].op], ru->kernel[j].version, ru->kernel[j].patchlevel);
		for (size_t j = 0; j < ru->nexpect; j++)
			printf("  expect %s%s\n", ru->expect[j].path, ru->expect[j].executable ? " executable" : "");
		if (ru->strip_debug)
			printf("  strip debug\n");
	}
	manifest_set_release(&ms);
	return 0;
}
