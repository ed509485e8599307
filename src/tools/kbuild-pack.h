/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One file per subcommand, as kmod's tools/. */
#pragma once

/* Exit statuses: documented in kbuild-pack(1). */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

struct kbp_cmd {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help;
};

/* --max-extract-size of verify and diff; prints the usage error itself. */
int kbp_parse_max_extract_size(const char *arg);

extern const struct kbp_cmd kbp_cmd_pack;
extern const struct kbp_cmd kbp_cmd_verify;
extern const struct kbp_cmd kbp_cmd_diff;
