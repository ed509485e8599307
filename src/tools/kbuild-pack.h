/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One file per subcommand, as kmod's tools/. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Exit statuses: documented in kbuild-pack(1). */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

struct kbp_cmd {
	const char *name;
	int (*run)(int argc, char *argv[]);
	/* It writes or holds scratch: a stop signal (SIGINT, SIGTERM, SIGHUP)
	 * is noted and the command cleans up on its way out (shared/
	 * interrupt.h). main installs the handlers, for every such command
	 * alike; the others die of the signal as it comes. */
	bool stoppable;
};

/* An OPT_CALLBACK parser for sizes (4G, 512M, bytes; not 0) into a uint64_t. */
int kbp_parse_size(void *field, const char *arg);
/* An OPT_CALLBACK parser for counts (decimal digits; not 0) into a uint64_t. */
int kbp_parse_count(void *field, const char *arg);
/* --max-extract-size and --max-extract-entries of verify and diff
 * (inspect/packed-tree.h), at offset v of a struct packed_opts; with options.h. */
#define OPT_MAX_EXTRACT(v)                                                                                        \
	OPT_CALLBACK(0, "max-extract-size", (v) + offsetof(struct packed_opts, max_extract_size), "SIZE",             \
		     "refuse an archive that extracts to more (default 4G;\n"                                            \
		     "each entry counts 512 bytes beside its name, link and data)",                                     \
		     kbp_parse_size, "--max-extract-size takes a size such as 4G, 512M or a number of bytes, not '%s'"), \
	OPT_CALLBACK(0, "max-extract-entries", (v) + offsetof(struct packed_opts, max_extract_entries), "N",          \
		     "refuse an archive of more files, links and directories\n"                                         \
		     "(default 262144)",                                                                                \
		     kbp_parse_count, "--max-extract-entries takes a number of entries such as 100000, not '%s'")

/* OPT_CALLBACK parsers of pack's options that split takes too (tools/pack.c). */
int kbp_parse_modpost(void *value, const char *arg);
int kbp_parse_host_tools(void *value, const char *arg);
int kbp_parse_vmlinux(void *value, const char *arg);
int kbp_parse_format(void *value, const char *arg);
int kbp_add_manifest(void *value, const char *arg);
/* The "Rules:" options of pack and split (pack/pack.h's struct pack_rules,
 * at offset r of the command's struct; m: its ptrarray of --manifest); with
 * options.h and pack/pack.h. Not --cross-compile: a split's trees are of
 * several architectures, each tree's compiler is its own. */
#define OPT_PACK_RULES(r, m)                                                                                          \
	OPT_GROUP("Rules:"),                                                                                          \
	OPT_STRING('M', "manifest-dir", (r) + offsetof(struct pack_rules, manifest_dir), "DIR",                          \
		   "manifests to use (default: the installed ones)"),                                                 \
	OPT_CALLBACK('m', "manifest", (m), "FILE", "extra manifest applied after the built-in ones (repeatable)",      \
		     kbp_add_manifest, NULL),                                                                           \
	OPT_BOOL(0, "allow-missing-symvers", (r) + offsetof(struct pack_rules, allow_missing_symvers),                  \
		 "pack a tree without Module.symvers (warning only)"),                                                 \
	OPT_BOOL(0, "allow-outside-links", (r) + offsetof(struct pack_rules, allow_outside_links),                      \
		 "keep symlinks that leave the trees as links (default: refuse)"),                                     \
	OPT_CALLBACK(0, "modpost", (r) + offsetof(struct pack_rules, modpost), "=tree|bundled",                         \
		     "keep the tree's scripts/mod/modpost (default) or\n"                                               \
		     "install kbuild-modpost in its place",                                                             \
		     kbp_parse_modpost, "--modpost takes 'tree' or 'bundled', not '%s'"),                               \
	OPT_CALLBACK(0, "host-tools", (r) + offsetof(struct pack_rules, host_tools), "=build|target",                   \
		     "keep the tree's host programs, built for the build\n"                                             \
		     "machine (default), or rebuild them with the target's\n"                                           \
		     "compiler for the machine the tree is installed on",                                               \
		     kbp_parse_host_tools, "--host-tools takes 'build' or 'target', not '%s'"),                         \
	OPT_STRING(0, "cross-compile", (r) + offsetof(struct pack_rules, cross_compile), "PREFIX",                      \
		   "target compiler PREFIXgcc for --host-tools=target\n"                                              \
		   "(default: from CONFIG_CC_VERSION_TEXT)"),                                                         \
	OPT_CALLBACK(0, "vmlinux", (r) + offsetof(struct pack_rules, vmlinux), "=btf|full|none",                        \
		     "with CONFIG_DEBUG_INFO_BTF_MODULES, the vmlinux modules\n"                                        \
		     "take their BTF base from: only its .BTF section (default),\n"                                     \
		     "stripped of debug info, or none (modules get no BTF)",                                            \
		     kbp_parse_vmlinux, "--vmlinux takes 'btf', 'full' or 'none', not '%s'")

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
