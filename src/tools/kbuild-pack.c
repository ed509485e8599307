// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack: subcommand dispatch. Without a subcommand, "pack" runs. */
#include <stdio.h>
#include <string.h>

#include <errno.h>

#include "config.h"
#include "inspect/packed-tree.h"
#include "kbuild-pack.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/str.h"

int kbp_parse_size(void *field, const char *arg)
{
	uint64_t *v = field;

	return parse_size(arg, v) < 0 || !*v ? -EINVAL : 0;
}

int kbp_parse_count(void *field, const char *arg)
{
	size_t digits = strspn(arg, "0123456789");

	return !digits || arg[digits] ? -EINVAL : kbp_parse_size(field, arg);
}

static const struct kbp_cmd *const cmds[] = {
	&kbp_cmd_pack,
	&kbp_cmd_split,
	&kbp_cmd_verify,
	&kbp_cmd_diff,
	&kbp_cmd_audit,
	&kbp_cmd_rpm_files,
	&kbp_cmd_rpm_deps,
	&kbp_cmd_release,
};

static int run_cmd(const struct kbp_cmd *c, int argc, char *argv[])
{
	if (c->stoppable)
		interrupt_install_handlers();
	return c->run(argc, argv);
}

int main(int argc, char *argv[])
{
	log_init("kbuild-pack", LOG_WARN);
	if (argc > 1 && argv[1][0] != '-') {
		for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
			if (!strcmp(argv[1], cmds[i]->name))
				return run_cmd(cmds[i], argc - 1, argv + 1);
		/* Exact text checked by tests/cli (usage-unknown-command). */
		log_err("unknown command '%s' (see kbuild-pack --help)", argv[1]);
		return EXIT_USAGE;
	}
	return run_cmd(&kbp_cmd_pack, argc, argv);
}
