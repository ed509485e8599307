/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One file per subcommand, as kmod's tools/. */
#pragma once

#include <stdint.h>

/* Exit statuses: documented in kbuild-pack(1). */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

struct kbp_cmd {
	const char *name;
	int (*run)(int argc, char *argv[]);
};

/* An OPT_CALLBACK parser for sizes (4G, 512M, bytes; not 0) into a uint64_t. */
int kbp_parse_size(void *field, const char *arg);
/* --max-extract-size of verify and diff (inspect/packed-tree.h); with options.h. */
#define OPT_MAX_EXTRACT_SIZE(v)                                                                          \
	OPT_CALLBACK(0, "max-extract-size", (v), "SIZE", "refuse an archive that extracts to more (default 4G)", \
		     kbp_parse_size, "--max-extract-size takes a size such as 4G, 512M or a number of bytes, not '%s'")

/* OPT_CALLBACK parsers of pack's options that split takes too (tools/pack.c). */
int kbp_parse_modpost(void *value, const char *arg);
int kbp_parse_host_tools(void *value, const char *arg);
int kbp_parse_vmlinux(void *value, const char *arg);
int kbp_parse_format(void *value, const char *arg);
int kbp_add_manifest(void *value, const char *arg);
/* --component NAME, checked (a part of a package name). */
int kbp_add_component(void *value, const char *arg);
/* SOURCE_DATE_EPOCH into *out (-1 when unset); -EINVAL when it is not seconds. */
int kbp_parse_sde(int64_t *out);

extern const struct kbp_cmd kbp_cmd_pack;
extern const struct kbp_cmd kbp_cmd_split;
extern const struct kbp_cmd kbp_cmd_verify;
extern const struct kbp_cmd kbp_cmd_diff;
extern const struct kbp_cmd kbp_cmd_audit;
extern const struct kbp_cmd kbp_cmd_rpm_files;
extern const struct kbp_cmd kbp_cmd_rpm_deps;
extern const struct kbp_cmd kbp_cmd_release;
